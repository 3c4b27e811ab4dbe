# The two commands: `make play` serves the game, `make test` runs every test.
# Both install, only where missing, what they need (scripts/tools.sh), from package registries only.
SHELL := /bin/bash
export PATH := $(HOME)/.cargo/bin:$(CURDIR)/tools/node_modules/.bin:$(PATH)
PORT ?= 8080

.PHONY: play test tools browser-tools dist first-load dev lint unit soak-short soak strength fuzz web e2e engines bench floor measure long-game measure-taps measure-load measure-libs ab-css trace-taps measure-computer lighthouse lighthouse-accessibility shots icons clean

play: dist
	@echo "Molecular Scrabble is at http://127.0.0.1:$(PORT)/  (Ctrl-C stops it)"
	node tests/e2e/serve.mjs dist $(PORT)

test: browser-tools lint unit soak-short web dist first-load e2e engines lighthouse-accessibility
	@echo "make test: every step passed"

tools:
	scripts/tools.sh

browser-tools:
	scripts/tools.sh --browser

# the release build, relative URLs, ready to copy to any static host; Trunk's post_build hook
# (scripts/postbuild.mjs, run with node) writes the CSP hash and the service worker's file list
dist: tools
	trunk build --release

# the first load (every file of dist/ but lazy/ and the install icons, gzip -9) within its 256 KB budget (262,144 bytes); part of make test
first-load: dist
	scripts/first-load.sh dist

# live-reloading development server
dev: tools
	trunk serve --address 127.0.0.1 --port $(PORT)

lint: tools
	cargo fmt --check
	cargo clippy --all-targets -- -D warnings
	cargo clippy --target wasm32-unknown-unknown --lib --bins --test web -- -D warnings
	cargo clippy --target wasm32-unknown-unknown --lib --bins --features split -- -D warnings

# every crate of the workspace
unit:
	cargo test

# self-play with the invariants checked after every move; the command exits 1 on a violation.
# SWEEP plays every referee with every set of table variants that fits it (Variants::misfit),
# one JSON line per (referee, variant set) (docs/SAVES.md, Soak)
SELFPLAY = cargo run --release -q -p molscrab-cli --bin molscrab -- selfplay --seed 1
SWEEP = $(SELFPLAY) --mode standard,theory,chemist --every-variant

# 500 games per referee and 5 per (referee, variant set) in Solitaire and at a two-seat table,
# part of make test; and the expert beating greedy over 40 games (a release-only test)
soak-short:
	$(SELFPLAY) --games 500
	$(SELFPLAY) --games 500 --mode standard
	$(SELFPLAY) --games 500 --mode chemist
	$(SWEEP) --games 5 --players 1
	$(SWEEP) --games 5 --players 2
	cargo test --release -q -p molscrab-engine --lib expert_beats_greedy

# the computer players' strength (docs/COMPUTER.md): the Professor against the Chemist over 400 mirrored two-player games per referee
strength:
	cargo run --release -q -p molscrab-engine --example strength -- --games 400 --mode standard,chemist,theory --players expert,greedy

# 10,000 games per referee, and 100 per (referee, variant set) in Solitaire and at a two-seat
# table (docs/SAVES.md, Soak)
soak:
	$(SELFPLAY) --games 10000
	$(SELFPLAY) --games 10000 --mode standard
	$(SELFPLAY) --games 10000 --mode chemist
	$(SWEEP) --games 100 --players 1
	$(SWEEP) --games 100 --players 2

# each cargo-fuzz target of crates/engine/fuzz for FUZZ_SECONDS (default 600); installs nightly and
# cargo-fuzz if missing; a crash fails it and names the artifact
fuzz:
	scripts/fuzz.sh

web: browser-tools
	cargo test --target wasm32-unknown-unknown --test web

e2e: browser-tools
	cd tests/e2e && npx playwright test

# the player's journey (start Solitaire, a play submitted, reload and resume, an offline reload) in
# WebKit (WebKitGTK's MiniBrowser) and Firefox ESR over WebDriver, tests/engines/; installs, only
# where missing, Debian's webkit2gtk-driver, firefox-esr and xvfb, and geckodriver from crates.io
engines: dist
	scripts/engines.sh dist

