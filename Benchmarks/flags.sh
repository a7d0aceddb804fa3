# Sourced by the benchmark scripts that measure a build: their flags and what they need.
#
#   flags HELP_END "$@"   # --binary PATH sets $binary; --help prints the script's header
#                         # (lines 2 to HELP_END, without the leading "# ") and exits
#   needs TOOL...         # exits with status 2, naming the first TOOL that is not installed
script=$(basename "$0")
binary=""

flags() {
  local end=$1
  shift
  while [ $# -gt 0 ]; do
    case "$1" in
      --binary) binary=$2; shift 2 ;;
      -h|--help) sed -n "2,${end}p" "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
      *) echo "$script: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
  done
}

needs() {
  local tool
  for tool in "$@"; do
    command -v "$tool" >/dev/null || { echo "$script: needs $tool" >&2; exit 2; }
  done
}
