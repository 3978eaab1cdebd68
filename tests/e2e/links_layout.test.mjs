// GPac and Arena links carry their whole view; GPac's status bar follows the Replay
// tab; the layout holds still (Act-Man hover, GPac's Lab, a game switch).

import test from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, tab, setRange } from './harness.mjs';

const env = useBrowser();
const open = (hash, game, opts = {}) => openPage(env.browser, env.server.url + hash, { ...opts, game });

async function linkOf(page) {
  await page.click('#copy-link');
  await page.waitForTimeout(300);
  const url = await page.evaluate(() => location.href);
  return url.slice(url.indexOf('#'));
}

const statusText = (page) => page.$$eval('#statusbar .chip .value', (els) => els.map((e) => e.textContent));

test('GPac: the status bar shows the replayed snapshot on the Replay tab, the game on Play', async () => {
  const { page, context, errors } = await open('#game=gpac', 'gpac');
  await page.click('#run-end');
  await page.waitForFunction(() => !!window.gridlab.view().end);
  const played = await statusText(page);
  await page.click('#banner-replay');
  await page.waitForFunction(() => window.gridlab.replay().loaded);
  await page.waitForSelector('#panel-solve:not([hidden])');
  const r = await page.evaluate(() => window.gridlab.replay());
  assert.equal(r.index, 0);
  const chips = await statusText(page);
  assert.equal(chips[0], String(r.score), 'the score of snapshot 0');
  assert.notDeepEqual(chips, played, 'not the Play game\'s final state');
  await page.click('#replay-fwd');
  const r1 = await page.evaluate(() => window.gridlab.replay());
  assert.equal((await statusText(page))[1].split(' / ')[0], String(r1.time), 'the time left at snapshot 1');
  await tab(page, 'play');
  assert.deepEqual(await statusText(page), played);
  assert.deepEqual(errors, []);
  await context.close();
});

test('GPac: a copied link keeps the players, the seed, the settings, the speed, the tab and the line', async () => {
  const { page, context, errors } = await open('#game=gpac', 'gpac');
  await page.selectOption('#pacman-player', 'pill');
  await page.selectOption('#ghost-player', 'wander');
  await page.fill('#seed', '11');
  await page.dispatchEvent('#seed', 'change');
  await page.fill('#fruit-score', '25');
  await page.dispatchEvent('#fruit-score', 'change');
  await setRange(page, '#speed', 5);
  await page.click('#run-end');
  await page.waitForFunction(() => !!window.gridlab.view().end);
  await setRange(page, '#scrub', 7);
  await page.waitForFunction(() => window.gridlab.moves().length === 7);
  await tab(page, 'edit');
  const snap = async (p) => ({
    players: await p.evaluate(() => window.gridlab.players()),
    seed: await p.inputValue('#seed'),
    fruitScore: await p.inputValue('#fruit-score'),
    speed: await p.textContent('#speed-label'),
    moves: await p.evaluate(() => window.gridlab.moves()),
    line: await p.evaluate(() => window.gridlab.line ? window.gridlab.line() : null),
    tab: await p.evaluate(() => document.body.dataset.tab),
    status: await statusText(p),
  });
  const want = await snap(page);
  const hash = await linkOf(page);
  await context.close();
  const fresh = await open(hash, 'gpac');
  await fresh.page.waitForFunction((n) => window.gridlab.moves().length === n, want.moves.length);
  assert.deepEqual(await snap(fresh.page), want);
  assert.deepEqual(fresh.errors, []);
  assert.deepEqual(errors, []);
  await fresh.context.close();
});

test('Arena: a copied link keeps the setup (seats, seed, length) and the speed', async () => {
  const { page, context, errors } = await open('#game=arena&seed=3&steps=400&mode=bots', 'arena');
  await page.fill('#arena-seed', '9');
  await page.dispatchEvent('#arena-seed', 'change');
  const setup = await page.evaluate(() => window.gridlab.setup());
  assert.equal(setup.mode, 'bots');
  assert.equal(setup.seed, 9);
  assert.equal(setup.steps, 400);
  const hash = await linkOf(page);
  assert.match(hash, /seed=9/);
  await context.close();
  const fresh = await open(hash, 'arena');
  assert.deepEqual(await fresh.page.evaluate(() => window.gridlab.setup()), setup);
  assert.deepEqual(fresh.errors, []);
  assert.deepEqual(errors, []);
  await fresh.context.close();
});

