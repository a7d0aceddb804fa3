#!/usr/bin/env bash
# Installs what building jf needs beyond Swift itself: libedit (for `jf repl`'s line editing).
# Safe to run again: it does nothing when everything is there.
set -euo pipefail

if pkg-config --exists libedit 2>/dev/null || [ -f /usr/include/editline/readline.h ]; then
  exit 0
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
if command -v apt-get >/dev/null; then
  echo "setup: installing libedit-dev (and pkg-config)" >&2
  $sudo apt-get install -y libedit-dev pkg-config >/dev/null 2>&1 || {
    $sudo apt-get update >/dev/null
    $sudo apt-get install -y libedit-dev pkg-config >/dev/null
  }
else
  echo "setup: install libedit's development files (Debian: libedit-dev) and pkg-config" >&2
  exit 1
fi
