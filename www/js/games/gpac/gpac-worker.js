// One run of the GPac map evolution off the main thread (the lab starts one worker a
// run). Messages in: {type: 'start', config, seed, evaluations}. Out: {type: 'gen',
// line, evaluations, budget, ms, best?, bestWorld?, population?} after each generation
// (best and its world file when the best changed; the population for two-objective
// configs, at most every 400 ms), {type: 'done', evaluations, population}, {type:
// 'error', error: {message, line, column}}. Stopping is terminate().

import init, { GpacLab } from '../../../pkg/gridlab.js';

const ready = init();

function plainError(err) {
  if (err && typeof err === 'object' && 'message' in err) {
    return { message: String(err.message), line: err.line, column: err.column };
  }
  return { message: String(err) };
}

const pause = () => new Promise((r) => setTimeout(r, 0));

async function run({ config, seed, evaluations }) {
  let lab;
  try {
    lab = new GpacLab(config, seed, evaluations);
  } catch (err) {
    self.postMessage({ type: 'error', error: plainError(err) });
    return;
  }
  const twoObjectives = !!lab.config().deadEnds;
  let bestKey = '';
  let lastPopulation = 0;
  for (;;) {
    const t0 = performance.now();
    let line;
    try {
      line = lab.step();
    } catch (err) {
      self.postMessage({ type: 'error', error: plainError(err) });
      return;
    }
    if (!line) break;
    const msg = { type: 'gen', line, evaluations: lab.evaluations(), budget: lab.budget(), ms: performance.now() - t0 };
    const best = lab.best();
    const key = best ? `${best.objectives.join(',')}|${best.map}` : '';
    if (key !== bestKey) {
      bestKey = key;
      msg.best = best;
      msg.bestWorld = lab.best_world();
    }
    const now = performance.now();
    if (twoObjectives && (now - lastPopulation > 400 || lab.done())) {
      msg.population = lab.population();
      lastPopulation = now;
    }
    self.postMessage(msg);
    await pause(); // let the page breathe between generations
  }
  self.postMessage({ type: 'done', evaluations: lab.evaluations(), population: twoObjectives ? lab.population() : null });
  lab.free();
}

self.onmessage = async (e) => {
  const m = e.data || {};
  if (m.type !== 'start') return;
  try {
    await ready;
  } catch (err) {
    self.postMessage({ type: 'error', error: { message: `the WebAssembly module did not load: ${err}` } });
    return;
  }
  run(m);
};
