#!/bin/sh
# Writes the shell completion scripts into completions/, for the release
# archives (goreleaser runs it before building). They are generated, not
# kept in git: panemap completion SHELL is their source.
set -eu
cd "$(dirname "$0")/.."
rm -rf completions
mkdir completions
go run ./cmd/panemap completion bash > completions/panemap.bash
go run ./cmd/panemap completion zsh > completions/_panemap
go run ./cmd/panemap completion fish > completions/panemap.fish
