// The board on a phone and in an embed: a pinch zooms and a drag pans a big board
// (never a move), the zoomed board keeps to the screen, the zoom / export bar hides no
// part of the board in any game, and an embedded board is focused, not played, by a
// click and fills its iframe.

import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, useBrowser, pageOpener, pickGame, b64url, PHONE, swipe, snap } from './harness.mjs';

const env = useBrowser();
const open = pageOpener(env);

const GLACIER = readFileSync(path.join(ROOT, 'levels/pengu/12-glacier-100x100.txt'), 'utf8');
const TC07 = '8 7\n#######\n#*#*#*#\n##***##\n#*****#\n##*P*##\n#*****#\n#*#*#*#\n#######\n';

/** CDP touch input on `page`: `touch(type, points)` with points `[x, y]` (ids in order). */
async function touchInput(page, context) {
  const cdp = await context.newCDPSession(page);
  return (type, pts) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: pts.map(([x, y], id) => ({ x, y, id })) });
}

/** A gesture of one or two fingers: `from` and `to` are lists of [x, y], moved in 6 steps. */
async function gesture(touch, from, to) {
  await touch('touchStart', from.slice(0, 1));
  if (from.length > 1) await touch('touchStart', from);
  for (let i = 1; i <= 6; i++) {
    await touch('touchMove', from.map(([x, y], k) => [x + ((to[k][0] - x) * i) / 6, y + ((to[k][1] - y) * i) / 6]));
  }
  await touch('touchEnd', []);
}

/** The board's geometry: canvas width in device px, the host's box and scroll, where the status bar starts. */
const geometry = (page) => page.evaluate(() => {
  const host = document.querySelector('#board-host');
  const r = host.getBoundingClientRect();
  return {
    width: document.querySelector('#board').width,
    host: { top: r.top, bottom: r.bottom, height: r.height },
    scroll: [host.scrollLeft, host.scrollTop],
    below: document.querySelector('#statusbar').getBoundingClientRect().top + scrollY,
    vh: innerHeight,
  };
});

test('phone, the 100 × 100 glacier: a pinch zooms and drags pan, never a move; the board keeps to the screen', async () => {
  const { page, context, errors } = await open(`#game=pengu&level=${b64url(GLACIER)}`, { ...PHONE, game: 'pengu' });
  await page.waitForFunction(() => window.gridlab.view().rows === 100);
  const touch = await touchInput(page, context);
  const fit = await geometry(page);
  const box = await page.locator('#board').boundingBox();
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  // A pinch (two fingers apart) zooms in and plays nothing.
  await gesture(touch, [[cx - 30, cy], [cx + 30, cy]], [[cx - 140, cy], [cx + 140, cy]]);
  await page.waitForFunction((w) => document.querySelector('#board').width > 2 * w, fit.width);
  assert.equal(await page.evaluate(() => window.gridlab.moves()), '', 'a pinch plays no move');
  // The zoomed board keeps to the screen: the host as tall as before, the page too; Fit in view.
  const zoomed = await geometry(page);
  assert.ok(Math.abs(zoomed.host.height - fit.host.height) <= 1, `host ${zoomed.host.height} px, fitted ${fit.host.height} px`);
  assert.ok(zoomed.host.height <= zoomed.vh * 0.8, `host ${zoomed.host.height} px of a ${zoomed.vh} px screen`);
  assert.ok(Math.abs(zoomed.below - fit.below) <= 1, `the status bar at ${zoomed.below} px, before ${fit.below} px`);
  const fitBtn = await page.locator('#zoom-fit').boundingBox();
  assert.ok(fitBtn.y >= 0 && fitBtn.y + fitBtn.height <= zoomed.vh, `Fit at ${fitBtn.y}`);
  assert.equal(await page.isDisabled('#zoom-fit'), false);
  // One finger drags the zoomed board (pan), not Pengu.
  await gesture(touch, [[cx + 60, cy + 60]], [[cx - 60, cy - 60]]);
  let now = await geometry(page);
  assert.ok(now.scroll[0] > zoomed.scroll[0] + 60 && now.scroll[1] > zoomed.scroll[1] + 60, `panned ${zoomed.scroll} → ${now.scroll}`);
  assert.equal(await page.evaluate(() => window.gridlab.moves()), '', 'a one-finger drag plays no move');
  // Two fingers dragged together pan too.
  const before = now;
  await gesture(touch, [[cx - 40, cy - 40], [cx + 40, cy + 40]], [[cx + 20, cy + 20], [cx + 100, cy + 100]]);
  now = await geometry(page);
  assert.ok(now.scroll[0] < before.scroll[0] - 30 && now.scroll[1] < before.scroll[1] - 30, `panned ${before.scroll} → ${now.scroll}`);
  assert.equal(await page.evaluate(() => window.gridlab.moves()), '', 'a two-finger drag plays no move');
  await snap(page, 'phone-zoomed.png', { scale: 'css' });
  // A tap on a cell plays: Pengu (row 2, column 2) slides east toward the tapped cell.
  await page.evaluate(() => {
    const host = document.querySelector('#board-host');
    host.scrollLeft = 0;
    host.scrollTop = 0;
  });
  const target = await page.evaluate(() => {
    const b = document.querySelector('#board').getBoundingClientRect();
    return { x: b.left + (b.width / 100) * 8.5, y: b.top + (b.height / 100) * 2.5 };
  });
  await touch('touchStart', [[target.x, target.y]]);
  await touch('touchEnd', []);
  await page.waitForFunction(() => window.gridlab.moves() === '6');
  // Fit, and a swipe on the unzoomed board plays a move again.
  await page.click('#zoom-fit');
  await page.waitForFunction((w) => document.querySelector('#board').width === w, fit.width);
  await page.waitForFunction(() => !window.gridlab.animating());
  await swipe(page, context, 0, 14);
  await page.waitForFunction(() => window.gridlab.moves() === '62');
  // The page still scrolls under a finger beside the board (here on the status bar);
  // last, so that the fling it starts cannot meet the gestures above.
  await page.click('#zoom-in');
  const bar = await page.locator('#statusbar').boundingBox();
  await gesture(touch, [[bar.x + 20, bar.y + 20]], [[bar.x + 20, bar.y - 280]]);
  await page.waitForFunction(() => scrollY > 100);
  assert.deepEqual(errors, []);
  await context.close();
});

