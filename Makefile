# The two commands: `make play` serves the game, `make test` runs every test.
# Both install, only where missing, what they need (scripts/tools.sh), from package registries only.
SHELL := /bin/bash
export PATH := $(HOME)/.cargo/bin:$(CURDIR)/tools/node_modules/.bin:$(PATH)
PORT ?= 8080

.PHONY: play test tools browser-tools dist dev lint unit web e2e bench clean

play: dist
	@echo "Molecular Scrabble is at http://127.0.0.1:$(PORT)/  (Ctrl-C stops it)"
	node tests/e2e/serve.mjs dist $(PORT)

test: browser-tools lint unit web dist e2e
	@echo "make test: every step passed"

tools:
	scripts/tools.sh

browser-tools:
	scripts/tools.sh --browser

# the release build, relative URLs, ready to copy to any static host
dist: tools
	trunk build --release

# live-reloading development server
dev: tools
	trunk serve --address 127.0.0.1 --port $(PORT)

lint: tools
	cargo fmt --check
	cargo clippy --all-targets -- -D warnings
	cargo clippy --target wasm32-unknown-unknown --lib --bins --test web -- -D warnings

unit:
	cargo test

web: browser-tools
	cargo test --target wasm32-unknown-unknown --test web

e2e: browser-tools
	cd tests/e2e && npx playwright test

bench:
	cargo bench

clean:
	rm -rf dist target tools/node_modules tests/e2e/node_modules
