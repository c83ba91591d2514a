#!/usr/bin/env bash
# Builds coinboard in release mode and installs it under PREFIX (default ~/.local):
#   PREFIX/bin/coinboard
#   PREFIX/share/man/man1/coinboard.1                       (generated from the command definitions)
#   PREFIX/share/bash-completion/completions/coinboard
#   PREFIX/share/zsh/site-functions/_coinboard
#   PREFIX/share/fish/vendor_completions.d/coinboard.fish
# The first release build takes several minutes on two cores; later ones only rebuild what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="${1:-$HOME/.local}"
scripts/install-deps.sh
scripts/build-release.sh
binary="$(scripts/build-release.sh --show-bin-path)/coinboard"
manuals="$(mktemp -d)"
trap 'rm -rf "$manuals"' EXIT
scripts/build-release.sh --manual "$manuals"
install -d "$prefix/bin" "$prefix/share/man/man1" "$prefix/share/bash-completion/completions" \
    "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d"
install -m 755 "$binary" "$prefix/bin/coinboard"
install -m 644 "$manuals/coinboard.1" "$prefix/share/man/man1/coinboard.1"
"$binary" --generate-completion-script bash > "$prefix/share/bash-completion/completions/coinboard"
"$binary" --generate-completion-script zsh > "$prefix/share/zsh/site-functions/_coinboard"
"$binary" --generate-completion-script fish > "$prefix/share/fish/vendor_completions.d/coinboard.fish"
echo "installed coinboard $("$prefix/bin/coinboard" --version) in $prefix"
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "add $prefix/bin to PATH, e.g. export PATH=\"$prefix/bin:\$PATH\"" ;;
esac
