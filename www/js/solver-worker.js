// Runs the wasm tools (solvers, analyses, generators) off the main thread. Messages in:
// {type: TOOL, id, game, text, options}: the module's `run_tool(game, TOOL, text,
// options, progress)`, any tool of the registry (`tools()`; a generator ignores the
// text). Out: {type:'ready'},
// {type:'progress', id, stats}, {type:'result', id, result, trace} (trace buffer
// transferred), {type:'error', id, error}.

import init, * as wasm from '../pkg/gridlab.js';

// Whether the module loaded. A failed load (offline, the module not kept yet) is told to
// the page, whose next job starts a new worker; it is not left as an uncaught error.
const ready = init().then(
  () => {
    self.postMessage({ type: 'ready' });
    return true;
  },
  (err) => {
    self.postMessage({ type: 'fatal', error: { message: `the WebAssembly module did not load: ${err}` } });
    return false;
  },
);

// The module's errors as plain data: the message, and where it is (a text's line and
// column, an option's field, a move's index and symbol).
function plainError(err) {
  if (err && typeof err === 'object' && 'message' in err) {
    const out = { message: String(err.message) };
    for (const key of ['line', 'column', 'field', 'index', 'symbol']) if (err[key] != null) out[key] = err[key];
    return out;
  }
  return { message: String(err) };
}

self.onmessage = async (e) => {
  const { type, id, game = 'pengu', text = '', options } = e.data || {};
  if (typeof type !== 'string') return;
  if (!(await ready)) return;
  try {
    const progress = (stats) => self.postMessage({ type: 'progress', id, stats });
    const result = wasm.run_tool(game, type, text, options, progress);
    const trace = result.trace instanceof Uint32Array ? result.trace : new Uint32Array(0);
    delete result.trace;
    self.postMessage({ type: 'result', id, result, trace }, [trace.buffer]);
  } catch (err) {
    self.postMessage({ type: 'error', id, error: plainError(err), fatal: err instanceof WebAssembly.RuntimeError });
  }
};
