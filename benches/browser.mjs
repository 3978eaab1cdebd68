// Pengu and Act-Man solves and Rogue's exact solution side by side: the native binary and the WebAssembly module in headless
// Chromium (Debian's, through playwright-core), in one run.
//
// Run from the repository root after `make wasm native` (or `make bench`):
//   node benches/browser.mjs
// Environment: BENCH_RUNS (timed runs per side and case, default 5), BENCH_ONLY (games,
// e.g. `rogue` or `pengu,actman`; default all).
//
// For each case: one warm-up on each side (a whole warm-up pass over every case, so the
// browser's wasm tier-up happens before anything is timed), then BENCH_RUNS timed runs,
// native and wasm alternating; the table shows medians. "ms" is the engine's own
// `stats.elapsedMs` (the same `web_time::Instant` clock in the search on both sides:
// `std::time::Instant` natively, `performance.now()` in the browser). The wall columns
// are the whole call: natively a process spawn + level parse + solve + JSON output,
// in the browser `performance.now()` around `run_tool(game, 'solve', ...)` (options and result
// conversion included).
//
// Exits 1 when native and wasm disagree on a plan (MISMATCH), when a case does not give
// the known result (UNEXPECTED), or on any error; the server and browser are stopped in
// every case.

import { execFile } from 'node:child_process';
import { readFileSync, readdirSync, existsSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { startServer, launch, ROOT } from '../tests/e2e/harness.mjs';

const RUNS = Math.max(1, Number.parseInt(process.env.BENCH_RUNS ?? '5', 10) || 5);
const BIN = path.join(ROOT, 'target', 'release', 'gridlab');
const WASM = path.join(ROOT, 'pkg', 'gridlab_bg.wasm');
const LEVELS = path.join(ROOT, 'levels');
const NATIVE_TIMEOUT_MS = 10 * 60 * 1000; // one native solve
const WATCHDOG_MS = 45 * 60 * 1000; // the whole benchmark

const ALGO_NAMES = { astar: 'A*', bfs: 'BFS', iddfs: 'ID-DFS' };
/** The three hardest Act-Man dungeons (the same as benches/actman.rs). */
const ACTMAN_HARDEST = ['13-great-hall.txt', '12-long-haul.txt', '10-ogre-pileup.txt'];

/**
 * game, file (under levels/<game>/), solver, goal (Pengu: 'all' or a number of fish;
 * Act-Man: the objective 'turns' or 'score'), known result (moves, or null: no plan).
 */
const PENGU = (file, algo, goal, expect) => ({ game: 'pengu', file: `course/${file}`, algo, goal, ...(expect === undefined ? {} : { expect }) });
const ACTMAN = (file, algo, goal) => ({ game: 'actman', file, algo, goal });
const ALL_CASES = [
  PENGU('testcase-11-8x17.txt', 'astar', 'all', 25),
  PENGU('a4-8x17.txt', 'astar', 'all', null),
  PENGU('testcase-15-13x69.txt', 'astar', 'all', 23),
  PENGU('testcase-07-8x7.txt', 'astar', 'all'),
  PENGU('testcase-07-8x7.txt', 'bfs', 'all'),
  PENGU('a3-6x20.txt', 'bfs', 20),
  PENGU('a3-6x20.txt', 'iddfs', 20),
  ...ACTMAN_HARDEST.flatMap((file) => [ACTMAN(file, 'bfs', 'turns'), ACTMAN(file, 'astar', 'score')]),
];
/** BENCH_ONLY=pengu,actman,rogue,gpac limits the run to those games. */
const ONLY = (process.env.BENCH_ONLY ?? 'pengu,actman,rogue,gpac').split(',');
const CASES = ALL_CASES.filter((c) => ONLY.includes(c.game));

// ---------------------------------------------------------------------------------
// Clean-up on every path out.

let server = null; // {url, stop()} from the e2e harness
let serverStopped = false;
let browser = null;
let failing = false;

/** Stop the server (SIGTERM is sent synchronously) at most once. */
function stopServer() {
  if (!server || serverStopped) return Promise.resolve();
  serverStopped = true;
  return server.stop().catch(() => {});
}

async function cleanup() {
  const s = stopServer();
  const b = browser;
  browser = null;
  if (b) await b.close().catch(() => {});
  await s;
}

async function fail(message, code = 1) {
  if (failing) return; // a first failure is already cleaning up; later errors are its echoes
  failing = true;
  console.error(message);
  await cleanup();
  process.exit(code);
}

// Last resort: whatever path leads out, the server gets its SIGTERM (playwright kills
// the browser it launched on exit by itself).
process.on('exit', () => {
  stopServer();
});
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => fail(`\ninterrupted (${sig})`, 130));
}
process.on('unhandledRejection', (e) => fail(`error: ${e && e.stack ? e.stack : e}`));
process.on('uncaughtException', (e) => fail(`error: ${e && e.stack ? e.stack : e}`));
setTimeout(() => fail(`error: benchmark did not finish within ${WATCHDOG_MS / 60000} minutes`), WATCHDOG_MS).unref();

