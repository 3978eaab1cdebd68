// The Solve tab's race in headless Chromium at 1920×1080 (`make bench`; alone:
// `node benches/race.mjs` after `make wasm native`): four algorithms (BFS, A*, greedy,
// ID-DFS) on course fields, in the Solve tab (small boards) and in the embed view (the
// race fills the screen: large boards), played at several speeds; per speed, the frames' intervals
// while it plays (median, 95th percentile, worst; the share of frames later than 20 ms)
// and the page's own work per frame (the race's counters and its four boards drawn).
// Target: 60 frames a second (a median interval of 16.7 ms, work well under it).
// Environment: RACE_SECONDS (seconds played per speed, default 3).

import { readFileSync } from 'node:fs';
import { loadavg, cpus } from 'node:os';
import path from 'node:path';
import { ROOT, startServer, launch, openPage } from '../tests/e2e/harness.mjs';

const SECONDS = Math.max(1, Number(process.env.RACE_SECONDS ?? '3') || 3);
const LEVELS = ['testcase-14-20x20.txt', 'testcase-13-10x12.txt'];
const ALGOS = ['bfs', 'astar', 'greedy', 'iddfs'];
/** Indices of RACE_SPEEDS (www/js/race-view.js): 60, 400 and 4,000 expansions a second. */
const SPEEDS = [5, 7, 9];

const pct = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
};
const ms = (x) => `${x.toFixed(1)} ms`;

/** Play the race on the page at speed `speed` for `seconds`; the frames' numbers. */
function play(page, speed, seconds) {
  return page.evaluate(async ({ speed, seconds }) => {
    const race = window.gridlab.raceView();
    const t = race.transport;
    let work = 0;
    const timed = (obj, name) => {
      const real = obj[name].bind(obj);
      obj[name] = (...a) => {
        const t0 = performance.now();
        const out = real(...a);
        work += performance.now() - t0;
        return out;
      };
      return () => (obj[name] = real);
    };
    const undo = [timed(race, 'render'), ...race.cards.map((c) => timed(c.view.board, 'draw'))];
    t.seek(0);
    t.setSpeed(speed);
    await new Promise((r) => requestAnimationFrame(() => r()));
    const frames = [];
    const works = [];
    t.play();
    await new Promise((resolve) => {
      const f = (ts) => {
        frames.push(ts);
        works.push(work);
        work = 0;
        if (ts - frames[0] < seconds * 1000 && t.playing) requestAnimationFrame(f);
        else resolve();
      };
      requestAnimationFrame(f);
    });
    const pos = t.position();
    t.pause();
    undo.forEach((u) => u());
    const gaps = frames.slice(1).map((x, i) => x - frames[i]);
    return { gaps, works: works.slice(1), pos, rate: t.rate, length: t.length() };
  }, { speed, seconds });
}

const server = await startServer();
const browser = await launch();
try {
  console.log(`## The race: four algorithms (${ALGOS.join(', ')}) at 1920×1080, ${SECONDS} s a speed\n`);
  console.log(`(${cpus().length} cores, load average ${loadavg()[0].toFixed(1)} at the start: frames come late when other work holds the cores)\n`);
  console.log('| field | view | speed | frames/s | interval median | p95 | worst | > 20 ms | work/frame median | p95 | steps played |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const level of LEVELS) {
    const text = readFileSync(path.join(ROOT, 'levels/pengu/course', level), 'utf8');
    const { page, context } = await openPage(browser, `${server.url}#game=pengu`, { viewport: { width: 1920, height: 1080 } });
    await page.evaluate((t) => window.gridlab.loadLevel(t, ''), text);
    await page.click('#tab-solve');
    await page.click('#race > summary');
    for (const [i, a] of ALGOS.entries()) await page.selectOption(`#race-algo-${i + 1}`, a);
    await page.click('#race-start');
    await page.waitForFunction(() => {
      const r = window.gridlab.race();
      return !r.running && r.length > 0;
    }, null, { timeout: 300000 });
    await page.evaluate(() => window.gridlab.raceView().transport.pause());
    await page.locator('#race-stage').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => /r\.run=1/.test(decodeURIComponent(location.hash)));
    const embed = await openPage(browser, `${server.url}${new URL(page.url()).hash}&embed=1`, { viewport: { width: 1920, height: 1080 } });
    await embed.page.waitForFunction(() => {
      const r = window.gridlab.race();
      return r && !r.running && r.length > 0 && r.onScreen;
    }, null, { timeout: 300000 });
    for (const [view, p] of [['Solve tab', page], ['embed', embed.page]]) for (const speed of SPEEDS) {
      const r = await play(p, speed, SECONDS);
      const total = r.gaps.reduce((a, b) => a + b, 0);
      const late = r.gaps.filter((g) => g > 20).length;
      console.log(`| ${level.replace('.txt', '')} | ${view} | ${r.rate}/s | ${(1000 * r.gaps.length / total).toFixed(1)} | ${ms(pct(r.gaps, 0.5))} | ${ms(pct(r.gaps, 0.95))} | ${ms(Math.max(...r.gaps))} | ${late} of ${r.gaps.length} | ${ms(pct(r.works, 0.5))} | ${ms(pct(r.works, 0.95))} | ${r.pos} of ${r.length} |`);
    }
    await context.close();
    await embed.context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