test('phone, Arena: a pinch zooms the board and neither turns nor starts the game', async () => {
  const { page, context, errors } = await open('#game=arena&mode=human&seat=1&seed=4', { ...PHONE, game: 'arena' });
  const touch = await touchInput(page, context);
  const box = await page.locator('#board').boundingBox();
  const width = await page.evaluate(() => document.querySelector('#board').width);
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  await gesture(touch, [[cx, cy - 20], [cx, cy + 20]], [[cx, cy - 120], [cx, cy + 120]]);
  await page.waitForFunction((w) => document.querySelector('#board').width > w, width);
  assert.equal(await page.evaluate(() => window.gridlab.lastCommand()), null, 'no command');
  assert.equal(await page.evaluate(() => window.gridlab.info().phase), 'ready');
  assert.deepEqual(errors, []);
  await context.close();
});

/** The zoom bar's box and the part of the board canvas that is drawn (inside its host). */
const barAndBoard = (page) => page.evaluate(() => {
  const bar = document.querySelector('.zoom-bar').getBoundingClientRect();
  const c = document.querySelector('#board').getBoundingClientRect();
  const h = document.querySelector('#board-host').getBoundingClientRect();
  const board = { left: Math.max(c.left, h.left), top: Math.max(c.top, h.top), right: Math.min(c.right, h.right), bottom: Math.min(c.bottom, h.bottom) };
  return { bar: { left: bar.left, top: bar.top, right: bar.right, bottom: bar.bottom }, board };
});
const overlap = (a, b) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/** In every game on `page`, the zoom bar is shown and covers no part of the board. */
async function assertBarClear(page, label) {
  for (const game of ['pengu', 'actman', 'rogue', 'gpac', 'arena']) {
    if ((await page.evaluate(() => window.gridlab.game)) !== game) await pickGame(page, game);
    await page.waitForFunction(() => document.querySelector('#board').width > 40);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const { bar, board } = await barAndBoard(page);
    assert.ok(bar.right - bar.left > 40, `${label} ${game}: the zoom bar is shown`);
    assert.equal(overlap(bar, board), 0, `${label} ${game}: bar ${JSON.stringify(bar)} over board ${JSON.stringify(board)}`);
  }
}

