#!/usr/bin/env bash
# Writes the seeds of a fuzz target into a folder, a file each: what scripts/fuzz.sh starts a
# new corpus with, and what the tests (JoyfillFuzzTests) replay through the target's checks.
#
#   scripts/fuzz-seeds.sh formula|document|repl|lsp|lsp-stream|config|serve DIR
#
# formula: the examples' formulas and the grammar's, one a file; repl, config, serve and
# lsp-stream: sessions, configurations and connections written here; document and lsp: the
# JSON files of examples/ and Tests/ under 64 KiB.
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:-}
corpus=${2:-}
case $target in
  formula|document|repl|lsp|lsp-stream|config|serve) ;;
  *) echo "usage: scripts/fuzz-seeds.sh formula|document|repl|lsp|lsp-stream|config|serve DIR" >&2; exit 2 ;;
esac
[ -n "$corpus" ] || { echo "usage: scripts/fuzz-seeds.sh TARGET DIR" >&2; exit 2; }
mkdir -p "$corpus"

if [ "$target" = formula ]; then
  # One formula a file: the examples, and the grammar's.
  { cat examples/formulas.txt; sed -n 's/^ *(\* example: \(.*\) \*) *$/\1/p' grammar/formula.ebnf; } |
    awk -v dir="$corpus" 'length($0) > 0 { file = sprintf("%s/seed-%04d", dir, NR); printf "%s", $0 > file; close(file) }'
elif [ "$target" = repl ]; then
  # A few sessions: the meta-commands on the invoice's fields, and formulas over them.
  printf ':help\n:fields\n:formulas\n:graph\n:vars\n:lint\n:lint invalid-value,unknown-function\n' > "$corpus/seed-commands"
  printf ':set tax_rate 20\n:deps subtotal\n:type subtotal * 2\n:ast round(subtotal, 2)\n:set items []\n' > "$corpus/seed-set"
  printf ':explain if(subtotal > 100, "big", "small")\n:fmt sum( 1,2 )\n:doc round\n:tz Europe/Paris\n:now 2026-01-01T00:00:00Z\n' > "$corpus/seed-explain"
  printf 'let x = [1, 2,\n3]\nmap(x, (v) -> v * 2)\n:save out.json\n:quit\n' > "$corpus/seed-let"
  printf ':validate\n:set customer ""\n:validate page_1\n:validate page_1/pos_customer\n' > "$corpus/seed-validate"
  printf ':rows items\n:rows items duplicate r1\n:rows items below r2 {"qty": 2}\n:rows items up r2\n:rows items edit r1 r2 {"qty": 1}\n:rows items delete r1\n' > "$corpus/seed-rows"
  printf ':decorators\n:decorators page_1/pos_items/rows\n:decorators page_1/pos_items/row_1/qty\n' > "$corpus/seed-decorators"
  printf '%s\n' ':apply {"target": "field.value.rowCreate", "fieldId": "items", "change": {"row": {"cells": {"qty": 2}}, "targetRowIndex": 0}}' \
    ':apply [{"target": "field.value.rowDelete", "fieldId": "items", "change": {"rowId": "r1"}}]' ':apply missing.json' > "$corpus/seed-apply"
elif [ "$target" = config ]; then
  # Configurations as jf.toml and .jf.json write them, and .gitignore patterns.
  printf '[lint]\nselect = ["all"]\nignore = ["unused-formula"] # spare\ntargets = ["swift", "web"]\n\n[lint.severity]\nnon-portable = "error"\n\n[[lint.overrides]]\npaths = ["legacy/**", "*.draft.json"]\nseverity = { unknown-reference = "warning" }\n' > "$corpus/seed-toml"
  printf '{"lint": {"select": ["all"], "overrides": [{"paths": ["legacy/**"], "ignore": ["non-portable"]}]}}\n' > "$corpus/seed-json"
  printf '*.tmp.json\n!keep.json\n/local.json\nforms/drafts/\n**/build/**/*.json\nv[0-9]*.json\n' > "$corpus/seed-gitignore"
elif [ "$target" = serve ]; then
  # Connections as the page and a script make them, with the fuzz target's token, and some
  # that must be refused: no token, another host, an absolute-form target, a path outside.
  token=0123456789abcdef0123456789abcdef0123456789abcdef
  ok="Host: 127.0.0.1:8080\r\nAuthorization: Token $token\r\n"
  change='{"version":0,"changes":[{"target":"field.update","fieldId":"customer","change":{"value":"Zenith"}}]}'
  printf "GET /api/form HTTP/1.1\r\n${ok}\r\nGET /?token=$token HTTP/1.1\r\nHost: localhost:8080\r\n\r\n" > "$corpus/seed-get"
  printf "POST /api/change HTTP/1.1\r\n${ok}X-JF-Request: 1\r\nOrigin: http://127.0.0.1:8080\r\nContent-Length: ${#change}\r\n\r\n%s" "$change" > "$corpus/seed-change"
  printf "POST /api/save HTTP/1.1\r\n${ok}X-JF-Request: 1\r\nContent-Length: 2\r\n\r\n{}POST /api/open?path=../../etc/passwd HTTP/1.1\r\n${ok}X-JF-Request: 1\r\nContent-Length: 0\r\n\r\n" > "$corpus/seed-files"
  printf "GET http://evil.example/api/form HTTP/1.1\r\n${ok}\r\nGET /api/form HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nHost: evil\r\n\r\n" > "$corpus/seed-hosts"
  printf "POST /api/playground HTTP/1.1\r\n${ok}X-JF-Request: 1\r\nTransfer-Encoding: chunked\r\n\r\n11\r\n{\"formula\":\"1+2\"}\r\n0\r\n\r\n" > "$corpus/seed-chunked"
elif [ "$target" = lsp-stream ]; then
  # A session as a client frames it: initialize, open, ask, shut down, exit.
  frame() { printf 'Content-Length: %d\r\n\r\n%s' "${#1}" "$1"; }
  { printf '\x80'
    frame '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}'
    frame '{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///a.jf","languageId":"jf","version":1,"text":"sum(1, rund(2))"}}}'
    frame '{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///a.jf"},"position":{"line":0,"character":8}}}'
    frame '{"jsonrpc":"2.0","id":"x","method":"shutdown"}'
    frame '{"jsonrpc":"2.0","method":"exit"}'
  } > "$corpus/seed-session"
  { printf '\x10'; frame '{"id":77,"method":5}'; frame '[]'; frame '{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":{}}'; } > "$corpus/seed-invalid"
else
  find examples Tests -name '*.json' -size -64k | while read -r file; do
    cp "$file" "$corpus/seed-$(echo "$file" | tr '/' '_')"
  done
fi
