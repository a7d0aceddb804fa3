#!/usr/bin/env bash
# Packs a release binary of jf for people without Swift, in two forms:
#
#   jf-VERSION-linux-ARCH.tar.gz   bin/jf, share/ (manual pages, bash/zsh/fish completions),
#                                  LICENSE, README.md and the third-party notices; installs with
#                                  tar -xzf jf-….tar.gz -C ~/.local --strip-components=1
#   jf_VERSION_DEBARCH.deb         the same as a Debian package (dpkg-deb): /usr/bin/jf, the
#                                  pages gzipped in /usr/share/man, completions where Debian's
#                                  shells look; installs with sudo apt-get install ./jf_….deb
#
#   scripts/package.sh --binary .build/release/jf [--out DIR]   # default DIR: .build/dist
#
# scripts/release.sh calls it after its build. The binary should be a release build, which links
# libedit statically (Package.swift): the package then depends only on libc6, libstdc++6 and
# libgcc-s1, and the versions it needs of them are read off the binary's symbols. The pages and
# completions are share/'s, as committed (scripts/share.sh). Prints the two files' paths.
set -euo pipefail
cd "$(dirname "$0")/.."

binary=""
out=.build/dist
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) binary="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "package: unknown argument '$1' (see scripts/package.sh --help)" >&2; exit 2 ;;
  esac
done
[ -n "$binary" ] && [ -x "$binary" ] || { echo "package: --binary PATH names no executable" >&2; exit 2; }
if ldd "$binary" | grep -q -E 'libedit|libswift'; then
  echo "package: $binary loads libedit or the Swift runtime as shared libraries: package a release build (scripts/release.sh)" >&2
  exit 2
fi
version=$("$binary" --version)
arch=$(uname -m)
case "$arch" in
  x86_64) debian_arch=amd64 ;;
  aarch64) debian_arch=arm64 ;;
  *) echo "package: no Debian architecture for $arch" >&2; exit 2 ;;
esac
# Every file gets the time of the commit built (reproducible archives), or now outside git.
epoch=$(git log -1 --format=%ct 2>/dev/null || date +%s)

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$out"

# The notices of what the binary carries: the Swift runtime and Foundation, the Swift packages
# it is built from, and the C libraries linked from their static archives.
notices=$stage/THIRD-PARTY-NOTICES
{
  echo "jf $version links the following software into its binary. Their licences follow."
  toolchain=$(dirname "$(readlink -f "$(command -v swiftc)")")/..
  for licence in "$toolchain/share/swift/LICENSE.txt" .build/checkouts/*/LICENSE.txt; do
    [ -f "$licence" ] || continue
    case "$licence" in
      .build/checkouts/*) name=$(basename "$(dirname "$licence")") ;;
      *) name="the Swift runtime, standard library and Foundation" ;;
    esac
    printf '\n\n==== %s ====\n\n' "$name"
    cat "$licence"
  done
  for library in libedit2 libbsd0 libmd0 libtinfo6; do
    printf '\n\n==== %s (Debian'"'"'s copyright file) ====\n\n' "$library"
    cat "/usr/share/doc/$library/copyright" 2>/dev/null || echo "(not found on the build machine: see the library's sources)"
  done
} > "$notices"

# The archive.
name=jf-$version-linux-$arch
root=$stage/$name
mkdir -p "$root/bin"
# The symbols stay (a crash's backtrace names functions); the debug information goes.
strip --strip-debug -o "$root/bin/jf" "$binary"
chmod 755 "$root/bin/jf"
cp -R share "$root/share"
mkdir -p "$root/share/doc/jf"
cp LICENSE README.md "$root/"
cp "$notices" "$root/share/doc/jf/THIRD-PARTY-NOTICES"
archive=$out/$name.tar.gz
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" -C "$stage" -cf - "$name" | gzip -9n > "$archive.partial"
mv "$archive.partial" "$archive"

# The Debian package.
package=$stage/deb
mkdir -p "$package/DEBIAN" "$package/usr/bin" "$package/usr/share/man/man1" "$package/usr/share/doc/jf" \
  "$package/usr/share/bash-completion/completions" "$package/usr/share/zsh/vendor-completions" \
  "$package/usr/share/fish/vendor_completions.d"
install -m 755 "$root/bin/jf" "$package/usr/bin/jf"
for page in share/man/man1/*.1; do
  gzip -9n < "$page" > "$package/usr/share/man/man1/$(basename "$page").gz"
done
install -m 644 share/bash-completion/completions/jf "$package/usr/share/bash-completion/completions/jf"
install -m 644 share/zsh/site-functions/_jf "$package/usr/share/zsh/vendor-completions/_jf"
install -m 644 share/fish/vendor_completions.d/jf.fish "$package/usr/share/fish/vendor_completions.d/jf.fish"
{ echo "jf is licensed under the Apache License, Version 2.0:"; echo; cat LICENSE; echo; cat "$notices"; } \
  > "$package/usr/share/doc/jf/copyright"
gzip -9n < README.md > "$package/usr/share/doc/jf/README.md.gz"
# The lowest versions of glibc and libstdc++ whose symbols the binary uses.
needs() { objdump -T "$binary" | grep -o "$1"'_[0-9][0-9.]*' | sed "s/^$1_//" | sort -V | tail -1; }
glibc=$(needs GLIBC)
glibcxx=$(needs GLIBCXX)
depends="libc6 (>= $glibc), libgcc-s1"
# GLIBCXX_3.4.N first shipped in libstdc++6 of GCC N - 18 for N from 28 (GCC 10) on; older ones
# are in every libstdc++6 Debian still supports.
if [ -n "$glibcxx" ]; then
  minor=${glibcxx##*.}
  if [ "${glibcxx%.*}" = 3.4 ] && [ "$minor" -ge 28 ]; then depends="$depends, libstdc++6 (>= $((minor - 18)))"; else depends="$depends, libstdc++6"; fi
fi
# The maintainer as Debian's tools take it (DEBFULLNAME, DEBEMAIL), else git's user.
maintainer="${DEBFULLNAME:-$(git config user.name 2>/dev/null || echo jf)} <${DEBEMAIL:-$(git config user.email 2>/dev/null || echo "jf@localhost")}>"
cat > "$package/DEBIAN/control" <<CONTROL
Package: jf
Version: $version
Architecture: $debian_arch
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$package" | cut -f1)
Depends: $depends
Section: devel
Priority: optional
Description: toolchain for the Joyfill formula language
 jf evaluates, checks, formats and explains the formulas of Joyfill forms
 (JoyDocs): jf run, eval, lint, validate, apply, fmt, graph, repl, serve and
 a language server for editors (jf lsp). Manual: man jf.
CONTROL
find "$package" -exec touch -h -d "@$epoch" {} +
deb=$out/jf_${version}_$debian_arch.deb
dpkg-deb --root-owner-group -Zxz --build "$package" "$deb.partial" >/dev/null
mv "$deb.partial" "$deb"
echo "$archive"
echo "$deb"