test('the zoom and export bar hides no part of the board, in every game, on a phone and two screens', async () => {
  const phone = await open('#game=pengu', { ...PHONE, game: 'pengu' });
  await assertBarClear(phone.page, '390×844');
  assert.deepEqual(phone.errors, []);
  await phone.context.close();
  const { page, context, errors } = await open('#game=pengu', { viewport: { width: 1280, height: 800 }, game: 'pengu' });
  await assertBarClear(page, '1280×800');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await assertBarClear(page, '1920×1080');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the glacier on a phone: the bar covers no row, fitted or zoomed', async () => {
  const { page, context, errors } = await open(`#game=pengu&level=${b64url(GLACIER)}`, { ...PHONE, game: 'pengu' });
  await page.waitForFunction(() => window.gridlab.view().rows === 100);
  let { bar, board } = await barAndBoard(page);
  assert.equal(overlap(bar, board), 0, `fitted: bar ${JSON.stringify(bar)} over board ${JSON.stringify(board)}`);
  const w = await page.evaluate(() => document.querySelector('#board').width);
  await page.click('#zoom-in');
  await page.click('#zoom-in');
  await page.waitForFunction((x) => document.querySelector('#board').width > x, w);
  ({ bar, board } = await barAndBoard(page));
  assert.equal(overlap(bar, board), 0, `zoomed: bar ${JSON.stringify(bar)} over board ${JSON.stringify(board)}`);
  assert.deepEqual(errors, []);
  await context.close();
});

/** A page hosting `hash` in a 480 × 320 iframe; resolves to {page, context, errors, frame}. */
async function embedded(hash) {
  const opened = await open('#game=pengu');
  await opened.page.setContent(`<!doctype html><body style="margin:0"><iframe id="slide" src="${env.server.url}${hash}" width="480" height="320" style="border:0"></iframe></body>`);
  const frame = await (await opened.page.waitForSelector('#slide')).contentFrame();
  await frame.waitForSelector('body[data-ready="true"]');
  return { ...opened, frame };
}

test('embed: a click on the board focuses it and plays nothing; PageDown then steps the heat-map', async () => {
  const { page, context, errors, frame } = await embedded(`#game=pengu&level=${b64url(TC07)}&tab=solve&s.algo=astar&s.solved=1&s.trace=5&embed=1`);
  await frame.waitForFunction(() => /^5 \/ \d+$/.test(document.querySelector('#embed-pos').textContent));
  const pos = await frame.textContent('#embed-pos');
  const [at, total] = pos.split(' / ').map(Number);
  assert.ok(total > 3, `the search replay (${pos})`);
  // A click on a cell beside Pengu (row 4, column 3): in a game it would play a move.
  const box = await frame.locator('#board').boundingBox();
  await page.mouse.click(box.x + (box.width / 7) * 4.5, box.y + (box.height / 8) * 4.5);
  await frame.waitForFunction(() => document.activeElement && document.activeElement.id === 'board');
  await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
  assert.equal(await frame.evaluate(() => window.gridlab.moves()), '', 'the click played no move');
  assert.equal(await frame.textContent('#embed-pos'), pos, 'the heat-map replay is where it was');
  // PageDown steps the heat-map replay on.
  await page.keyboard.press('PageDown');
  await frame.waitForFunction((p) => document.querySelector('#embed-pos').textContent === p, `${at + 1} / ${total}`);
  assert.equal(await frame.evaluate(() => window.gridlab.moves()), '');
  assert.match(await frame.textContent('#trace-info'), /^Expansion [\d,]+ of /, 'the heat-map replay, not a bare board');
  assert.deepEqual(errors, []);
  await context.close();
});

test('embed: the board fills a 480 × 320 iframe, the bar at its bottom', async () => {
  const { context, errors, frame } = await embedded(`#game=pengu&level=${b64url(TC07)}&embed=1`);
  await frame.waitForSelector('#embed-bar:not([hidden])');
  await frame.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const r = await frame.evaluate(() => {
    const q = (s) => document.querySelector(s).getBoundingClientRect();
    return { board: q('#board'), host: q('#board-host'), bar: q('#embed-bar'), h: innerHeight };
  });
  assert.ok(r.h - r.bar.bottom <= 6, `${r.h - r.bar.bottom} px under the bar`);
  assert.ok(r.bar.top - r.host.bottom <= 10, `${r.bar.top - r.host.bottom} px between the board and the bar`);
  // TC07 is taller than wide: the board fills the height of its host (less its margin, a cell's rounding).
  assert.ok(r.board.height >= r.host.height - 40, `board ${r.board.height} px in a ${r.host.height} px host`);
  assert.deepEqual(errors, []);
  await context.close();
});
