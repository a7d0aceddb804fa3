#!/usr/bin/env bash
# Tests jf's Python wheel as its users get it (docs/python.md, docs/spark.md):
#
#   1. makes the wheel of the binary given (scripts/wheel.sh) and checks it with `auditwheel show`;
#   2. installs it into a fresh virtual environment, with pytest, pandas and pyarrow;
#   3. runs the Python tests (python/tests) there, against the wheel's package and binary;
#   4. packs that environment with venv-pack and submits a PySpark job on local[2] that ships
#      it with `spark-submit --archives`, evaluating 3,000 generated JoyDocs with
#      jf.spark.evaluate on the executors, compared line for line with a direct `jf run --jsonl`;
#   5. installs the wheel as a user does, alone and with each extra (`jf[pandas]`, `jf[spark]`),
#      each into a fresh environment of its own, and uses what that extra is for
#      (python/tests/extra_check.py): an extra that lacks a dependency fails here (skipped
#      with --no-extras, as `swift test` does: .ci/run runs them on the release wheel).
#
#   scripts/python-test.sh --binary .build/release/jf
#
# Nothing is fetched: the environment is filled from a folder of wheels (.build/python/wheelhouse,
# made once by `scripts/python-test.sh --download`, which .ci/run does), Spark binds to the
# loopback address with its UI off. Needs Java 17, PySpark (its spark-submit), venv-pack, and
# what scripts/wheel.sh needs. Without --binary it builds the release binary first.
set -euo pipefail
cd "$(dirname "$0")/.."

wheelhouse=$PWD/.build/python/wheelhouse
# The test environment's packages, pinned: PyPI's wheels for this Python. The wheelhouse also
# holds what the extras bring (PySpark, as a wheel built once from its source distribution).
packages=(pytest==9.2.0 pandas==2.3.3 pyarrow==21.0.0)
extras=(pyspark==4.0.1)
binary=""
extras_check=yes
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) binary="$2"; shift 2 ;;
    --no-extras) extras_check=""; shift ;;
    --download) mkdir -p "$wheelhouse"; python3 -m pip wheel --quiet --wheel-dir "$wheelhouse" "${packages[@]}" "${extras[@]}"; exit 0 ;;
    -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "python-test: unknown argument '$1' (see scripts/python-test.sh --help)" >&2; exit 2 ;;
  esac
done
[ -d "$wheelhouse" ] || { echo "python-test: no $wheelhouse: run scripts/python-test.sh --download once" >&2; exit 2; }

work=.build/python
rm -rf "$work/dist" "$work/venv" "$work/jf-venv.tar.gz" "$work/environment"
echo "== the wheel" >&2
wheel=$(scripts/wheel.sh ${binary:+--binary "$binary"} --out "$work/dist")
echo "$wheel" >&2
python3 -m auditwheel show "$wheel" >&2

echo "== a fresh virtual environment with the wheel" >&2
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet --no-index --find-links "$wheelhouse" "${packages[@]}" "$wheel"
# The wheel's binary needs no Swift toolchain: every library it loads is the system's or the
# wheel's own (jf.libs), and the launcher on PATH runs it with nothing else set.
installed=$("$work/venv/bin/python" -c 'import jf; print(jf.binary())')
outside=$(ldd "$installed" | awk '/not found/ {print; next} /=>/ {print $3}' | grep -v -E '^/(usr/)?lib(64)?/|/jf\.libs/' || true)
[ -z "$outside" ] || { echo "python-test: the wheel's jf loads libraries from outside the system and the wheel: $outside" >&2; exit 1; }
[ "$(env -i PATH=/usr/bin:/bin "$work/venv/bin/jf" eval '1 + 1')" = 2 ] || { echo "python-test: the installed jf does not run on its own" >&2; exit 1; }
# A binary that loads no library of its own (a release build) is installed as itself, no
# Python launcher in front of it; the manual and the completions come with it, where man finds them.
if ! ldd "${binary:-.build/release/jf}" | grep -q -E 'libedit|libswift'; then
  [ "$(head -c 4 "$work/venv/bin/jf")" = "$(printf '\177ELF')" ] || { echo "python-test: the wheel's bin/jf is not the ELF binary itself" >&2; exit 1; }
  echo "bin/jf is the ELF binary itself" >&2
fi
[ -f "$work/venv/share/man/man1/jf-run.1" ] && [ -f "$work/venv/share/bash-completion/completions/jf" ] \
  || { echo "python-test: the wheel installed no manual pages or completions under the environment's share/" >&2; exit 1; }
[ "$(env -i PATH="$PWD/$work/venv/bin:/usr/bin:/bin" man -w jf-run 2>/dev/null || echo "$PWD/$work/venv/share/man/man1/jf-run.1")" = "$PWD/$work/venv/share/man/man1/jf-run.1" ] \
  || { echo "python-test: man does not find the wheel's pages from the environment's bin/ on PATH" >&2; exit 1; }

echo "== the Python tests" >&2
# From the tests' folder, so that `import jf` is the installed package, not python/jf.
(cd python/tests && env -u JF_BINARY "$OLDPWD/$work/venv/bin/python" -m pytest -q -p no:cacheprovider . >&2)

echo "== a PySpark job shipping the packed environment (spark-submit --archives)" >&2
python3 -m venv_pack --quiet --prefix "$work/venv" --output "$work/jf-venv.tar.gz"
spark_home=$(python3 -c 'import os, pyspark; print(os.path.dirname(pyspark.__file__))')
export SPARK_LOCAL_IP=127.0.0.1
export PYSPARK_DRIVER_PYTHON=$PWD/$work/venv/bin/python
export PYSPARK_PYTHON=./environment/bin/python
summary=$(cd "$work" && "$spark_home/bin/spark-submit" --master 'local[2]' \
  --conf spark.driver.host=127.0.0.1 --conf spark.driver.bindAddress=127.0.0.1 \
  --conf spark.ui.enabled=false --archives jf-venv.tar.gz#environment \
  "$OLDPWD/python/tests/spark_job.py" 3000 2>"spark.log") || { tail -40 "$work/spark.log" >&2; echo "$summary"; exit 1; }
echo "$summary"

[ -n "$extras_check" ] || exit 0
echo "== the wheel alone and with each extra, each in a fresh environment (pip install 'jf[EXTRA]')" >&2
for extra in "" pandas spark; do
  environment="$work/extra-${extra:-none}"
  rm -rf "$environment"
  python3 -m venv "$environment"
  "$environment/bin/pip" install --quiet --no-index --find-links "$wheelhouse" "$wheel${extra:+[$extra]}"
  # Spark's Python workers are the environment's, as on a cluster that ships it.
  (cd python/tests && env -u JF_BINARY -u PYSPARK_DRIVER_PYTHON PYSPARK_PYTHON="$OLDPWD/$environment/bin/python" \
    "$OLDPWD/$environment/bin/python" extra_check.py $extra >&2)
  rm -rf "$environment"
done
