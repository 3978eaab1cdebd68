// The heuristic lab's worker: runs a student's h(state, help) inside the wasm search
// (`heuristic_lab`), one run a worker. Messages in: {type: 'run', game, text, options,
// code | builtin, limitMs}. Out: {type: 'ready'}, {type: 'beat'} (alive, at least every
// BEAT_MS while h runs), {type: 'progress', stats}, {type: 'result', result},
// {type: 'error', error: {message, moves?, state?}}. The page terminates the worker to
// cancel it, or when no message came for a few seconds (a runaway h).

import init, * as wasm from '../pkg/gridlab.js';
import { labHelpers } from './heuristic-help.js';

/** Most milliseconds between two heartbeats while h runs. */
const BEAT_MS = 250;

const ready = init().then(() => self.postMessage({ type: 'ready' }));
// A failed load is answered to the first run (below), not left as an uncaught error.
ready.catch(() => {});

/** `fn` made from the student's code: the code defines `function h(state, help)`. */
function compile(code) {
  // The student's own code, run in this worker only (nothing of the page reaches it).
  // eslint-disable-next-line no-new-func -- running the student's h is the point
  const make = new Function(`"use strict";\n${code}\n;return typeof h === 'function' ? h : null;`);
  const fn = make();
  if (!fn) throw new Error('the code must define function h(state, help)');
  return fn;
}

self.onmessage = async (e) => {
  const { type, game, text, options, code, builtin, limitMs = 50 } = e.data || {};
  if (type !== 'run') return;
  try {
    await ready;
    const { rows, cols, data } = wasm.heuristic_lab_data(game, text, options);
    const help = labHelpers(game, rows, cols, data);
    let h = builtin;
    if (!builtin) {
      const user = compile(code);
      let beat = performance.now();
      h = (numbers) => {
        const state = help.decode(numbers);
        const t0 = performance.now();
        const value = user(state, help);
        const t1 = performance.now();
        if (t1 - t0 > limitMs) throw new Error(`h took ${Math.round(t1 - t0)} ms on one state (the limit is ${limitMs} ms)`);
        if (t1 - beat > BEAT_MS) {
          beat = t1;
          self.postMessage({ type: 'beat' });
        }
        return value;
      };
    }
    const progress = (stats) => self.postMessage({ type: 'progress', stats });
    const result = wasm.heuristic_lab(game, text, options, h, progress);
    self.postMessage({ type: 'result', result });
  } catch (err) {
    const error = { message: String((err && err.message) || err) };
    if (err && typeof err.moves === 'string') error.moves = err.moves;
    if (err && err.state instanceof Uint32Array) {
      try {
        const { rows, cols, data } = wasm.heuristic_lab_data(game, text, options);
        error.state = labHelpers(game, rows, cols, data).decode(err.state);
      } catch {
        // the state stays undescribed
      }
    }
    if (err && err.field) error.field = err.field;
    self.postMessage({ type: 'error', error });
  }
};
