// The heuristic lab's admissibility check in headless Chromium (`make bench`; alone:
// `node benches/heuristic_lab.mjs`): A* on testcase-11 (levels/pengu/course/
// testcase-11-8x17.txt) with the built-in heuristic (345,156 states stored) and with
// heuristics written in JavaScript, each judged. Prints the search's time (with the
// calls of h), the check's time beside the 2 s target, the states stored, how many were
// above the built-in heuristic (judged by searches from single states) and how many
// h > h*. The wasm module runs on the page's main thread here (the lab runs it in a
// worker: the same code and speed).

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, startServer, launch, openPage } from '../tests/e2e/harness.mjs';

const TARGET_MS = 2000;
const FIELD = readFileSync(path.join(ROOT, 'levels/pengu/course/testcase-11-8x17.txt'), 'utf8');

const server = await startServer();
const browser = await launch();
try {
  const { page, context } = await openPage(browser, `${server.url}#game=pengu`, { game: 'pengu' });
  const rows = await page.evaluate(async (text) => {
    const wasm = await import('/pkg/gridlab.js');
    await wasm.default();
    const { labHelpers } = await import('/js/heuristic-help.js');
    const options = { solver: 'astar', compare: false };
    const { rows: r, cols, data } = wasm.heuristic_lab_data('pengu', text, options);
    const help = labHelpers('pengu', r, cols, data);
    const farthest = (n) => {
      const s = help.decode(n);
      let far = 0;
      for (const i of s.fish) far = Math.max(far, help.slide(i, s));
      return far === Infinity ? 1e9 : far;
    };
    const cases = [
      ['built-in (natively, by the flag)', 'builtin'],
      ['JS: slide distance to the farthest fish', farthest],
      ['JS: farthest + 1 while 2 or more fish are left', (n) => Math.min(1e9, farthest(n) + (n.length > 2 ? 1 : 0))],
      ['JS: 2 × farthest (inadmissible)', (n) => Math.min(1e9, 2 * farthest(n))],
    ];
    const out = [];
    for (const [name, h] of cases) {
      const t0 = performance.now();
      let res;
      try {
        res = wasm.heuristic_lab('pengu', text, options, h);
      } catch (e) {
        throw new Error(`${name}: ${e.message}`);
      }
      const a = res.admissible;
      const total = performance.now() - t0;
      out.push({ name, total, search: res.stats.elapsedMs, check: total - res.stats.elapsedMs, stored: res.stats.stored, above: a.exact + a.unknown, over: a.over, unknown: a.unknown, method: a.method });
    }
    return out;
  }, FIELD);
  await context.close();
  const f = (n) => Math.round(n).toLocaleString('en-US');
  console.log('## Heuristic lab: A* on testcase-11, each heuristic judged (Chromium, wasm)\n');
  console.log(`| h | states stored | search (with the calls of h) | the rest: the check of admissibility and consistency | target ${TARGET_MS / 1000} s | above the built-in | h > h* | unknown |`);
  console.log('|---|---:|---:|---:|---|---:|---:|---:|');
  for (const r of rows) {
    console.log(`| ${r.name} | ${f(r.stored)} | ${f(r.search)} ms | ${f(r.check)} ms | ${r.check <= TARGET_MS ? 'met' : 'missed'} | ${f(r.above)} | ${f(r.over)} | ${f(r.unknown)} |`);
  }
} finally {
  await browser.close();
  await server.stop();
}