// ---------------------------------------------------------------------------------
// Helpers.

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function fmtMs(ms) {
  if (ms === 0) return '0';
  if (ms < 10) return ms.toFixed(2);
  if (ms < 100) return ms.toFixed(1);
  return ms.toFixed(0);
}

const caseName = (c) => {
  const name = `${c.game} ${c.file.replace(/^course\//, '').replace(/\.txt$/, '')}`;
  if (c.game === 'actman') return `${name} (${c.goal})`;
  return name + (c.goal === 'all' ? '' : ` (≥ ${c.goal} fish)`);
};
const movesLabel = (r) => (r.outcome === 'found' ? String(r.moves.length) : r.outcome.replace('_', ' '));

/** Gzipped size as `make wasm` prints it (GNU `gzip -9`); node's zlib if gzip is missing. */
function gzipSize(file, bytes) {
  return new Promise((resolve) => {
    execFile('gzip', ['-9c', file], { encoding: 'buffer', maxBuffer: 256 << 20, timeout: 60000 }, (err, stdout) => {
      if (!err) resolve({ bytes: stdout.length, how: 'gzip -9' });
      else resolve({ bytes: gzipSync(bytes, { level: 9 }).length, how: "node zlib level 9; no gzip on PATH" });
    });
  });
}

/** One native solve: the engine's JSON and the wall time of the whole process. */
function runNative(c) {
  const goal = c.game === 'pengu' ? ['--goal', String(c.goal)] : ['--objective', c.goal];
  const args = [c.game, 'solve', '--json', '--algo', c.algo, ...goal, path.join(LEVELS, c.game, c.file)];
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    execFile(BIN, args, { cwd: ROOT, timeout: NATIVE_TIMEOUT_MS, maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
      // Exit code 1 is "no plan / goal not met": still a valid JSON answer.
      if (err && !(err.code === 1 && stdout.trim().startsWith('{'))) {
        reject(new Error(`native ${c.algo} ${c.file} failed (${err.code ?? err.signal}): ${stderr || err.message}`));
        return;
      }
      let json;
      try {
        json = JSON.parse(stdout);
      } catch (e) {
        reject(new Error(`native ${c.algo} ${c.file}: bad JSON: ${e.message}\n${stdout.slice(0, 500)}`));
        return;
      }
      resolve({ outcome: json.outcome, moves: json.moves ?? json.actions, stats: json.stats, note: json.note, wallMs });
    });
  });
}

/** One wasm solve on the page's main thread. */
function runWasm(page, c) {
  const options =
    c.game === 'pengu'
      ? { solver: c.algo, goal: c.goal === 'all' ? 'all' : { at_least: c.goal }, maxStates: 20000000 }
      : { solver: c.algo, objective: c.goal, maxStates: 20000000 };
  return page.evaluate(
    ({ text, options, game }) => {
      const t0 = performance.now();
      const r = window.__gridlab.run_tool(game, 'solve', text, options, null);
      const wallMs = performance.now() - t0;
      return { outcome: r.outcome, moves: r.moves ?? r.actions, stats: r.stats, note: r.note ?? null, wallMs };
    },
    { text: c.text, options, game: c.game },
  );
}

