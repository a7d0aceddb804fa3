#!/usr/bin/env bash
# Installs jf's manual: one page per command (jf.1, jf-run.1, jf-lint.1, …), the pages kept in
# share/man/man1 (scripts/share.sh makes them from the commands' own help, so they say exactly
# what `jf help COMMAND` says). Needs no Swift: only this checkout, or an unpacked release archive.
#
#   scripts/install-man.sh [--prefix DIR]
#
# --prefix  pages go to DIR/share/man/man1 (default: ~/.local, which man finds when
#           ~/.local/bin is on PATH; /usr/local needs sudo)
#
# The Debian package, the release archive and the wheel carry the pages already.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix="${HOME}/.local"
while [[ $# -gt 0 ]]; do
    case "$1" in
        --prefix) prefix="$2"; shift 2 ;;
        -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install-man.sh: unknown argument '$1' (--prefix DIR)" >&2; exit 2 ;;
    esac
done
pages=share/man/man1
[[ -f "$pages/jf.1" ]] || { echo "install-man.sh: no $pages/jf.1 here: run it from jf's repository (a release archive or package has the pages in place)" >&2; exit 2; }
target="$prefix/share/man/man1"
mkdir -p "$target"
install -m 644 "$pages"/*.1 "$target/"
echo "installed $(ls "$pages"/*.1 | wc -l) manual pages in $target (man jf, man jf-run, …)"
