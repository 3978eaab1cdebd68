// Levels with a proved difficulty: the generator's targets, natively and in headless
// Chromium, and the editor's verdict on course fields.
//
// Run from the repository root after `make wasm native` (or `make bench`):
//   node benches/generate.mjs
// Environment: GEN_SEEDS (seeds per target, default 10), GEN_BUDGET (candidates of each
// "longest" run, default 1,000,000).
//
// 1. Pengu 10×10 (border included), 8 fish, at least 30 moves, unique: one level per
//    seed, natively (`gridlab pengu generate`) and in the browser (`run_tool('pengu', 'generate', ...)`);
//    the two must be the same level (one seed, one level). Median and slowest time.
// 2. Beyond the 41-move record: the same with at least 42 moves.
// 3. The longest unique optimal plan found per board size (6×7, 8×8, 10×10; 6 fish for
//    6×7, 8 for the others) in one `--longest` run of GEN_BUDGET candidates (seed 1).
// 4. The editor's verdict (the `verdict` tool) on course fields in the browser: the time
//    from the call to the answer (the 200 ms target).
// Exits 1 when native and wasm disagree, or on any error.

import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { startServer, launch, ROOT } from '../tests/e2e/harness.mjs';

const SEEDS = Math.max(1, Number.parseInt(process.env.GEN_SEEDS ?? '10', 10) || 10);
const BUDGET = Math.max(1000, Number.parseInt(process.env.GEN_BUDGET ?? '1000000', 10) || 1000000);
const BIN = path.join(ROOT, 'target', 'release', 'gridlab');

function native(args) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    execFile(BIN, args, { maxBuffer: 1 << 24, timeout: 20 * 60 * 1000 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`${args.join(' ')}: ${stderr || err.message}`));
      resolve({ ms: performance.now() - started, level: stdout.trim(), summary: stderr.trim() });
    });
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const secs = (ms) => `${(ms / 1000).toFixed(2)} s`;

let server;
let browser;
let failed = false;
try {
  server = await startServer();
  browser = await launch();
  const page = await browser.newPage();
  page.setDefaultTimeout(30 * 60 * 1000);
  await page.route(`${server.url}__gen_blank__.html`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>gen</title>' }));
  await page.goto(`${server.url}__gen_blank__.html`);
  await page.evaluate(async () => {
    const mod = await import('/pkg/gridlab.js');
    await mod.default();
    window.__gridlab = mod;
  });
  const wasm = (options) => page.evaluate((o) => {
    const started = performance.now();
    const r = window.__gridlab.run_tool('pengu', 'generate', '', o, null);
    return { ms: performance.now() - started, level: r.level.trim(), moves: r.features.optimal_moves, candidates: r.candidates };
  }, options);

  for (const [title, minMoves] of [['≥ 30 moves, unique', 30], ['≥ 42 moves, unique (beyond the 41 record)', 42]]) {
    const nat = [];
    const was = [];
    const moves = [];
    for (let seed = 1; seed <= SEEDS; seed++) {
      const n = await native(['pengu', 'generate', '--size', '10x10', '--fish', '8', '--min-moves', String(minMoves), '--unique', '--seed', String(seed)]);
      const w = await wasm({ rows: 10, cols: 10, fish: 8, minMoves, unique: true, seed, maxCandidates: 20_000_000 });
      if (n.level !== w.level) {
        console.error(`MISMATCH seed ${seed}: native and wasm made different levels`);
        failed = true;
      }
      nat.push(n.ms);
      was.push(w.ms);
      moves.push(w.moves);
    }
    console.log(`Pengu 10×10, 8 fish, ${title}, ${SEEDS} seeds: native median ${secs(median(nat))}, slowest ${secs(Math.max(...nat))}; ` +
      `Chromium median ${secs(median(was))}, slowest ${secs(Math.max(...was))}; optimal moves ${Math.min(...moves)} to ${Math.max(...moves)}`);
  }

  console.log(`\nLongest unique optimal plan in one --longest run of ${BUDGET.toLocaleString('en-US')} candidates (seed 1):`);
  for (const [size, fish] of [['6x7', 6], ['8x8', 8], ['10x10', 8]]) {
    const n = await native(['pengu', 'generate', '--size', size, '--fish', String(fish), '--min-moves', '1', '--unique', '--longest', '--seed', '1', '--max-candidates', String(BUDGET)]);
    console.log(`| ${size} | ${fish} | ${n.summary.match(/(\d+) moves/)[1]} | ${secs(n.ms)} |`);
    console.log(n.level.split('\n').map((l) => `    ${l}`).join('\n'));
  }

  console.log('\nThe editor\'s verdict (the verdict tool) in Chromium, median of 5:');
  for (const file of ['testcase-07-8x7', 'testcase-11-8x17', 'testcase-13-10x12', 'a3-6x20', 'testcase-14-20x20']) {
    const text = readFileSync(path.join(ROOT, 'levels', 'pengu', 'course', `${file}.txt`), 'utf8');
    const r = await page.evaluate((t) => {
      const times = [];
      let v;
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        v = window.__gridlab.run_tool('pengu', 'verdict', t, { maxStates: 300000, planCap: 1000 });
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      return { ms: times[2], verdict: v.verdict, moves: v.moves, plans: v.plans, note: v.note };
    }, text);
    console.log(`| ${file} | ${r.verdict}${r.moves != null ? ` in ${r.moves}, ${r.plans} plans` : ''}${r.note ? ` (${r.note})` : ''} | ${r.ms.toFixed(1)} ms |`);
  }

  console.log('\nThe editor\'s verdict on every bundled and course Act-Man and Rogue level in Chromium (the page\'s limits), median of 3:');
  for (const [game, options] of [['actman', { maxStates: 1000000, planCap: 1000 }], ['rogue', {}]]) {
    const dir = path.join(ROOT, 'levels', game);
    const times = [];
    const files = [...readdirSync(dir), ...readdirSync(path.join(dir, 'course')).map((f) => `course/${f}`)].filter((f) => f.endsWith('.txt'));
    for (const file of files) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      const r = await page.evaluate(({ g, t, o }) => {
        const ms = [];
        let v;
        for (let i = 0; i < 3; i++) {
          const started = performance.now();
          v = window.__gridlab.run_tool(g, 'verdict', t, o);
          ms.push(performance.now() - started);
        }
        ms.sort((a, b) => a - b);
        return { ms: ms[1], verdict: v.verdict, moves: v.moves, plans: v.plans };
      }, { g: game, t: text, o: options });
      times.push([file, r]);
    }
    times.sort((a, b) => b[1].ms - a[1].ms);
    const med = median(times.map(([, r]) => r.ms));
    console.log(`${game}: ${times.length} levels, median ${med.toFixed(1)} ms, slowest ${times.slice(0, 3).map(([f, r]) => `${f} ${r.ms.toFixed(1)} ms (${r.verdict}${r.moves != null ? ` ${r.moves}` : ''})`).join(', ')}`);
  }
} catch (err) {
  console.error(err);
  failed = true;
} finally {
  if (browser) await browser.close();
  if (server) await server.stop();
}
process.exit(failed ? 1 : 0);
