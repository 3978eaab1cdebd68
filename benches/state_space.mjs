// The state-space view in headless Chromium: how long its layouts take on a level of
// about 2,000 states (target: within 1 s), and how readable each layout is on the
// course fields (edge crossings among sampled pairs of edges, nodes on top of another,
// mean edge length), to choose the default.
//
// Run from the repository root after `make wasm` (or `make bench`):
//   node benches/state_space.mjs
// Environment: BENCH_RUNS (layouts timed per case, the median is printed; default 5).

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startServer, launch, ROOT } from '../tests/e2e/harness.mjs';

const RUNS = Math.max(1, Number.parseInt(process.env.BENCH_RUNS ?? '5', 10) || 5);
const TARGET_MS = 1000;
/** Testcase 3 with its hole walled: 1,970 states (tests/suite/state_space.rs checks it). */
const BENCH_LEVEL = '6 7\n#######\n#P# *0#\n#*0*#*#\n#0 S0##\n#***S*#\n#######\n';
const course = (name) => readFileSync(path.join(ROOT, 'levels', 'pengu', 'course', `${name}.txt`), 'utf8');
const LEVELS = [
  ['1,970-state level (testcase 3 walled)', BENCH_LEVEL],
  ['testcase-03-6x7', course('testcase-03-6x7')],
  ['testcase-04-7x7', course('testcase-04-7x7')],
  ['cpp-input-13x69', course('cpp-input-13x69')],
];

const server = await startServer();
const browser = await launch();
const rows = [];
let failed = false;
try {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${server.url}#game=pengu`);
  await page.waitForFunction(() => window.gridlab && window.gridlab.game === 'pengu', null, { timeout: 120000 });
  for (const [name, text] of LEVELS) {
    await page.click('#tab-edit');
    await page.fill('#level-text', text);
    await page.click('#load-level');
    await page.click('#tab-solve');
    const opened = await page.evaluate(() => document.querySelector('#state-space').open);
    const t0 = Date.now();
    if (!opened) await page.click('#state-space > summary');
    else await page.evaluate(() => document.querySelector('#ss-canvas').stateSpace.opened());
    await page.waitForFunction(() => {
      const v = document.querySelector('#ss-canvas').stateSpace;
      return (v.space && v.drawnFor && v.drawnFor.text === window.gridlab.levelText()) || document.querySelector('#ss-message.bad');
    }, null, { timeout: 120000 });
    const bad = await page.$eval('#ss-message', (el) => (el.classList.contains('bad') ? el.textContent : ''));
    if (bad) throw new Error(`${name}: ${bad}`);
    const opening = Date.now() - t0;
    const result = await page.evaluate(async ({ runs }) => {
      const { measure } = await import('./js/state-space.js');
      const view = document.querySelector('#ss-canvas').stateSpace;
      const s = view.space;
      const out = { states: s.n, edges: s.edgeCount, layouts: {} };
      for (const name of ['layers', 'force']) {
        const times = [];
        let pos = null;
        for (let i = 0; i < runs; i++) {
          const t = performance.now();
          pos = s.layout(name);
          times.push(performance.now() - t);
        }
        times.sort((a, b) => a - b);
        // Layout and first drawing, as the switch does it.
        const t = performance.now();
        view.setLayout(name);
        const withDraw = performance.now() - t;
        out.layouts[name] = { ms: times[Math.floor(runs / 2)], withDraw, ...measure(s, pos) };
      }
      view.setLayout(view.layoutBox.options[0].value);
      return out;
    }, { runs: RUNS });
    rows.push({ name, opening, ...result });
  }
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}

const pct = (v) => `${(v * 100).toFixed(1)} %`;
console.log(`\n## The state-space view in Chromium (median of ${RUNS} layouts)\n`);
console.log('| level | states | moves | open → drawn (tool in the worker + layout + drawing) | layers | force | target |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  const l = r.layouts.layers, f = r.layouts.force;
  console.log(`| ${r.name} | ${r.states} | ${r.edges} | ${r.opening} ms | ${l.ms.toFixed(1)} ms (${l.withDraw.toFixed(1)} ms drawn) | ${f.ms.toFixed(1)} ms (${f.withDraw.toFixed(1)} ms drawn) | ${TARGET_MS} ms |`);
  if (r.states >= 1900 && (Math.max(l.withDraw, f.withDraw) > TARGET_MS)) failed = true;
}
console.log('\n## Readability (lower is better): edges crossing (sampled pairs), nodes on another, mean edge length\n');
console.log('| level | layers: crossings | overlaps | edge length | force: crossings | overlaps | edge length |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  const l = r.layouts.layers, f = r.layouts.force;
  console.log(`| ${r.name} | ${pct(l.crossings)} | ${pct(l.overlaps)} | ${l.edgeLength.toFixed(3)} | ${pct(f.crossings)} | ${pct(f.overlaps)} | ${f.edgeLength.toFixed(3)} |`);
}
if (failed) {
  console.error(`a layout of the ~2,000-state level took more than ${TARGET_MS} ms`);
  process.exit(1);
}
