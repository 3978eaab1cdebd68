// The first board (issue 27's second table), in headless Chromium against
// `gridlab serve` (`make bench`; alone: `node benches/first_board.mjs`):
// - the wasm module's bytes over the wire, as served (Brotli or gzip as Chromium asks);
// - time from navigation to the first drawn board (`gridlab:first-board`), cold (a new
//   browser context: empty cache, no service worker) on an emulated 20 Mbit/s line
//   with 40 ms latency and on localhost;
// - the same after a reload with a warm cache (same context, second navigation, once
//   the service worker the first load registered has kept the page's files: the
//   `gridlab:kept` mark), with the bytes it fetched;
// - with each cold row, the requests the page made before its first board.
// Each row per game, the median of BENCH_RUNS loads (default 5), beside its target;
// the machine's load (1-minute average) before and after, as timings follow it.
// The page is watched through the DevTools protocol in its own world (a few lines that
// poll for the mark), not with Playwright's `waitForFunction`, whose injected script
// (compiled in each new page while it loads) would add its own work to the page's.
// A/B: with BENCH_BASELINE=DIR (a copy of an older build's www/, pkg/ and levels/) and
// BENCH_BASELINE_BIN (its gridlab, default this one), each load of this build is
// followed by the same load of that one, and each row gives both (on a busy machine,
// only loads taken side by side compare).

import { loadavg } from 'node:os';
import { startServer, launch } from '../tests/e2e/harness.mjs';

const RUNS = Math.max(1, Number.parseInt(process.env.BENCH_RUNS ?? '5', 10) || 5);
const GAMES = (process.env.BENCH_GAMES || 'pengu,actman,rogue,gpac,arena').split(',');
const SLOW = { offline: false, latency: 40, downloadThroughput: 2.5e6, uploadThroughput: 2.5e6 };
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** What the page measured once its first board is drawn (run in the page's own world). */
const MEASURE = `new Promise((resolve) => {
  const done = () => {
    const [mark] = performance.getEntriesByName('gridlab:first-board');
    if (!mark) return setTimeout(done, 10);
    const res = performance.getEntriesByType('resource');
    const nav = performance.getEntriesByType('navigation')[0];
    const wasm = res.filter((r) => r.name.endsWith('.wasm'));
    const ms = mark.startTime;
    resolve({
      ms,
      requests: res.filter((r) => r.startTime < ms).length,
      wasmWire: wasm.reduce((s, r) => s + r.encodedBodySize, 0),
      wasmRaw: wasm.reduce((s, r) => s + r.decodedBodySize, 0),
      fetched: res.reduce((s, r) => s + r.transferSize, nav ? nav.transferSize : 0),
    });
  };
  done();
})`;

/** Open a page (throttled if asked) and wait for its first board. */
async function firstBoard({ page, cdp }, url, { reload = false } = {}) {
  // Only the first board counts: the page's later loads (the Solve panels, the levels,
  // the workers' module) need not end first.
  if (reload) await page.reload({ waitUntil: 'commit', timeout: 120000 });
  else await page.goto(url, { waitUntil: 'commit', timeout: 120000 });
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', { expression: MEASURE, awaitPromise: true, returnByValue: true, timeout: 120000 });
  if (exceptionDetails) throw new Error(`the page did not draw its board: ${exceptionDetails.text}`);
  return result.value;
}

async function newPage(browser, throttle, serviceWorkers) {
  const context = await browser.newContext({ serviceWorkers });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (throttle) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', throttle);
  }
  return { context, page, cdp };
}

async function cold(browser, url, throttle) {
  const { context, ...tab } = await newPage(browser, throttle, 'block');
  try {
    return await firstBoard(tab, url);
  } finally {
    await context.close();
  }
}

async function warm(browser, url, throttle) {
  const { context, ...tab } = await newPage(browser, throttle, 'allow');
  try {
    await firstBoard(tab, url);
    // The service worker the page registered takes charge of the next navigation.
    await tab.page.evaluate(() => navigator.serviceWorker && navigator.serviceWorker.ready);
    await tab.page.waitForFunction(() => performance.getEntriesByName('gridlab:kept').length > 0, null, { timeout: 60000 });
    return await firstBoard(tab, url, { reload: true });
  } finally {
    await context.close();
  }
}

const kB = (n) => `${Math.round(n / 1000).toLocaleString('en')} kB`;
const row = (workload, measured, target, met) => console.log(`| ${workload} | ${measured} | ${target} | ${met ? 'yes' : 'no'} |`);

const load = () => loadavg()[0].toFixed(2);
const BASELINE = process.env.BENCH_BASELINE;
const server = await startServer();
const baseline = BASELINE ? await startServer({ bin: process.env.BENCH_BASELINE_BIN || undefined, root: BASELINE }) : null;
const browser = await launch();
/** A game's loads, by row. */
const loadsOf = () => ({ slow: [], local: [], warmLocal: [], warmSlow: [] });
try {
  console.log(`## The first board (median of ${RUNS} loads a game; load average before: ${load()})\n`);
  if (baseline) console.log(`Each row: this build, then in brackets the baseline (${BASELINE}) loaded alternately.\n`);
  console.log('| workload | measured | target | met? |');
  console.log('|---|---:|---|---|');
  const results = {};
  const before = {};
  for (const game of GAMES) {
    const runs = loadsOf();
    const old = loadsOf();
    const sides = [[server, runs], ...(baseline ? [[baseline, old]] : [])];
    for (let i = 0; i < RUNS; i++) {
      for (const [key, measure] of [['slow', (u) => cold(browser, u, SLOW)], ['local', (u) => cold(browser, u, null)],
        ['warmLocal', (u) => warm(browser, u, null)], ['warmSlow', (u) => warm(browser, u, SLOW)]]) {
        // The two builds take turns going first.
        for (const [srv, into] of i % 2 ? [...sides].reverse() : sides) into[key].push(await measure(`${srv.url}#game=${game}`));
      }
    }
    results[game] = runs;
    before[game] = old;
  }
  const first = results[GAMES[0]].local[0];
  row(`wasm module over the wire (${kB(first.wasmRaw)} raw)`, kB(first.wasmWire), '≤ 300 kB', first.wasmWire <= 300e3);
  const rows = [
    ['first drawn board, cold, 20 Mbit/s 40 ms', 'slow', 600],
    ['first drawn board, cold, localhost', 'local', 300],
    ['reload with a warm cache, localhost', 'warmLocal', 200],
    ['reload with a warm cache, 20 Mbit/s 40 ms', 'warmSlow', 200],
  ];
  const cell = (runs, key) => {
    const ms = median(runs.map((r) => r.ms));
    const more = key.startsWith('warm')
      ? `${kB(median(runs.map((r) => r.fetched)))} fetched`
      : `${median(runs.map((r) => r.requests))} requests before it`;
    return { ms, text: `${Math.round(ms)} ms, ${more}` };
  };
  for (const [name, key, target] of rows) {
    for (const game of GAMES) {
      const now = cell(results[game][key], key);
      const old = baseline ? ` (baseline: ${cell(before[game][key], key).text})` : '';
      row(`${name}, ${game}`, `${now.text}${old}`, `< ${target} ms`, now.ms < target);
    }
  }
  console.log(`\nLoad average after: ${load()}.`);
} finally {
  await browser.close();
  await server.stop();
  if (baseline) await baseline.stop();
}
