# gridlab — `make serve` to play, `make test` to check everything.
# Both install what is missing (wasm target, wasm-bindgen CLI, Chromium, playwright-core).

WASM_BINDGEN_VERSION := 0.2.130
PORT ?= 8080
HOST ?= 127.0.0.1
CARGO ?= cargo
WASM_TARGET := wasm32-unknown-unknown
WASM_FILE := target/$(WASM_TARGET)/release/gridlab.wasm
export PATH := $(HOME)/.cargo/bin:$(PATH)

.PHONY: serve test setup wasm native test-bin rust-test lint lint-rust lint-js js-deps node-test browser-deps e2e bench screenshots fuzz fuzz-setup clean

serve: setup wasm native
	./target/release/gridlab serve --host $(HOST) --port $(PORT)

## `make test` runs the node and browser tests on the debug binary that `cargo test` has
## just built (one optimised build less); `make node-test` and `make e2e` alone use the
## release build. The WebAssembly builds and clippy run side by side (the modules' last,
## single-threaded optimisation leaves a core to clippy; clippy keeps its own target
## folder, so neither waits for the other's lock).
test: setup js-deps
	@$(MAKE) --no-print-directory -j2 --output-sync=target wasm lint-rust
	@$(MAKE) --no-print-directory lint-js rust-test
	@$(MAKE) --no-print-directory node-test e2e GRIDLAB_BIN=target/debug/gridlab

## Tools: the wasm target and the wasm-bindgen CLI pinned to the crate's version.
setup:
	@rustup target list --installed 2>/dev/null | grep -qx $(WASM_TARGET) || rustup target add $(WASM_TARGET)
	@if [ "$$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $(WASM_BINDGEN_VERSION)" ]; then \
		echo "installing wasm-bindgen-cli $(WASM_BINDGEN_VERSION) (a few minutes, once)"; \
		$(CARGO) install wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION) --force; \
	fi

## The WebAssembly modules. pkg/gridlab_play.js: the page's main thread (the game
## sessions: `--features play`, a small module for the first board); pkg/gridlab.js:
## everything (the workers' solvers and tools, and the page's on first use);
## pkg/tools.json: the tools' registry, which the play module leaves out; each .wasm
## with Brotli and gzip copies that `gridlab serve` sends as the browser asks.
## pkg-node/: the full module for the binding tests. Cargo decides whether a module
## changed; its bindings are made again only when it did.
PLAY_FILE := target/$(WASM_TARGET)/wasm-play/gridlab.wasm
WASM_BINDGEN_WEB := --target web --remove-name-section --remove-producers-section

wasm: setup
	$(CARGO) build --lib --release --target $(WASM_TARGET)
	$(CARGO) build --lib --profile wasm-play --features play --target $(WASM_TARGET)
	@$(MAKE) --no-print-directory pkg/gridlab_bg.wasm.br pkg/gridlab_play_bg.wasm.br pkg/tools.json

pkg/gridlab_bg.wasm.br: $(WASM_FILE) scripts/precompress.mjs
	wasm-bindgen $(WASM_FILE) --out-dir pkg $(WASM_BINDGEN_WEB)
	node scripts/precompress.mjs pkg/gridlab_bg.wasm

pkg/gridlab_play_bg.wasm.br: $(PLAY_FILE) scripts/precompress.mjs
	wasm-bindgen $(PLAY_FILE) --out-dir pkg --out-name gridlab_play $(WASM_BINDGEN_WEB)
	node scripts/precompress.mjs pkg/gridlab_play_bg.wasm

pkg-node/gridlab_bg.wasm: $(WASM_FILE)
	wasm-bindgen $(WASM_FILE) --out-dir pkg-node --target nodejs

pkg/tools.json: pkg-node/gridlab_bg.wasm
	node -e "process.stdout.write(JSON.stringify(require('./pkg-node/gridlab.js').tools()))" > $@.tmp
	mv $@.tmp $@

native:
	$(CARGO) build --release

## The gridlab binary of the node and browser tests: GRIDLAB_BIN if given, else the
## release build. The debug one is the binary `cargo test` builds (its features with the
## tests' own), so it is brought up to date the same way.
GRIDLAB_BIN ?= target/release/gridlab
export GRIDLAB_BIN
test-bin:
ifeq ($(filter target/debug/%,$(GRIDLAB_BIN)),)
	$(CARGO) build --release
else
	$(CARGO) test --no-run --quiet
endif

## Rust: rustfmt and clippy. The playground's JavaScript: TypeScript checks its types
## (JSDoc, www/js/contracts.d.ts and the wasm module's pkg/gridlab.d.ts, hence `wasm`),
## ESLint the rest (eslint.config.mjs).
lint: lint-rust lint-js

lint-rust:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --all-targets --target-dir target/clippy -- -D warnings

lint-js: js-deps wasm
	node_modules/.bin/tsc -p tsconfig.json
	node_modules/.bin/tsc -p tsconfig.worker.json
	node_modules/.bin/eslint www

## The npm tools, pinned in package-lock.json: TypeScript, ESLint, playwright-core.
js-deps:
	@[ -x node_modules/.bin/tsc ] && [ -x node_modules/.bin/eslint ] && [ -d node_modules/playwright-core ] || npm ci --no-audit --no-fund

## Four test threads on two cores: many tests wait (servers, time limits, children).
## The integration tests are one binary (tests/suite/main.rs) but for
## tests/analysis_budget.rs, whose counting allocator is the whole process's.
rust-test:
	$(CARGO) test -- --test-threads=4

node-test: wasm test-bin
	node --test tests/node/

## Chromium (Debian package) and playwright-core (npm, no browser download).
browser-deps: js-deps
	@command -v chromium >/dev/null 2>&1 || { \
		echo "installing Debian's chromium"; \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update && $$SUDO apt-get install -y chromium; }

e2e: browser-deps wasm test-bin
	node --test --test-concurrency=1 tests/e2e/

## Benchmarks: native (criterion + a side-by-side table) and the same solves in Chromium.
bench: native wasm browser-deps
	$(CARGO) bench --bench pengu
	$(CARGO) bench --bench actman
	$(CARGO) bench --bench rogue
	$(CARGO) bench --bench gpac
	$(CARGO) bench --bench arena
	$(CARGO) bench --bench grid
	node benches/browser.mjs
	node benches/arena_realtime.mjs
	node benches/first_board.mjs
	node benches/arena_seat.mjs
	node benches/generate.mjs
	node benches/grade.mjs
	node benches/race.mjs
	node benches/state_space.mjs
	node benches/heuristic_lab.mjs
	node benches/verdict.mjs

## The README's screenshots, made again from playground links (docs/screenshots.mjs).
screenshots: native wasm browser-deps
	node docs/screenshots.mjs

## Fuzzing (not part of `make test`): every target in fuzz/ for FUZZ_SECONDS each on
## the nightly toolchain; fails on any crash. Found inputs stay in fuzz/work/; see
## docs/fuzzing.md to keep one as a regression test.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=

fuzz-setup:
	@rustup toolchain list 2>/dev/null | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
	@cargo +nightly fuzz --version >/dev/null 2>&1 || { \
		echo "installing cargo-fuzz (a few minutes, once)"; \
		$(CARGO) install cargo-fuzz --locked; }

fuzz: fuzz-setup
	FUZZ_SECONDS=$(FUZZ_SECONDS) fuzz/run.sh $(FUZZ_TARGETS)

clean:
	rm -rf target pkg pkg-node node_modules test-output fuzz/target fuzz/work fuzz/artifacts