test('Act-Man: the board holds still when the pointer enters it', async () => {
  const { page, context, errors } = await open('#game=actman', 'actman', { viewport: { width: 1280, height: 800 } });
  const before = await page.locator('#board').boundingBox();
  const bar = await page.locator('#statusbar').boundingBox();
  await page.mouse.move(before.x + before.width - 3, before.y + 3);
  await page.waitForTimeout(100);
  await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
  await page.waitForTimeout(100);
  assert.match(await page.textContent('#coords'), /row/);
  assert.deepEqual(await page.locator('#board').boundingBox(), before);
  assert.equal((await page.locator('#statusbar').boundingBox()).height, bar.height);
  assert.deepEqual(errors, []);
  await context.close();
});

test('GPac: the Lab tab keeps the side panel\'s width and the board\'s size', async () => {
  const { page, context, errors } = await open('#game=gpac', 'gpac', { viewport: { width: 1280, height: 800 } });
  const side = await page.locator('.side').boundingBox();
  const board = await page.locator('#board').boundingBox();
  const bar = await page.locator('#statusbar').boundingBox();
  await tab(page, 'compare');
  assert.equal((await page.locator('.side').boundingBox()).width, side.width);
  assert.deepEqual(await page.locator('#board').boundingBox(), board);
  assert.equal((await page.locator('#statusbar').boundingBox()).height, bar.height);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a game switch shows the new game\'s panel from its top', async () => {
  const { page, context, errors } = await open('#game=gpac', 'gpac', { viewport: { width: 1280, height: 500 } });
  await tab(page, 'compare');
  await page.$eval('.panels', (el) => (el.scrollTop = 200));
  assert.ok((await page.$eval('.panels', (el) => el.scrollTop)) > 0, 'the Lab scrolls');
  await page.click('#game-picker [data-game="arena"]');
  await page.waitForFunction(() => window.gridlab.game === 'arena');
  assert.equal(await page.$eval('.panels', (el) => el.scrollTop), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

/** A walled n × n Pengu field, Pengu near the top left, one fish. */
function bigField(n) {
  const rows = [];
  for (let r = 0; r < n; r++) {
    let row = '';
    for (let c = 0; c < n; c++) row += r === 0 || c === 0 || r === n - 1 || c === n - 1 ? '#' : r === 1 && c === 1 ? 'P' : r === 1 && c === 5 ? '*' : ' ';
    rows.push(row);
  }
  return `${n} ${n}\n${rows.join('\n')}\n`;
}

test('a 100 × 100 board zooms with +, Ctrl+wheel and the buttons, pans by scrolling, and fits again', async () => {
  const { page, context, errors } = await open('#game=pengu', 'pengu', { viewport: { width: 1280, height: 800 } });
  await tab(page, 'edit');
  await page.fill('#level-text', bigField(100));
  await page.click('#load-level');
  await page.waitForFunction(() => window.gridlab.view().rows === 100);
  await tab(page, 'play');
  const cell = () => page.$eval('#board', (c) => c.width / 100);
  const fit = await cell();
  assert.ok(fit <= 8, `fits at a small cell (${fit} px)`);
  assert.ok(await page.isDisabled('#zoom-fit'));
  await page.locator('#board').focus();
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  const zoomed = await cell();
  assert.ok(zoomed > fit, `${zoomed} > ${fit}`);
  const host = () => page.$eval('#board-host', (h) => ({ sw: h.scrollWidth, cw: h.clientWidth, sh: h.scrollHeight, ch: h.clientHeight, top: h.scrollTop }));
  let h = await host();
  assert.ok(h.sh > h.ch, 'the zoomed board is taller than its frame');
  // The wheel pans the zoomed board.
  const box = await page.locator('#board-host').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, 200);
  await page.waitForFunction((t) => document.querySelector('#board-host').scrollTop !== t, h.top);
  // Ctrl+wheel zooms in further at the pointer; the buttons too.
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -200);
  await page.keyboard.up('Control');
  await page.waitForFunction((z) => document.querySelector('#board').width / 100 > z, zoomed);
  await page.click('#zoom-out');
  assert.ok(!(await page.isDisabled('#zoom-fit')));
  await page.click('#zoom-fit');
  assert.equal(await cell(), fit);
  h = await host();
  assert.ok(h.sw <= h.cw + 1 && h.sh <= h.ch + 1, 'fits again');
  assert.deepEqual(errors, []);
  await context.close();
});

test('phone: a board wider than tall fills the width and the controls follow it', async () => {
  for (const game of ['gpac', 'actman']) {
    const { page, context, errors } = await open(`#game=${game}`, game, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
    await page.waitForTimeout(300);
    const r = await page.evaluate(() => {
      const q = (s) => document.querySelector(s).getBoundingClientRect();
      return { board: q('#board'), host: q('#board-host'), bar: q('#statusbar') };
    });
    assert.ok(r.board.width >= 0.95 * r.host.width, `${game}: board ${r.board.width} of ${r.host.width}`);
    assert.ok(r.bar.top - r.board.bottom < 30, `${game}: the status bar ${r.bar.top - r.board.bottom} px below the board`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
