#!/usr/bin/env bash
# Installs jf's manual: one page per command (jf.1, jf-run.1, jf-lint.1, …), made from the
# commands' own help by swift-argument-parser's manual generator, so the pages say exactly
# what `jf help COMMAND` says.
#
#   scripts/install-man.sh [--binary PATH] [--prefix DIR]
#
# --binary  the jf to describe (default: .build/release/jf, else .build/debug/jf, built if
#           neither exists)
# --prefix  pages go to DIR/share/man/man1 (default: ~/.local, which man finds when
#           ~/.local/bin is on PATH; /usr/local needs sudo)
set -euo pipefail
cd "$(dirname "$0")/.."

binary=""
prefix="${HOME}/.local"
while [[ $# -gt 0 ]]; do
    case "$1" in
        --binary) binary="$2"; shift 2 ;;
        --prefix) prefix="$2"; shift 2 ;;
        -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install-man.sh: unknown argument '$1' (--binary PATH, --prefix DIR)" >&2; exit 2 ;;
    esac
done
if [[ -z "$binary" ]]; then
    for candidate in .build/release/jf .build/debug/jf; do
        if [[ -x "$candidate" ]]; then binary="$candidate"; break; fi
    done
fi
if [[ -z "$binary" ]]; then
    swift build --product jf
    binary=.build/debug/jf
fi

# The generator is a product of swift-argument-parser, which the package already depends on.
swift build --product generate-manual >&2
generator="$(swift build --show-bin-path)/generate-manual"

pages="$(mktemp -d)"
trap 'rm -rf "$pages"' EXIT
"$generator" "$binary" --multi-page --output-directory "$pages" >&2

# The generator names a command's page jf.run.1; man's convention (git's too) is jf-run.
target="$prefix/share/man/man1"
mkdir -p "$target"
count=0
for page in "$pages"/jf/*.1 "$pages"/*.1; do
    [[ -e "$page" ]] || continue
    name="$(basename "$page" .1)"
    name="${name//./-}"
    # A blank line in a command's help is a paragraph break, which mdoc writes .Pp.
    sed -e "s/^\.Dt JF\.\([A-Z]*\) 1$/.Dt JF-\1 1/" -e "s/^$/.Pp/" "$page" > "$target/$name.1"
    count=$((count + 1))
done
echo "installed $count manual pages in $target (man jf, man jf-run, …)"
