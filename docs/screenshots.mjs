// The README's screenshots, made again from links: `make screenshots` (after
// `make wasm native browser-deps`). Each picture is a playground URL (the link carries
// the whole view) plus, where the view is a live run, a few clicks.

import path from 'node:path';
import { startServer, launch, ROOT } from '../tests/e2e/harness.mjs';

const SHOTS = [
  {
    file: 'screenshot-solve.png',
    hash: '#game=pengu&tab=solve&s.algo=astar&s.solved=1',
    ready: (page) => page.waitForSelector('#outcome', { timeout: 120000 }),
  },
  {
    file: 'screenshot-debugger.png',
    hash: '#game=pengu&tab=solve&s.algo=astar&s.solved=1',
    ready: async (page) => {
      await page.waitForSelector('#debugger:not([hidden])', { timeout: 120000 });
      for (let i = 0; i < 6; i++) await page.click('#dbg-step');
      await page.locator('#debugger').scrollIntoViewIfNeeded();
    },
  },
  {
    file: 'screenshot-play.png',
    hash: '#game=pengu&moves=3',
  },
  {
    file: 'screenshot-actman.png',
    hash: '#game=actman',
  },
  {
    file: 'screenshot-gpac.png',
    hash: '#game=gpac&tab=compare',
    ready: async (page) => {
      await page.click('#lab-start');
      await page.waitForTimeout(6000);
      if (await page.isEnabled('#lab-stop')) await page.click('#lab-stop');
    },
  },
  {
    file: 'screenshot-arena.png',
    hash: '#game=arena',
    ready: async (page) => {
      await page.click('#arena-start');
      await page.waitForTimeout(4000);
      if (await page.isEnabled('#arena-pause')) await page.click('#arena-pause');
    },
  },
  {
    file: 'screenshot-rogue.png',
    hash: '#game=rogue',
    ready: async (page) => {
      for (const id of ['#exact-toggle', '#cycles-toggle', '#trail-toggle']) {
        if (!(await page.isChecked(id))) await page.click(id);
      }
      await page.click('#step');
      await page.waitForTimeout(500);
    },
  },
  {
    file: 'screenshot-lecture.png',
    viewport: { width: 1920, height: 1080 },
    hash: '#game=pengu&tab=solve&s.algo=bfs&s.solved=1&present=1',
    ready: async (page) => {
      await page.waitForSelector('#debugger:not([hidden])', { timeout: 120000 });
      await page.locator('#debugger').scrollIntoViewIfNeeded();
      for (let i = 0; i < 4; i++) await page.keyboard.press('PageDown');
      await page.locator('#debugger').scrollIntoViewIfNeeded();
    },
  },
  {
    file: 'screenshot-race.png',
    hash: '#game=pengu&tab=solve&r.algos=bfs,astar,greedy,iddfs&r.run=1&r.pos=60',
    ready: async (page) => {
      await page.waitForFunction(() => {
        const r = window.gridlab.race();
        return r && !r.running && r.pos === 60;
      }, null, { timeout: 120000 });
      await page.locator('#race-stage').scrollIntoViewIfNeeded();
    },
  },
  {
    file: 'screenshot-lab.png',
    hash: '#game=pengu&tab=solve',
    ready: async (page) => {
      await page.click('#heuristic-lab > summary');
      await page.selectOption('#lab-starter', 'manhattan');
      await page.click('#lab-run');
      await page.waitForSelector('#lab-admissible', { timeout: 120000 });
      await page.locator('#lab-admissible').scrollIntoViewIfNeeded();
    },
  },
  {
    file: 'screenshot-state-space.png',
    hash: '#game=pengu&tab=solve&s.algo=astar&s.solved=1',
    ready: async (page) => {
      await page.waitForSelector('#debugger:not([hidden])', { timeout: 120000 });
      await page.click('#state-space > summary');
      await page.waitForFunction(() => document.querySelector('#ss-canvas').dataset.following === 'true', null, { timeout: 60000 });
      for (let i = 0; i < 8; i++) await page.click('#dbg-step');
      await page.locator('#state-space').scrollIntoViewIfNeeded();
    },
  },
  {
    file: 'screenshot-phone.png',
    viewport: { width: 390, height: 844 },
    phone: true,
    hash: '#game=pengu',
    ready: async (page) => {
      await page.selectOption('#level-select', 'collection:12-glacier-100x100.txt');
      await page.waitForTimeout(500);
      await page.click('#zoom-in');
      await page.click('#zoom-in');
    },
  },
];

const server = await startServer();
const browser = await launch();
try {
  // SHOTS_ONLY=screenshot-race.png: that picture alone.
  for (const shot of SHOTS.filter((x) => !process.env.SHOTS_ONLY || x.file === process.env.SHOTS_ONLY)) {
    const phone = shot.phone ? { hasTouch: true, isMobile: true, deviceScaleFactor: 2 } : {};
    const context = await browser.newContext({ viewport: shot.viewport || { width: 1400, height: 900 }, ...phone });
    const page = await context.newPage();
    page.setDefaultTimeout(60000);
    await page.goto(server.url + shot.hash);
    await page.waitForSelector('body[data-ready="true"]');
    if (shot.ready) await shot.ready(page);
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(ROOT, 'docs', shot.file) });
    console.log(`docs/${shot.file}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
