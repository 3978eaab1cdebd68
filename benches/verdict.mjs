// The editor's live verdicts in headless Chromium (`make bench`; alone:
// `node benches/verdict.mjs`): the `verdict` tool that the Edit tab runs in its worker
// after every edit, here run by the same wasm module on a page's main thread (the same
// code and speed), with the options the editor gives it (www/js/games/*/*.js `check`).
// Each row: the median of 5 runs after one warm-up run, beside its target.
// `VERDICT_ROWS=2`: only the first two rows (the glacier's row takes the longest).

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, startServer, launch, openPage } from '../tests/e2e/harness.mjs';

const RUNS = 5;
const WORKLOADS = [
  {
    name: 'Pengu `testcase-11-8x17` (29 fish): optimal plans counted',
    game: 'pengu',
    file: 'levels/pengu/course/testcase-11-8x17.txt',
    options: { maxStates: 300_000, planCap: 1000 },
    targetMs: 200,
    target: 'plans counted, < 200 ms',
    met: (v) => v.verdict === 'win' && v.plans != null,
  },
  {
    name: 'Act-Man `13-great-hall` (12×30, 11 monsters)',
    game: 'actman',
    file: 'levels/actman/13-great-hall.txt',
    options: { maxStates: 1_000_000, planCap: 1000 },
    targetMs: 200,
    target: '< 200 ms',
    met: (v) => v.verdict === 'win',
  },
  {
    name: 'Pengu `12-glacier-100x100` (84 fish, 15 tracked)',
    game: 'pengu',
    file: 'levels/pengu/12-glacier-100x100.txt',
    options: { maxStates: 300_000, planCap: 1000 },
    targetMs: 3000,
    target: 'optimum proved, < 3 s',
    met: (v) => v.verdict === 'win',
  },
];

/** What a verdict says, in a few words. */
function says(v) {
  if (v.verdict !== 'win') return `${v.verdict}${v.note ? ` (${v.note})` : ''}`;
  const plans = v.plans == null ? 'plans not counted' : v.plans >= v.planCap ? `at least ${v.planCap} optimal plans` : `${v.plans} optimal plan${v.plans === 1 ? '' : 's'}`;
  return `win in ${v.moves}, ${plans}`;
}

const server = await startServer();
const browser = await launch();
try {
  const { page, context } = await openPage(browser, `${server.url}#game=pengu`, { game: 'pengu' });
  await page.evaluate(async () => {
    const wasm = await import('/pkg/gridlab.js');
    await wasm.default();
    globalThis.verdictWasm = wasm;
  });
  const rows = [];
  for (const w of WORKLOADS.slice(0, Number(process.env.VERDICT_ROWS) || WORKLOADS.length)) {
    const text = readFileSync(path.join(ROOT, w.file), 'utf8');
    const r = await page.evaluate(({ game, text, options, runs }) => {
      const wasm = globalThis.verdictWasm;
      const times = [];
      let result = null;
      for (let i = 0; i <= runs; i++) {
        const t0 = performance.now();
        result = wasm.run_tool(game, 'verdict', text, options, () => {});
        if (i > 0) times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      return { ms: times[Math.floor(times.length / 2)], times, result };
    }, { game: w.game, text, options: w.options, runs: RUNS });
    rows.push({ w, ...r });
  }
  await context.close();
  console.log('## Editor verdicts (Chromium, wasm; the `verdict` tool with the editor\'s options)\n');
  console.log('| workload | measured (median of 5) | verdict | target | met? |');
  console.log('|---|---:|---|---|---|');
  for (const { w, ms, result } of rows) {
    const met = ms <= w.targetMs && w.met(result);
    console.log(`| ${w.name} | ${Math.round(ms).toLocaleString('en-US')} ms | ${says(result)} | ${w.target} | ${met ? 'met' : 'missed'} |`);
  }
} finally {
  await browser.close();
  await server.stop();
}