# criterion benchmarks of the engine (crates/engine/benches)
bench:
	cargo bench -p molscrab-engine

# the size floor: a Leptos hello world with a 15×15 grid, built like the game (bench/floor/);
# it shares the game's target/ so the two builds share their compiled dependencies
floor: tools
	cd bench/floor && CARGO_TARGET_DIR=$(CURDIR)/target trunk build --release

# size (gzip -9) and time to an interactive board, the game against the floor (docs/PERFORMANCE.md)
measure: browser-tools dist floor
	node scripts/measure.mjs dist bench/floor/dist $(or $(RUNS),15)

# the long game the tap measures resume: a self-played Solitaire game (written afresh each time,
# so it is the engine's of this checkout)
long-game: tools
	mkdir -p target
	cargo run --release -q --bin molscrab -- selfplay --games 1 --seed 3 --players 1 --record target/long-game.json > /dev/null

# main-thread work per tap late in a long game at 4× CPU slowdown (docs/PERFORMANCE.md): a
# self-played Solitaire game is resumed with its last play taken back, then tapped through
measure-taps: browser-tools dist long-game
	node scripts/measure-taps.mjs dist target/long-game.json $(or $(ROUNDS),7)

# what a well-kept crate would cost the page, against our own code (docs/PERFORMANCE.md)
measure-libs: tools
	scripts/measure-libs.sh

# the main thread's work as the page loads cold (1x, traced), and a blocking time in
# Lighthouse's manner, for the game, the Leptos floor and the game's first screen as fixed
# markup (docs/PERFORMANCE.md); BUILDS='dist /tmp/other' compares other builds; TASKS=ms lists
# each load's tasks over ms with what took their time
measure-load: browser-tools dist floor
	node scripts/static-screen.mjs dist target/static-screen
	node scripts/measure-load.mjs $(or $(BUILDS),dist bench/floor/dist target/static-screen) $(or $(RUNS),12)

# a stylesheet change tried before it is made: the same taps with CSS='…' switched on and off
# between rounds in one page (docs/PERFORMANCE.md)
ab-css: browser-tools dist long-game
	node scripts/ab-css.mjs dist target/long-game.json $(or $(ROUNDS),16) '$(CSS)'

# the same taps traced (Chromium's devtools.timeline): where each one's main-thread time goes
# (the handler, style, layout, pre-paint, paint, layerize, commit, hit testing)
trace-taps: browser-tools dist long-game
	node scripts/trace-taps.mjs dist target/long-game.json $(or $(ROUNDS),7)

# the computer's moves, hints and hindsight at 4× CPU slowdown: the worker's answer times and the
# page's longest task while a computer plays (docs/COMPUTER.md)
measure-computer: browser-tools dist
	cargo run --release -q --bin molscrab -- selfplay --games 1 --seed 3 --players 2 --record target/long-game-2.json > /dev/null
	cargo run --release -q --bin molscrab -- selfplay --games 1 --seed 3 --players 2 --mode chemist --record target/long-game-chemist.json > /dev/null
	node scripts/measure-computer.mjs dist target/long-game-2.json target/long-game-chemist.json

# Lighthouse (mobile) on dist/ served gzip-compressed (installs Lighthouse into tools/lighthouse)
lighthouse: browser-tools dist
	scripts/lighthouse.sh dist

# part of make test: Lighthouse's accessibility category on the first screen must score 100
# (axe.spec.js covers every other screen)
lighthouse-accessibility: browser-tools dist
	scripts/lighthouse.sh dist --accessibility-gate

# screenshots of the Play tab and a game at 1280 and 375 px, to look at a change (target/shots/)
shots: browser-tools dist
	node scripts/shots.mjs dist target/shots

# re-renders the PNG icons from public/favicon.svg (they are committed; builds never run this)
icons: browser-tools
	node scripts/icons.mjs

clean:
	rm -rf dist target bench/floor/dist tools/node_modules tools/lighthouse tests/e2e/node_modules tests/engines/node_modules
