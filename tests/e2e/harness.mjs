// Shared set-up of the browser tests: start `gridlab serve` on a free port, launch
// Debian's Chromium headless through playwright-core, collect page errors.

import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * The gridlab binary the tests run: `GRIDLAB_BIN` (the Makefile's `make test` gives the
 * debug build that `cargo test` has just made), else the release build.
 */
export const CLI = path.resolve(ROOT, process.env.GRIDLAB_BIN || 'target/release/gridlab');
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

/**
 * Start the server (`bin`, serving `root`: by default this checkout's, with CLI);
 * resolves to {url, stop()} once it answers.
 */
export async function startServer({ bin = CLI, root = ROOT } = {}) {
  const port = await freePort();
  const child = spawn(bin, ['serve', '--port', String(port), '--host', '127.0.0.1', '--root', root], {
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
 * load is tolerated (an optional level collection). The service worker is blocked
 * unless `serviceWorkers: 'allow'` (loading.test.mjs tests it): keeping every file a
 * page fetches costs each test's fresh context CPU time that tells nothing new.
 */
export async function openPage(browser, url, { viewport = { width: 1400, height: 900 }, deviceScaleFactor = 1, hasTouch = false, isMobile = false, allowMissing = null, game = null, serviceWorkers = 'block' } = {}) {
  const context = await browser.newContext({ viewport, deviceScaleFactor, hasTouch, isMobile, serviceWorkers });
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

/**
 * The `open(hash, opts)` of a test file: a page at `hash` on `env`'s server (see
 * openPage). With `game`, the hash is `#game=GAME` unless given, and the page waits for
 * that game whenever the hash names it; with `collectionMayBeMissing`, the game's
 * optional level collection (levels/GAME/index.json) may fail to load.
 */
export function pageOpener(env, game = null, { collectionMayBeMissing = false } = {}) {
  if (!game) return (hash = '', opts = {}) => openPage(env.browser, env.server.url + hash, opts);
  const missing = collectionMayBeMissing ? new RegExp(`/levels/${game}/index\\.json$`) : null;
  return (hash = `#game=${game}`, opts = {}) =>
    openPage(env.browser, env.server.url + hash, { ...opts, allowMissing: missing || opts.allowMissing, game: new RegExp(`game=${game}`).test(hash) ? game : null });
}

/** Wait until the board's animations are over. */
export const idle = (page) => page.waitForFunction(() => !window.gridlab.animating());
/** The moves (or actions) played on the page. */
export const moves = (page) => page.evaluate(() => window.gridlab.moves());
/** The loaded level's text. */
export const levelText = (page) => page.evaluate(() => window.gridlab.levelText());
/** The game's view (what the board shows). */
export const view = (page) => page.evaluate(() => window.gridlab.view());

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

/**
 * Pick `game` in the game picker: it is on offer, the page mounts it, and the picker
 * shows it pressed.
 */
export async function pickGame(page, game) {
  const button = `[data-game="${game}"]`;
  assert.equal(await page.getAttribute(button, 'aria-disabled'), null);
  await page.click(button);
  await page.waitForFunction((id) => window.gridlab && window.gridlab.game === id, game);
  assert.equal(await page.getAttribute(button, 'aria-pressed'), 'true');
}

/** Pick `algo` on the Solve tab and start a solve of the loaded level. */
export async function startSolve(page, algo) {
  await tab(page, 'solve');
  await page.selectOption('#algo', algo);
  await page.click('#solve');
}

/** Solve the loaded level with `algo` on the Solve tab; resolves once the result shows. */
export async function solve(page, algo) {
  await startSolve(page, algo);
  await page.waitForSelector('#outcome', { timeout: 60000 });
  await page.waitForSelector('#solve:not([disabled])', { timeout: 60000 });
}

/**
 * After an edit turned the level `before` into `after` (on the Edit tab): Undo and Redo
 * go back and forth, and so do Ctrl+Z and Ctrl+Y on the board.
 */
export async function assertUndoRedo(page, before, after) {
  await page.click('#edit-undo');
  assert.equal(await levelText(page), before);
  await page.click('#edit-redo');
  assert.equal(await levelText(page), after);
  await page.locator('#board').focus();
  await page.keyboard.press('Control+z');
  assert.equal(await levelText(page), before);
  await page.keyboard.press('Control+y');
  assert.equal(await levelText(page), after);
}

/** The level `text` of `game` is saved in the browser: a reload brings it back. */
export async function assertAutosaved(page, game, text) {
  await page.waitForFunction(
    ([key, t]) => (JSON.parse(localStorage.getItem(key) || '{}').level || '') === t,
    [`gridlab.v1.${game}`, text],
  );
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.evaluate(() => window.gridlab.game), game);
  assert.equal(await levelText(page), text);
}

/** Reset level (Edit tab) brings back the level `before`. */
export async function assertReset(page, before) {
  await tab(page, 'edit');
  await page.click('#reset-level');
  assert.equal(await levelText(page), before);
}

/** Good level text loaded through the Edit tab shows no error and is the level. */
export async function assertLoads(page, text) {
  await loadText(page, text);
  assert.ok(await page.isHidden('#error'));
  assert.equal(await levelText(page), text);
}

/**
 * Bad level text (`bad`) loaded through the Edit tab shows an error naming its place
 * (`place`, a RegExp) and keeps the level and the board; resolves to the message.
 */
export async function assertBadTextKept(page, bad, place) {
  const before = await levelText(page);
  await loadText(page, bad);
  await page.waitForSelector('#error:not([hidden])');
  const message = await page.textContent('#error');
  assert.match(message, place);
  assert.equal(await levelText(page), before);
  assert.ok(await page.isVisible('#board'));
  return message;
}

/** A link to `game` on `level` with the moves `played`: the page shows them. */
export async function openLink(open, game, level, played) {
  const opened = await open(`#game=${game}&level=${b64url(level)}&moves=${played}`);
  assert.equal(await levelText(opened.page), level);
  assert.equal(await moves(opened.page), played);
  return opened;
}

/**
 * `page`'s link (its URL's hash) opened with `open` shows the same level (`level`,
 * else `page`'s), the moves `played` and the same course output, without errors.
 */
export async function assertLinkReopens(page, open, played, { level = null } = {}) {
  const url = page.url();
  const other = await open(url.slice(url.indexOf('#')));
  assert.equal(await levelText(other.page), level ?? (await levelText(page)));
  assert.equal(await moves(other.page), played);
  assert.equal(await other.page.textContent('#output'), await page.textContent('#output'));
  assert.deepEqual(other.errors, []);
  await other.context.close();
}

/** A link (`hash`) to a damaged level shows an error naming `place`, and the board. */
export async function assertBadLink(open, hash, place) {
  const bad = await open(hash);
  assert.match(await bad.page.textContent('#error'), place);
  assert.ok(await bad.page.isVisible('#board'));
  await bad.context.close();
}

/** Once the page is still (see settle), a screenshot named `name` (with `options`). */
export async function snap(page, name, options = {}) {
  await settle(page);
  await page.screenshot({ path: shotPath(name), ...options });
}

/** A phone: the `openPage` options of a small touch screen at 3 device pixels a CSS pixel. */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true };

/** The board's canvas has `scale` device pixels to a CSS pixel (HiDPI rendering). */
export async function assertBackingScale(page, scale) {
  const dims = await page.evaluate(() => {
    const c = document.querySelector('#board');
    return { w: c.width, css: c.getBoundingClientRect().width };
  });
  assert.ok(Math.abs(dims.w / dims.css - scale) < 0.05, `backing store at ${scale}× (${dims.w} for ${dims.css} CSS px)`);
}

/** The Present button turns presentation mode on. */
export async function present(page) {
  await page.evaluate(() => document.querySelector('#present').click());
  assert.ok(await page.evaluate(() => document.body.classList.contains('presenting')));
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
