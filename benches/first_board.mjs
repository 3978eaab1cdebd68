// Time from navigation to the first drawn board, per game, in headless Chromium
// (`make bench`; alone: `node benches/first_board.mjs`). Each load is cold: a new
// browser context (empty cache, no service worker). Measured on localhost and on an
// emulated 20 Mbit/s line (40 ms latency), with the server's compression as the
// browser asks and with `Accept-Encoding: identity` (what `gridlab serve` sent before).
// Environment: BENCH_RUNS (loads per case, default 7).

import { startServer, launch } from '../tests/e2e/harness.mjs';

const RUNS = Math.max(1, Number.parseInt(process.env.BENCH_RUNS ?? '7', 10) || 7);
const GAMES = ['pengu', 'actman', 'rogue', 'gpac', 'arena'];
const LINES = [
  { name: 'localhost', throttle: null },
  { name: '20 Mbit/s, 40 ms', throttle: { offline: false, latency: 40, downloadThroughput: 2.5e6, uploadThroughput: 2.5e6 } },
];
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

async function load(browser, url, { identity, throttle }) {
  const context = await browser.newContext({ serviceWorkers: 'block', extraHTTPHeaders: identity ? { 'Accept-Encoding': 'identity' } : {} });
  const page = await context.newPage();
  if (throttle) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', throttle);
  }
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName('gridlab:first-board').length > 0, null, { timeout: 120000 });
  const ms = await page.evaluate(() => performance.getEntriesByName('gridlab:first-board')[0].startTime);
  await context.close();
  return ms;
}

const server = await startServer();
const browser = await launch();
try {
  console.log('## First drawn board after navigation (cold load, median of %d)\n', RUNS);
  console.log('| game | line | compressed | uncompressed |');
  console.log('|---|---|---:|---:|');
  for (const line of LINES) {
    for (const game of GAMES) {
      const cells = [];
      for (const identity of [false, true]) {
        const times = [];
        for (let i = 0; i < RUNS; i++) times.push((await load(browser, `${server.url}#game=${game}`, { identity, throttle: line.throttle })));
        cells.push(`${Math.round(median(times))} ms`);
      }
      console.log(`| ${game} | ${line.name} | ${cells[0]} | ${cells[1]} |`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
