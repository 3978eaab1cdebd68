// Runs the wasm solvers off the main thread. Messages in: {type:'solve', id, game,
// text, options}. Out: {type:'ready'}, {type:'progress', id, stats},
// {type:'result', id, result, trace} (trace buffer transferred), {type:'error', id, error}.

import init, { pengu_solve, actman_solve } from '../pkg/gridlab.js';

const SOLVERS = { pengu: pengu_solve, actman: actman_solve };

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
  if (type !== 'solve') return;
  try {
    await ready;
  } catch {
    return;
  }
  const solve = SOLVERS[game];
  if (!solve) {
    self.postMessage({ type: 'error', id, error: { message: `no solver for ${game}` } });
    return;
  }
  try {
    const result = solve(text, options, (stats) => self.postMessage({ type: 'progress', id, stats }));
    const trace = result.trace instanceof Uint32Array ? result.trace : new Uint32Array(0);
    delete result.trace;
    self.postMessage({ type: 'result', id, result, trace }, [trace.buffer]);
  } catch (err) {
    self.postMessage({ type: 'error', id, error: plainError(err), fatal: err instanceof WebAssembly.RuntimeError });
  }
};
