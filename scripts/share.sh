#!/usr/bin/env bash
# Regenerates share/, what jf installs beside its binary: a manual page per command
# (share/man/man1/jf.1, jf-run.1, …) and the shell completion scripts (bash, zsh, fish), all
# made from the help of the jf built from this checkout. They are kept in the repository so
# that they install without Swift (scripts/install-man.sh, the release archive and the Debian
# package of scripts/release.sh, the wheel of scripts/wheel.sh); a test fails when they no
# longer match jf's help, and names this script.
#
#   scripts/share.sh                 # builds jf (debug) and the page generator, then writes share/
#   scripts/share.sh --binary PATH   # the jf whose help to write (the generator is still built)
#
# The pages come from swift-argument-parser's manual generator (mdoc). jf.1 records the SHA-256
# of `jf --experimental-dump-help`, everything the pages are made from, which is how the test
# knows they are current without building the generator. When it already matches, nothing is
# rewritten (the pages keep the date they were made).
set -euo pipefail
cd "$(dirname "$0")/.."

binary=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --binary) binary="$2"; shift 2 ;;
        -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "share.sh: unknown argument '$1' (--binary PATH)" >&2; exit 2 ;;
    esac
done
if [[ -z "$binary" ]]; then
    swift build --product jf >&2
    binary="$(swift build --show-bin-path)/jf"
fi

pages=share/man/man1
digest="$("$binary" --experimental-dump-help | sha256sum | cut -c1-64)"
stamp=".\\\" jf --experimental-dump-help sha256 $digest"
completions_current() {
    cmp -s <("$binary" --generate-completion-script bash) share/bash-completion/completions/jf &&
    cmp -s <("$binary" --generate-completion-script zsh) share/zsh/site-functions/_jf &&
    cmp -s <("$binary" --generate-completion-script fish) share/fish/vendor_completions.d/jf.fish
}
if [[ -f "$pages/jf.1" ]] && grep -qxF "$stamp" "$pages/jf.1" && completions_current 2>/dev/null; then
    echo "share/ is current" >&2
    exit 0
fi

# The generator is a product of swift-argument-parser, which the package already depends on.
swift build --product generate-manual >&2
generator="$(swift build --show-bin-path)/generate-manual"
generated="$(mktemp -d)"
trap 'rm -rf "$generated"' EXIT
"$generator" "$binary" --multi-page --date "$(date -u +%F)" --output-directory "$generated" >&2

rm -rf "$pages"
mkdir -p "$pages"
for page in "$generated"/*.1; do
    name="$(basename "$page" .1)"
    name="${name//./-}"
    # The generator names a command's page jf.run (in .Dt and SEE ALSO too); man's convention,
    # git's too, is jf-run. A blank line in a command's help is a paragraph break: mdoc's .Pp.
    sed -e 's/^\.Dt JF\.\([A-Z]*\) 1$/.Dt JF-\1 1/' -e 's/^\.Xr jf\.\([a-z]*\) /.Xr jf-\1 /' \
        -e 's/^$/.Pp/' "$page" > "$pages/$name.1"
done
# The digest goes after the generator's own comment, on the page's second line.
{ head -n 1 "$pages/jf.1"; printf '%s\n' "$stamp"; tail -n +2 "$pages/jf.1"; } > "$generated/jf.1.stamped"
mv "$generated/jf.1.stamped" "$pages/jf.1"

mkdir -p share/bash-completion/completions share/zsh/site-functions share/fish/vendor_completions.d
"$binary" --generate-completion-script bash > share/bash-completion/completions/jf
"$binary" --generate-completion-script zsh > share/zsh/site-functions/_jf
"$binary" --generate-completion-script fish > share/fish/vendor_completions.d/jf.fish
echo "wrote $(ls "$pages" | wc -l) manual pages in $pages and the completion scripts in share/" >&2
