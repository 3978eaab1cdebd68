// Runs the wasm solvers, analyses and generators off the main thread. Messages in:
// {type: 'solve' | 'verdict' | 'generate', id, game, text, options}; the function is
// the module's `${game}_${type}` (a generator takes no text). Out: {type:'ready'},
// {type:'progress', id, stats}, {type:'result', id, result, trace} (trace buffer
// transferred), {type:'error', id, error}.

import init, * as wasm from '../pkg/gridlab.js';

const TYPES = new Set(['solve', 'verdict', 'generate']);

const ready = init().then(
  () => self.postMessage({ type: 'ready' }),
  (err) => {
    self.postMessage({ type: 'fatal', error: { message: `the WebAssembly module did not load: ${err}` } });
    throw err;
  },
);

function plainError(err) {
  if (err && typeof err === 'object' && 'message' in err) {
    return { message: String(err.message), line: err.line, column: err.column };
  }
  return { message: String(err) };
}

self.onmessage = async (e) => {
  const { type, id, game = 'pengu', text, options } = e.data || {};
  if (!TYPES.has(type)) return;
  try {
    await ready;
  } catch {
    return;
  }
  const run = /^[a-z]+$/.test(game) ? wasm[`${game}_${type}`] : undefined;
  if (typeof run !== 'function') {
    self.postMessage({ type: 'error', id, error: { message: `no ${type} for ${game}` } });
    return;
  }
  try {
    const progress = (stats) => self.postMessage({ type: 'progress', id, stats });
    const result = type === 'generate' ? run(options, progress) : run(text, options, progress);
    const trace = result.trace instanceof Uint32Array ? result.trace : new Uint32Array(0);
    delete result.trace;
    self.postMessage({ type: 'result', id, result, trace }, [trace.buffer]);
  } catch (err) {
    self.postMessage({ type: 'error', id, error: plainError(err), fatal: err instanceof WebAssembly.RuntimeError });
  }
};
