// Shared set-up of the bindings tests: the node build of the wasm module, and helpers.

import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const g = require('../../pkg-node/gridlab.js');

/**
 * The gridlab binary the tests run: `GRIDLAB_BIN` (the Makefile's `make test` gives the
 * debug build that `cargo test` has just made), else the release build.
 */
export const BIN = process.env.GRIDLAB_BIN || 'target/release/gridlab';

/** The exception `fn` throws (fails the test when it does not throw). */
export function thrown(fn) {
  try {
    fn();
  } catch (e) {
    return e;
  }
  assert.fail('expected an exception');
}

/** The error `fn` throws, which must name the move at `index` by its `symbol`. */
export function thrownAt(fn, index, symbol) {
  const e = thrown(fn);
  assert.equal(e.index, index);
  assert.equal(e.symbol, symbol);
  return e;
}

/** A session's tile bytes read straight from the wasm memory, as a string. */
export function tileBytes(session) {
  const memory = g.wasm_memory();
  assert.ok(memory, 'the wasm memory is reachable');
  const view = new Uint8Array(memory.buffer, session.tiles_ptr(), session.tiles_len());
  return Buffer.from(view).toString('latin1');
}