/**
 * Peak wasm memory of one solve: a fresh page (a fresh module instance) whose linear
 * memory only grows, read before and after the solve; per stored state.
 */
async function wasmBytesPerState(c, url) {
  const fresh = await browser.newPage();
  try {
    await fresh.route(url, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>mem</title>' }),
    );
    await fresh.goto(url);
    return await fresh.evaluate(
      async ({ text, options, game }) => {
        const mod = await import('/pkg/gridlab.js');
        await mod.default();
        const before = mod.wasm_memory().buffer.byteLength;
        const r = mod.run_tool(game, 'solve', text, options, null);
        const grown = mod.wasm_memory().buffer.byteLength - before;
        return { grown, stored: r.stats.stored };
      },
      { text: c.text, options: { solver: c.algo, objective: c.goal, maxStates: 20000000 }, game: c.game },
    );
  } finally {
    await fresh.close();
  }
}

// ---------------------------------------------------------------------------------
// Main.

for (const [what, p] of [['native binary', BIN], ['wasm module', WASM], ['wasm glue', path.join(ROOT, 'pkg', 'gridlab.js')]]) {
  if (!existsSync(p)) await fail(`error: no ${what} at ${path.relative(ROOT, p)}: run \`make wasm native\` first`);
}
for (const c of CASES) c.text = readFileSync(path.join(LEVELS, c.game, c.file), 'utf8');

server = await startServer();
browser = await launch();
const context = await browser.newContext();
const page = await context.newPage();
page.setDefaultTimeout(120000);
const pageErrors = [];
page.on('pageerror', (e) => pageErrors.push(`pageerror: ${e.message}`));
page.on('console', (m) => {
  if (m.type() === 'error') pageErrors.push(`console: ${m.text()}`);
});

