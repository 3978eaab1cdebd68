// Shared set-up of the browser tests: start `gridlab serve` on a free port, launch
// Debian's Chromium headless through playwright-core, collect page errors.

import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SHOTS = path.join(ROOT, 'test-output', 'screenshots');

export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Start the server; resolves to {url, stop()} once it answers. */
export async function startServer() {
  const port = await freePort();
  const bin = path.join(ROOT, 'target', 'release', 'gridlab');
  const child = spawn(bin, ['serve', '--port', String(port), '--host', '127.0.0.1'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  let exited = null;
  child.on('exit', (code) => (exited = code));
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 60000;
  for (;;) {
    if (exited !== null) throw new Error(`gridlab serve exited (${exited}): ${log}`);
    try {
      const res = await fetch(url);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`gridlab serve did not answer within 60 s: ${log}`);
    }
    await sleep(100);
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (exited !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => {
          if (exited === null) child.kill('SIGKILL');
        }, 3000).unref();
      }),
  };
}

export async function launch() {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, timeout: 120000 });
}

/**
 * A new page with error collection; waits until the playground is ready (and, with
 * `game`, until that game is mounted). `allowMissing`: a URL pattern whose failed
 * load is tolerated (an optional level collection).
 */
export async function openPage(browser, url, { viewport = { width: 1400, height: 900 }, deviceScaleFactor = 1, hasTouch = false, isMobile = false, allowMissing = null, game = null } = {}) {
  const context = await browser.newContext({ viewport, deviceScaleFactor, hasTouch, isMobile });
  const page = await context.newPage();
  page.setDefaultTimeout(60000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const where = (m.location() && m.location().url) || '';
    if (allowMissing && /Failed to load resource/.test(m.text()) && allowMissing.test(where)) return;
    errors.push(`console: ${m.text()}${allowMissing ? ` ${where}` : ''}`);
  });
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]');
  if (game) await page.waitForFunction((id) => window.gridlab && window.gridlab.game === id, game);
  return { page, context, errors };
}

/** Start the server and the browser before a test file's tests, stop them after. */
export function useBrowser() {
  const env = { server: null, browser: null };
  before(async () => {
    env.server = await startServer();
    env.browser = await launch();
  });
  after(async () => {
    if (env.browser) await env.browser.close();
    if (env.server) await env.server.stop();
  });
  return env;
}

export const norm = (t) => t.replace(/\r/g, '').split('\n').map((l) => l.trimEnd()).join('\n').trim();
export const b64url = (s) => Buffer.from(s, 'utf8').toString('base64url');

export async function tab(page, name) {
  await page.click(`#tab-${name}`);
  await page.waitForSelector(`#panel-${name}:not([hidden])`);
}

/** Load a level through the Edit tab's text box. */
export async function loadText(page, text) {
  await tab(page, 'edit');
  await page.fill('#level-text', text);
  await page.click('#load-level');
}

/** The page coordinates of a board cell's centre. */
export async function cellPoint(page, row, col) {
  const box = await page.locator('#board').boundingBox();
  const v = await page.evaluate(() => window.gridlab.view());
  return { x: box.x + ((col + 0.5) * box.width) / v.cols, y: box.y + ((row + 0.5) * box.height) / v.rows };
}

export async function clickCell(page, row, col, { shift = false } = {}) {
  const p = await cellPoint(page, row, col);
  if (shift) await page.keyboard.down('Shift');
  await page.mouse.click(p.x, p.y);
  if (shift) await page.keyboard.up('Shift');
}

/** A swipe on a touch screen from the board's centre, in 5 steps of (dx, dy). */
export async function swipe(page, context, dx, dy) {
  const box = await page.locator('#board').boundingBox();
  const cdp = await context.newCDPSession(page);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const touch = (type, pts) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: pts });
  await touch('touchStart', [{ x, y }]);
  for (let i = 1; i <= 5; i++) await touch('touchMove', [{ x: x + i * dx, y: y + i * dy }]);
  await touch('touchEnd', []);
  return box;
}

export function shotPath(name) {
  mkdirSync(SHOTS, { recursive: true });
  return path.join(SHOTS, name);
}

/** Wait until CSS animations and the board's slide animation are over. */
export async function settle(page) {
  await page.waitForFunction(
    () => !(window.gridlab && window.gridlab.animating()) && !document.querySelector('#toast.show') &&
      document.getAnimations().filter((a) => a.playState === 'running' && a.effect && a.effect.getComputedTiming().iterations !== Infinity).length === 0,
  );
}

/** Run the Compare panel on the loaded level; resolves to {summary, heads}. */
export async function runCompare(page) {
  await tab(page, 'compare');
  await page.click('#compare-run');
  await page.waitForSelector('#compare-run:not([disabled])', { timeout: 120000 });
  const summary = await page.textContent('#compare-summary');
  const heads = await page.$$eval('#compare-table thead th', (ths) => ths.map((t) => t.textContent));
  return { summary, heads };
}

/** Set a range input and fire its `input` event (as a drag would). */
export const setRange = (page, sel, value) => page.$eval(sel, (el, v) => {
  el.value = String(v);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}, value);
