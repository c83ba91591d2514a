#!/usr/bin/env bash
# Installs the system packages coinboard needs on Debian/Ubuntu (ncursesw, OpenSSL and SQLite
# headers, tmux and the sqlite3 shell for the end-to-end tests, Python 3 for the architecture
# check). Swift itself must already be installed.
set -euo pipefail
packages=(libncursesw5-dev libssl-dev libsqlite3-dev sqlite3 tmux python3)
missing=()
for package in "${packages[@]}"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}"