// An empty page at the server's origin (so `/pkg/gridlab.js` resolves), answered by
// playwright itself: the playground's own scripts, service worker and animations stay
// out of the main thread. COOP/COEP make it cross-origin isolated, which gives
// `performance.now()` (the clock of `elapsedMs` in wasm) ~5 µs instead of 100 µs grain.
const blankUrl = `${server.url}__bench_blank__.html`;
await page.route(blankUrl, (route) =>
  route.fulfill({
    status: 200,
    contentType: 'text/html; charset=utf-8',
    headers: { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' },
    body: '<!doctype html><meta charset="utf-8"><title>gridlab bench</title>',
  }),
);
await page.goto(blankUrl);
const env = await page.evaluate(async () => {
  const mod = await import('/pkg/gridlab.js');
  await mod.default();
  window.__gridlab = mod;
  return { ua: navigator.userAgent, isolated: self.crossOriginIsolated === true };
});
const version = browser.version();

// Warm-up: every case once on each side.
for (const c of CASES) {
  await runNative(c);
  await runWasm(page, c);
}

const rows = [];
let failed = false;
for (const c of CASES) {
  const nat = [];
  const was = [];
  for (let i = 0; i < RUNS; i++) {
    nat.push(await runNative(c));
    was.push(await runWasm(page, c));
  }
  // Every run must give the same plan, on both sides.
  const ref = nat[0];
  let mismatch = false;
  for (const [side, list] of [['native', nat], ['wasm', was]]) {
    for (const r of list) {
      if (r.outcome !== ref.outcome || r.moves !== ref.moves) {
        console.error(
          `\n!!!!!!!! MISMATCH !!!!!!!! ${caseName(c)} ${ALGO_NAMES[c.algo]}: native ${ref.outcome} "${ref.moves}" vs ${side} ${r.outcome} "${r.moves}"\n`,
        );
        failed = true;
        mismatch = true;
      }
    }
  }
  if ('expect' in c) {
    const ok = c.expect === null ? ref.outcome === 'no_plan' : ref.outcome === 'found' && ref.moves.length === c.expect;
    if (!ok) {
      console.error(
        `\n!!!!!!!! UNEXPECTED !!!!!!!! ${caseName(c)} ${ALGO_NAMES[c.algo]}: expected ${c.expect === null ? 'no plan' : `${c.expect} moves`}, got ${ref.outcome} "${ref.moves}"\n`,
      );
      failed = true;
    }
  }
  const row = {
    c,
    ref,
    mismatch,
    storedNative: ref.stats.stored,
    storedWasm: was[0].stats.stored,
    nativeMs: median(nat.map((r) => r.stats.elapsedMs)),
    wasmMs: median(was.map((r) => r.stats.elapsedMs)),
    nativeWall: median(nat.map((r) => r.wallMs)),
    wasmWall: median(was.map((r) => r.wallMs)),
    spread: {
      native: [Math.min(...nat.map((r) => r.stats.elapsedMs)), Math.max(...nat.map((r) => r.stats.elapsedMs))],
      wasm: [Math.min(...was.map((r) => r.stats.elapsedMs)), Math.max(...was.map((r) => r.stats.elapsedMs))],
    },
  };
  row.ratio = row.nativeMs > 0 && row.wasmMs > 0 ? row.wasmMs / row.nativeMs : null;
  rows.push(row);
}

// ---------------------------------------------------------------------------------
// Rogue: the exact solution (backward induction over every state), natively with
// `gridlab rogue analyze --json` and in Chromium with `rogue_analyze`; both report the
// analysis' own elapsedMs.

/** An N×N dungeon of rooms only, the monster and the rogue in opposite corners. */
function openRoom(n) {
  const rows = Array.from({ length: n }, (_, r) =>
    Array.from({ length: n }, (_, c) => (r === 0 && c === 0 ? 'A' : r === n - 1 && c === n - 1 ? '@' : '.')).join(' '),
  );
  return `${n}\n${rows.join('\n')}\n`;
}
const rogueDir = path.join(LEVELS, 'rogue');
const rogueCases = !ONLY.includes('rogue') ? [] : [
  { name: 'course/dungeonI.txt', text: readFileSync(path.join(rogueDir, 'course', 'dungeonI.txt'), 'utf8') },
  { name: '32×32 open room (generated)', text: openRoom(32) },
];
for (const file of !ONLY.includes('rogue') ? [] : readdirSync(rogueDir).filter((f) => f.endsWith('.txt')).sort()) {
  const text = readFileSync(path.join(rogueDir, file), 'utf8');
  if (Number.parseInt(text, 10) >= 40) rogueCases.push({ name: file, text });
}

function rogueNative(text) {
  return new Promise((resolve, reject) => {
    const child = execFile(BIN, ['rogue', 'analyze', '--json', '-'], { cwd: ROOT, timeout: NATIVE_TIMEOUT_MS }, (err, stdout, stderr) => {
      if (err) reject(new Error(`native rogue analyze failed: ${stderr || err.message}`));
      else resolve(JSON.parse(stdout));
    });
    child.stdin.end(text);
  });
}
const rogueWasm = (text) => page.evaluate((t) => window.__gridlab.run_tool('rogue', 'analyze', t), text);

const rogueRows = [];
for (const c of rogueCases) {
  await rogueNative(c.text);
  await rogueWasm(c.text);
  const nat = [];
  const was = [];
  for (let i = 0; i < RUNS; i++) {
    nat.push(await rogueNative(c.text));
    was.push(await rogueWasm(c.text));
  }
  for (const r of [...nat, ...was]) {
    if (r.value !== nat[0].value || r.monsterWinPairs !== nat[0].monsterWinPairs || r.states !== nat[0].states) {
      console.error(`\n!!!!!!!! MISMATCH !!!!!!!! rogue ${c.name}: ${JSON.stringify(nat[0])} vs ${JSON.stringify(r)}\n`);
      failed = true;
    }
  }
  const nativeMs = median(nat.map((r) => r.elapsedMs));
  const wasmMs = median(was.map((r) => r.elapsedMs));
  rogueRows.push({ c, ref: nat[0], nativeMs, wasmMs, ratio: nativeMs > 0 ? wasmMs / nativeMs : null });
}

// ---------------------------------------------------------------------------------
// GPac: games per second on one core (avoid vs chase, the course defaults) on the
// first ten of the repaired 35×20 maps per wall density that the course framework was
// compared on (tests/data/gpac/framework/maps.jsonl), natively (`gridlab gpac bench`)
// and in Chromium with `gpac_play`, which plays N seeded games and times them with the
// same clock as natively.

const gpacRows = [];
if (ONLY.includes('gpac')) {
  const tmp = mkdtempSync(path.join(tmpdir(), 'gridlab-bench-'));
  const gamesPerMap = 50;
  const recorded = readFileSync(path.join(ROOT, 'tests/data/gpac/framework/maps.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
  for (const density of [0.05, 0.3, 0.5]) {
    const maps = recorded.filter((m) => m.density === density).slice(0, 10).map((m) => m.map);
    const files = maps.map((text, i) => {
      const file = path.join(tmp, `map-${density}-${i}.txt`);
      writeFileSync(file, text);
      return file;
    });
    const nativeRates = [];
    const wasmRates = [];
    for (let run = 0; run < RUNS; run++) {
      const nat = await new Promise((resolve, reject) => {
        execFile(BIN, ['gpac', 'bench', '--games', String(gamesPerMap), '--seed', '1000', '--json', ...files.flatMap((f) => ['--map', f])], { cwd: ROOT }, (err, stdout, stderr) =>
          err ? reject(new Error(`gpac bench: ${stderr || err.message}`)) : resolve(JSON.parse(stdout)),
        );
      });
      nativeRates.push(nat.gamesPerSecond);
      let games = 0;
      let ms = 0;
      for (const text of maps) {
        const r = await page.evaluate(({ t, n }) => window.__gridlab.gpac_play(t, null, 'avoid', 'chase', 1000, n), { t: text, n: gamesPerMap });
        games += r.games;
        ms += r.elapsedMs;
      }
      wasmRates.push((games / ms) * 1000);
    }
    gpacRows.push({ density, native: median(nativeRates), wasm: median(wasmRates) });
  }
  rmSync(tmp, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------
// Report.

const wasmBytes = readFileSync(WASM);
const gz = await gzipSize(WASM, wasmBytes);

const rate = (expanded, ms) => (ms > 0 ? `${Math.round((expanded / ms) * 1000).toLocaleString('en')}` : 'n/a');
if (rows.length > 0) {
  console.log(`\n## Solves: native vs wasm in headless Chromium\n`);
  console.log(`Chromium ${version}${env.isolated ? ' (cross-origin isolated)' : ' (NOT cross-origin isolated: 100 µs timer grain)'}, node ${process.version}, median of ${RUNS} runs per side after one warm-up.`);
  console.log(`"ms" = the search's own stats.elapsedMs; "native wall ms" includes process start, level parse and JSON output; "wasm wall ms" = performance.now() around the solve call.\n`);
  console.log('| case | algorithm | moves | states stored | native ms | wasm ms | wasm/native | expanded/s native | expanded/s wasm | native wall ms (incl. process start) | wasm wall ms (solve call) |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const stored = r.storedNative === r.storedWasm ? String(r.storedNative) : `${r.storedNative} / ${r.storedWasm} (wasm)`;
    console.log(
      `| ${caseName(r.c)} | ${ALGO_NAMES[r.c.algo]} | ${movesLabel(r.ref)}${r.mismatch ? ' **MISMATCH**' : ''} | ${stored} | ${fmtMs(r.nativeMs)} | ${fmtMs(r.wasmMs)} | ${r.ratio === null ? 'n/a' : r.ratio.toFixed(2)} | ${rate(r.ref.stats.expanded, r.nativeMs)} | ${rate(r.ref.stats.expanded, r.wasmMs)} | ${fmtMs(r.nativeWall)} | ${fmtMs(r.wasmWall)} |`,
    );
  }
  console.log('\n| case | algorithm | states stored | wasm memory grown | bytes/state (wasm) |');
  console.log('|---|---|---:|---:|---:|');
  for (const c of CASES.filter((x) => x.game === 'actman')) {
    const m = await wasmBytesPerState(c, blankUrl);
    const perState = m.stored > 0 ? Math.round(m.grown / m.stored) : 'n/a';
    console.log(`| ${caseName(c)} | ${ALGO_NAMES[c.algo]} | ${m.stored} | ${(m.grown / 1e6).toFixed(1)} MB | ${perState} |`);
  }
}

console.log('\n## Rogue: exact solution, native vs wasm in headless Chromium\n');
console.log('Backward induction over every (monster site, rogue site, side to move); "ms" is the analysis\' own clock, median of the runs. Targets: a 40×40 dungeon with ~1,000 open sites under 1 s natively and under 2 s in Chromium.\n');
console.log('| dungeon | open sites | states | verdict | native ms | wasm ms | wasm/native | states/s wasm |');
console.log('|---|---:|---:|---|---:|---:|---:|---:|');
for (const r of rogueRows) {
  const verdict = r.ref.value === null ? 'rogue survives' : `caught in ${r.ref.value}`;
  console.log(
    `| ${r.c.name} | ${r.ref.sites} | ${r.ref.states.toLocaleString('en')} | ${verdict} | ${fmtMs(r.nativeMs)} | ${fmtMs(r.wasmMs)} | ${r.ratio === null ? 'n/a' : r.ratio.toFixed(2)} | ${rate(r.ref.states, r.wasmMs)} |`,
  );
}

if (gpacRows.length > 0) {
  console.log('\n## GPac: games per second on one core, native vs wasm in headless Chromium\n');
  console.log(`the framework's avoid vs chase, 3 ghosts, linear pills at 0.05, fruit 0.1; the first ten of the recorded framework maps (35×20) per wall density, 50 seeded games each; median of ${RUNS} runs. Targets: ≥ 2,000 games/s natively, Chromium within 1.3×.\n`);
  console.log('| wall density | native games/s | Chromium games/s | native/Chromium |');
  console.log('|---:|---:|---:|---:|');
  for (const r of gpacRows) {
    console.log(`| ${r.density} | ${Math.round(r.native).toLocaleString('en')} | ${Math.round(r.wasm).toLocaleString('en')} | ${(r.native / r.wasm).toFixed(2)} |`);
  }
}

const ratios = rows.filter((r) => r.ratio !== null).map((r) => r.ratio);
const geo = ratios.length === 0 ? NaN : Math.exp(ratios.reduce((s, x) => s + Math.log(x), 0) / ratios.length);
if (ratios.length > 0) console.log(`\nGeometric-mean wasm/native search-time ratio: **${geo.toFixed(2)}** (over ${ratios.length} of ${rows.length} cases; a case with a 0 ms search on either side is left out).`);
console.log(`pkg/gridlab_bg.wasm: ${wasmBytes.length} bytes, ${gz.bytes} gzipped (${gz.how}).`);

const notes = [];
for (const r of rows) {
  if (r.ref.note) notes.push(`${caseName(r.c)} ${ALGO_NAMES[r.c.algo]}: ${r.ref.note}`);
  if (r.storedNative !== r.storedWasm) notes.push(`${caseName(r.c)} ${ALGO_NAMES[r.c.algo]}: states stored differ (native ${r.storedNative}, wasm ${r.storedWasm})`);
  if (r.ratio !== null && r.ratio > 1.8) notes.push(`${caseName(r.c)} ${ALGO_NAMES[r.c.algo]}: wasm/native ${r.ratio.toFixed(2)} is above 1.8`);
}
if (process.env.BENCH_VERBOSE) {
  for (const r of rows) {
    notes.push(
      `${caseName(r.c)} ${ALGO_NAMES[r.c.algo]}: native ${r.spread.native.map(fmtMs).join('–')} ms, wasm ${r.spread.wasm.map(fmtMs).join('–')} ms (min–max)`,
    );
  }
}
if (pageErrors.length) notes.push(...pageErrors.map((e) => `page: ${e}`));
if (notes.length) console.log(`\nNotes:\n${notes.map((n) => `- ${n}`).join('\n')}`);

await cleanup();
if (failed) {
  console.error('\nFAILED: see MISMATCH / UNEXPECTED above.');
  process.exit(1);
}
process.exit(0);
