// Browser tests of the playground's Rogue view, through headless Debian Chromium.
// Run: node --test --test-concurrency=1 tests/e2e/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, useBrowser, openPage, pageOpener, norm, b64url, tab, loadText, cellPoint, clickCell, swipe, setRange, snap, PHONE, assertBackingScale, present } from './harness.mjs';
import { idle, moves, view, pickGame, assertBadTextKept, assertLinkReopens, assertBadLink, assertLoads, openLink, assertReset } from './harness.mjs';

const dungeon = (x) => readFileSync(path.join(ROOT, 'levels', 'rogue', 'course', `dungeon${x}.txt`), 'utf8');
const I = dungeon('I');
const TINY = '3\n@ . .\n. + .\n. . B\n';

const env = useBrowser();

/**
 * A page with error collection, ready. levels/rogue/index.json may not exist yet (the
 * collection is optional): its 404 is the one failed request tolerated.
 */
const open = pageOpener(env, 'rogue', { collectionMayBeMissing: true });
const setPlayers = async (page, monster, rogue) => {
  await page.selectOption('#monster-player', monster);
  await page.selectOption('#rogue-player', rogue);
};

test('the Rogue view opens from the picker and from #game=rogue', async () => {
  const { page, context, errors } = await open('');
  await pickGame(page, 'rogue');
  assert.equal(norm(await page.evaluate(() => window.gridlab.levelText())), norm(I));
  assert.equal(await page.inputValue('#level-select'), 'dungeonI');
  assert.deepEqual(await page.evaluate(() => window.gridlab.players()), ['bfs', 'cycle']);
  const v = await view(page);
  assert.deepEqual([v.monster, v.rogue, v.toMove, v.turn], [{ row: 4, col: 2 }, { row: 3, col: 5 }, 'monster', 1]);
  assert.match(await page.textContent('#turn .value'), /^1 \/ 1000$/);
  assert.match(await page.textContent('#to-move .value'), /Monster · BFS/);
  const size = await page.evaluate(() => document.querySelector('#board').width);
  assert.ok(size > 100, `canvas drawn (${size})`);
  await page.waitForFunction(() => /(^|&)game=rogue(&|$)/.test(location.hash.slice(1)));
  // The 18 course dungeons are in the picker, once each.
  const ids = await page.$$eval('#level-select option', (os) => os.map((o) => o.value));
  assert.equal(ids.filter((id) => /^dungeon[A-R]$/.test(id)).length, 18);
  assert.deepEqual(errors, []);
  await context.close();
});

test('strategies: step, run to the end, play with the timer, the transcript and the banner', async () => {
  const { page, context, errors } = await open();
  // BFS against Cycle on dungeon I: the rogue runs around the corridor loop.
  await page.fill('#max-moves', '50');
  await page.press('#max-moves', 'Enter');
  await page.waitForFunction(() => window.gridlab.view().maxMoves === 50);
  await page.click('#step');
  await idle(page);
  assert.equal(await moves(page), '9');
  assert.match(await page.textContent('#to-move .value'), /Rogue · Cycle/);
  await page.click('#run-end');
  await page.waitForFunction(() => window.gridlab.status() === 'survived');
  const v = await view(page);
  assert.equal(v.verdict, 'Rogue survived 50 moves');
  assert.equal(v.moves.length, 100);
  await page.waitForSelector('#banner:not([hidden])');
  assert.match(await page.textContent('#banner .banner-title'), /Rogue survived 50 moves/);
  assert.equal(await page.textContent('#banner-verdict'), 'Rogue survived 50 moves');
  assert.equal(await page.textContent('#status'), 'Survived');
  // The stock Game.java's output: the starting board, a blank line, then `Move 1`.
  assert.match(await page.textContent('#output'), /^(?:[^\n]+\n)+\nMove 1\n\n/);
  assert.match(await page.textContent('#output'), /Rogue survived 50 moves\s*$/);
  assert.equal(await page.textContent('#verdict'), 'Referee: Rogue survived 50 moves');
  // BFS against Naive: caught on turn 5 (the coursework's referee line).
  await setPlayers(page, 'bfs', 'naive');
  await page.click('#restart');
  await page.click('#run-end');
  await page.waitForFunction(() => window.gridlab.status() === 'caught');
  assert.equal(await moves(page), '999665656');
  assert.equal((await view(page)).verdict, 'Caught by monster');
  assert.match(await page.textContent('#banner'), /Caught by monster/);
  assert.match(await page.textContent('#banner'), /turn 5/);
  assert.match(await page.textContent('#output'), /^(?:[^\n]+\n)+\nMove 1\n\n[\s\S]*Caught by monster\s*$/);
  // The same game with the timer, at full speed.
  await page.click('#restart');
  assert.equal(await moves(page), '');
  await setRange(page, '#speed', 8);
  assert.equal(await page.textContent('#speed-label'), '240/s');
  await page.click('#play');
  await page.waitForFunction(() => window.gridlab.status() === 'caught' && !window.gridlab.playing());
  assert.equal(await moves(page), '999665656');
  // Space and Enter step when no human is to move.
  await page.click('#restart');
  await page.locator('#board').focus();
  await page.keyboard.press('Space');
  await idle(page);
  await page.keyboard.press('Enter');
  await idle(page);
  assert.equal(await moves(page), '99');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the scrub slider, undo and redo go back and forth along the game', async () => {
  const { page, context, errors } = await open();
  await setPlayers(page, 'bfs', 'naive');
  const start = await view(page);
  await page.click('#run-end');
  await page.waitForFunction(() => window.gridlab.status() === 'caught');
  const end = await view(page);
  assert.equal(await page.getAttribute('#scrub', 'max'), '9');
  await setRange(page, '#scrub', 0);
  let v = await view(page);
  assert.deepEqual([v.monster, v.rogue, v.moves, v.status], [start.monster, start.rogue, '', 'playing']);
  assert.equal(await page.evaluate(() => window.gridlab.line()), '999665656');
  assert.equal(await page.textContent('#scrub-pos'), '0 / 9');
  assert.ok(await page.isHidden('#banner'));
  await setRange(page, '#scrub', 4);
  assert.equal(await moves(page), '9996');
  await setRange(page, '#scrub', 9);
  v = await view(page);
  assert.deepEqual([v.monster, v.rogue, v.status], [end.monster, end.rogue, 'caught']);
  // Undo and redo one half-move; Home and End.
  await page.click('#undo');
  assert.equal(await moves(page), '99966565');
  await page.click('#redo');
  await idle(page);
  assert.equal(await moves(page), '999665656');
  await page.locator('#board').focus();
  await page.keyboard.press('Home');
  assert.equal(await moves(page), '');
  await page.keyboard.press('End');
  assert.equal(await moves(page), '999665656');
  // Restart keeps the line; a different move drops the rest of it.
  await page.click('#restart');
  assert.equal(await page.evaluate(() => window.gridlab.line()), '999665656');
  await page.keyboard.press('Numpad6'); // the monster by hand: east instead of north-east
  await idle(page);
  assert.equal(await moves(page), '6');
  assert.equal(await page.evaluate(() => window.gridlab.line()), '6');
  assert.ok(await page.isDisabled('#redo'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('play the rogue yourself: the monster answers; illegal steps are refused', async () => {
  const { page, context, errors } = await open();
  await setPlayers(page, 'bfs', 'human');
  assert.match(await page.textContent('#pad-note'), /You play the rogue/);
  await page.locator('#board').focus();
  // The monster is to move first: its strategy plays at once, without waiting for a key.
  await page.waitForFunction(() => window.gridlab.moves() === '9' && !window.gridlab.animating());
  assert.equal((await view(page)).humanToMove, true);
  // Then the rogue, then the monster answers.
  await page.keyboard.press('Numpad8');
  await page.waitForFunction(() => window.gridlab.moves().length === 3 && !window.gridlab.animating());
  assert.equal(await moves(page), '989');
  assert.equal((await view(page)).toMove, 'rogue');
  assert.equal((await view(page)).humanToMove, true);
  assert.match(await page.textContent('#to-move .value'), /Rogue · You/);
  // From the rogue's turn each key adds two half-moves.
  await page.keyboard.press('w');
  await page.waitForFunction(() => window.gridlab.moves().length === 5 && !window.gridlab.animating());
  assert.equal(await moves(page), '98986');
  assert.deepEqual((await view(page)).rogue, { row: 1, col: 5 });
  // West of the rogue, in the corridor, is a wall: refused, nothing changes.
  await page.keyboard.press('a');
  await page.waitForSelector('#toast.show');
  assert.match(await page.textContent('#toast'), /Cannot step the rogue west/);
  assert.ok(await page.evaluate(() => document.querySelector('#board').classList.contains('shake')));
  assert.equal(await moves(page), '98986');
  assert.ok(await page.isDisabled('#dpad [data-dir="4"]'));
  // A click on the site north of the rogue steps there.
  await clickCell(page, 0, 5);
  await page.waitForFunction(() => window.gridlab.moves().length === 7 && !window.gridlab.animating());
  assert.equal((await moves(page)).slice(5, 6), '8');
  assert.deepEqual((await view(page)).rogue, { row: 0, col: 5 });
  // Undo goes back to the rogue's previous turn (two half-moves); redo forward again.
  await page.keyboard.press('Control+z');
  assert.equal(await moves(page), '98986');
  await page.keyboard.press('Control+y');
  await idle(page);
  assert.equal(await moves(page), '9898688');
  // The pad works too: east along the corridor.
  await page.click('#dpad [data-dir="6"]');
  await page.waitForFunction(() => window.gridlab.moves().length === 9 && !window.gridlab.animating());
  assert.equal(await moves(page), '989868868');
  await snap(page, 'rogue-play.png');
  // Step is for strategies: on the human's turn it says so.
  assert.ok(await page.isDisabled('#step'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('play the monster yourself against the cycle rogue', async () => {
  const { page, context, errors } = await open();
  await setPlayers(page, 'human', 'cycle');
  await page.locator('#board').focus();
  await page.keyboard.press('d'); // east
  await page.waitForFunction(() => window.gridlab.moves().length === 2 && !window.gridlab.animating());
  assert.equal(await moves(page), '68');
  assert.deepEqual((await view(page)).monster, { row: 4, col: 3 });
  // S stays put; a swipe moves the monster too.
  await page.keyboard.press('s');
  await page.waitForFunction(() => window.gridlab.moves().length === 4 && !window.gridlab.animating());
  assert.equal(await moves(page), '6858');
  await swipe(page, context, 0, -14);
  await page.waitForFunction(() => window.gridlab.moves().length === 6 && !window.gridlab.animating());
  assert.equal((await moves(page))[4], '8');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the exact solution overlay, the Solve tab and the cycles', async () => {
  const { page, context, errors } = await open();
  const pixel = (row, col) => page.evaluate(async ([r, c]) => {
    const canvas = document.querySelector('#board');
    const v = window.gridlab.view();
    const s = canvas.width / v.cols;
    const d = canvas.getContext('2d').getImageData(Math.round((c + 0.3) * s), Math.round((r + 0.3) * s), 1, 1).data;
    return [d[0], d[1], d[2]];
  }, [row, col]);
  const before = await pixel(2, 0);
  assert.ok(before[0] > before[2], `a room is warm (${before})`);
  await page.click('#exact-toggle');
  assert.deepEqual(await page.evaluate(() => window.gridlab.overlays()), { exact: true, cycles: false, trail: true });
  // Dungeon I at the start: the corridor loop is safe forever, the monster's site is a capture.
  assert.equal(await page.evaluate(() => window.gridlab.outcomeAt(0, 5)), 'safe');
  assert.equal(await page.evaluate(() => window.gridlab.outcomeAt(4, 2)), 0);
  assert.equal(await page.evaluate(() => window.gridlab.outcomeAt(0, 0)), 'wall');
  assert.equal(await page.evaluate(() => window.gridlab.outcomeAt(2, 0)), 2);
  await page.waitForFunction(() => window.gridlab.scene().marks.some((m) => m.kind === 'outcome'));
  // The board shows it: the safe corridor turns blue, the room next to the monster orange.
  await page.waitForFunction(() => {
    const canvas = document.querySelector('#board');
    const s = canvas.width / 10;
    const d = canvas.getContext('2d').getImageData(Math.round(5.4 * s), Math.round(0.3 * s), 1, 1).data;
    return d[2] > d[0] + 30;
  });
  const after = await pixel(2, 0);
  assert.notDeepEqual(after, before);
  assert.match(await page.textContent('#exact-info'), /the rogue survives forever/);
  // Every step of the monster is as good here (none catches the rogue): no arrows.
  const arrows = () => page.evaluate(() => window.gridlab.scene().top.filter((m) => m.kind === 'best').map((m) => [m.to.row - m.row, m.to.col - m.col]));
  assert.deepEqual(await arrows(), []);
  assert.match(await page.textContent('#exact-info'), /any step, all are as good/);
  // Redrawn after each half-move: the rogue is then to move.
  await page.click('#step');
  await idle(page);
  assert.equal(await page.evaluate(() => window.gridlab.outcomeAt(3, 3)), 0);
  assert.match(await page.textContent('#exact-info'), /Best for the rogue: ↑ north\./);
  assert.deepEqual(await arrows(), [[-1, 0]]);
  await page.click('#cycles-toggle');
  await page.waitForFunction(() => window.gridlab.scene().marks.some((m) => m.kind === 'cycles'));
  assert.equal((await page.evaluate(() => window.gridlab.cycles())).length, 1);
  await idle(page);
  await page.mouse.move(5, 5);
  await snap(page, 'rogue-exact.png');
  // The Solve tab: the value from the start, the coursework's checkable claims.
  await tab(page, 'solve');
  await page.waitForSelector('#exact-value');
  assert.equal(await page.textContent('#exact-value'), 'Rogue survives forever');
  await page.selectOption('#level-select', 'dungeonB');
  await page.waitForFunction(() => /Monster wins in 4 moves/.test(document.querySelector('#exact-value').textContent));
  assert.deepEqual(await page.$$eval('#exact-best .best-move', (bs) => bs.map((b) => b.dataset.dir)), ['9']); // NE only
  // The tablebase's move list: every legal move of the monster, the best (NE) first.
  const list = await page.$$eval('#exact-moves tbody tr', (rows) => rows.map((r) => [r.dataset.dir, r.classList.contains('best'), r.children[1].textContent]));
  const legal = await page.evaluate(() => window.gridlab.view().legal);
  assert.deepEqual(list.map(([d]) => d).sort(), [...legal].sort());
  assert.deepEqual(list[0], ['9', true, 'caught in 3 monster moves']);
  assert.deepEqual(list.filter(([, best]) => best).map(([d]) => d), ['9']);
  await page.selectOption('#level-select', 'dungeonC');
  await page.waitForFunction(() => /Monster wins in 5 moves/.test(document.querySelector('#exact-value').textContent));
  assert.deepEqual(await page.$$eval('#exact-best .best-move', (bs) => bs.map((b) => b.dataset.dir)), ['6']); // E only
  // Dungeon J: after the monster's first step the rogue's only optimal step is SE.
  await page.selectOption('#level-select', 'dungeonJ');
  await page.locator('#board').focus();
  await page.keyboard.press('Enter');
  await idle(page);
  await page.waitForFunction(() => document.querySelectorAll('#exact-best .best-move').length === 1);
  assert.equal(await page.getAttribute('#exact-best .best-move', 'data-dir'), '3');
  await page.click('#exact-best .best-move');
  await idle(page);
  assert.equal((await moves(page)).length, 2);
  assert.equal((await moves(page))[1], '3');
  await snap(page, 'rogue-solve.png');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Compare plays every strategy pairing and loads one to watch', async () => {
  const { page, context, errors } = await open();
  await tab(page, 'compare');
  await page.click('#pairings-run');
  await page.waitForSelector('#pairings-table');
  const cell = (m, r) => page.textContent(`#pairings-table td[data-monster="${m}"][data-rogue="${r}"]`);
  assert.match(await cell('bfs', 'naive'), /Caught\s*turn 5/);
  assert.match(await cell('bfs', 'cycle'), /Survived\s*1000 moves/);
  assert.match(await cell('optimal', 'optimal'), /Survived/);
  assert.match(await page.textContent('#pairings-summary'), /4 of 6 games/);
  await snap(page, 'rogue-compare.png');
  await page.click('#pairings-table td[data-monster="bfs"][data-rogue="naive"] button');
  await page.waitForSelector('#panel-play:not([hidden])');
  assert.deepEqual(await page.evaluate(() => window.gridlab.players()), ['bfs', 'naive']);
  assert.equal(await moves(page), '');
  assert.equal(await page.evaluate(() => window.gridlab.line()), '999665656');
  await page.click('#run-end');
  assert.equal(await page.evaluate(() => window.gridlab.status()), 'caught');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the editor paints rooms, corridors, walls, the rogue and the monster, in the coursework format', async () => {
  const { page, context, errors } = await open();
  await tab(page, 'edit');
  assert.deepEqual(await page.$$eval('#palette .swatch', (els) => els.map((e) => e.dataset.sym)), [' ', '.', '+', '@', 'A']);
  const before = await page.evaluate(() => window.gridlab.levelText());
  await page.click('.swatch[data-sym="+"]');
  await clickCell(page, 0, 0);
  let text = await page.evaluate(() => window.gridlab.levelText());
  assert.equal(text.split('\n')[1][0], '+');
  assert.equal(await page.inputValue('#level-text'), text);
  // A drag paints a row of rooms; the right button paints walls.
  await page.click('.swatch[data-sym="."]');
  const a = await cellPoint(page, 8, 0);
  const b = await cellPoint(page, 8, 3);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 6 });
  await page.mouse.up();
  text = await page.evaluate(() => window.gridlab.levelText());
  assert.equal(text.split('\n')[9].slice(0, 8), '. . . . ');
  const w = await cellPoint(page, 8, 3);
  await page.mouse.click(w.x, w.y, { button: 'right' });
  assert.equal((await page.evaluate(() => window.gridlab.levelText())).split('\n')[9].slice(0, 8), '. . .   ');
  // The rogue and the monster move; the monster keeps its name, which can change.
  await page.click('.swatch[data-sym="@"]');
  await clickCell(page, 6, 0);
  await page.click('.swatch[data-sym="A"]');
  await clickCell(page, 6, 7);
  text = await page.evaluate(() => window.gridlab.levelText());
  assert.equal(text.split('\n')[7], '@ . . . . . . I   +');
  await page.selectOption('#monster-letter', 'Q');
  text = await page.evaluate(() => window.gridlab.levelText());
  assert.equal(text.split('\n')[7], '@ . . . . . . Q   +');
  const v = await view(page);
  assert.deepEqual([v.rogue, v.monster, v.letter], [{ row: 6, col: 0 }, { row: 6, col: 7 }, 'Q']);
  // A wall under the rogue is refused, visibly.
  await page.click('.swatch[data-sym=" "]');
  await clickCell(page, 6, 0);
  await page.waitForSelector('#toast.show');
  assert.equal(await page.evaluate(() => window.gridlab.levelText()), text);
  // Undo and redo of edits; export.
  await page.click('#edit-undo');
  assert.equal((await page.evaluate(() => window.gridlab.levelText())).split('\n')[7], '@ . . . . . . I   +');
  await page.click('#edit-redo');
  assert.equal(await page.evaluate(() => window.gridlab.levelText()), text);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-level')]);
  const saved = readFileSync(await download.path(), 'utf8');
  assert.equal(saved, text);
  assert.ok(saved.includes('+'));
  // Resize (square), and the game plays on the edited dungeon.
  await page.fill('#rows', '12');
  await page.click('#resize');
  assert.equal((await view(page)).rows, 12);
  assert.equal((await view(page)).cols, 12);
  await page.mouse.move(5, 5);
  await snap(page, 'rogue-edit.png');
  await tab(page, 'play');
  await page.click('#step');
  await idle(page);
  assert.equal((await moves(page)).length, 1);
  await assertReset(page, before);
  assert.deepEqual(errors, []);
  await context.close();
});

test('bad dungeon text shows the line and column and keeps the dungeon', async () => {
  const { page, context, errors } = await open();
  await assertBadTextKept(page, '3\n@ . .\n. x .\n. . B\n', /Line 3, column 3/);
  await loadText(page, '3\n@ . .\n. . .\n. . .\n');
  await page.waitForSelector('#error:not([hidden])');
  assert.match(await page.textContent('#error'), /Line \d+, column \d+/);
  assert.match(await page.textContent('#error'), /monster/i);
  // Short rows are padded with walls, with a warning.
  await loadText(page, '3\n@ . .\n. +\n. . B\n');
  assert.ok(await page.isHidden('#error'));
  await page.waitForSelector('#toast.show');
  await page.waitForFunction(() => /padded with walls \(Line 3, column 4/.test(document.querySelector('#toast').textContent));
  assert.match(await page.textContent('#level-info'), /short rows padded with walls/);
  assert.equal(await page.evaluate(() => window.gridlab.levelText()), '3\n@ . .\n. +  \n. . B\n');
  await assertLoads(page, TINY);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a shared URL shows the same dungeon and replays both sides\' moves', async () => {
  const { page, context, errors } = await openLink(open, 'rogue', TINY, '46');
  assert.deepEqual((await view(page)).monster, { row: 2, col: 1 });
  await page.click('#step');
  await idle(page);
  const played = await moves(page);
  assert.equal(played.length, 3);
  await page.waitForFunction((m) => new RegExp(`moves=${m}(&|$)`).test(location.hash), played);
  await assertLinkReopens(page, open, played, { level: TINY });
  await assertBadLink(open, `#game=rogue&level=${b64url('3\n@ . .\n. ? .\n. . B\n')}`, /Line 3, column 3/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('phone: touch, presentation mode and HiDPI', async () => {
  const { page, context, errors } = await open('#game=rogue', PHONE);
  await page.selectOption('#rogue-player', 'human');
  await swipe(page, context, 0, -12);
  await page.waitForFunction(() => window.gridlab.moves().length === 3);
  await assertBackingScale(page, 3);
  await present(page);
  await idle(page);
  await snap(page, 'rogue-phone.png', { fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the collection from levels/rogue/: our dungeons in the picker, the course ones once; 40×40 stays quick', async () => {
  const { page, context, errors } = await open();
  const index = await (await fetch(`${env.server.url}levels/rogue/index.json`)).json();
  const ours = index.filter((e) => !e.file.startsWith('course/'));
  await page.waitForSelector(`#level-select option[value="collection:${ours[0].file}"]`, { state: 'attached' });
  const ids = await page.$$eval('#level-select option', (os) => os.map((o) => o.value));
  for (const e of ours) assert.ok(ids.includes(`collection:${e.file}`), e.file);
  assert.deepEqual(ids.filter((id) => id.startsWith('collection:course/')), []);
  // 06 separates the monsters: BFS's tie-break loses the won game the optimal monster wins.
  await page.selectOption('#level-select', 'collection:06-double-stair.txt');
  const expected = await (await fetch(`${env.server.url}levels/rogue/06-double-stair.txt`)).text();
  assert.equal(norm(await page.evaluate(() => window.gridlab.levelText())), norm(expected));
  await tab(page, 'compare');
  await page.click('#pairings-run');
  await page.waitForSelector('#pairings-table');
  const cell = (m, r) => page.textContent(`#pairings-table td[data-monster="${m}"][data-rogue="${r}"]`);
  assert.match(await cell('bfs', 'cycle'), /Survived/);
  assert.match(await cell('optimal', 'cycle'), /Caught\s*turn 9/);
  // The 40×40 catacombs: the exact solution and a whole game without a stall.
  await tab(page, 'play');
  await page.selectOption('#level-select', 'collection:09-catacombs.txt');
  assert.equal((await view(page)).rows, 40);
  await page.click('#exact-toggle');
  await page.waitForFunction(() => window.gridlab.scene().marks.some((m) => m.kind === 'outcome'));
  await setPlayers(page, 'optimal', 'optimal');
  const t0 = Date.now();
  await page.click('#run-end');
  await page.waitForFunction(() => window.gridlab.status() === 'survived');
  assert.ok(Date.now() - t0 < 30000, `optimal against optimal over 1000 moves in ${Date.now() - t0} ms`);
  // The stock Game.java's output: the starting board, a blank line, then `Move 1`.
  assert.match(await page.textContent('#output'), /^(?:[^\n]+\n)+\nMove 1\n\n/);
  assert.match(await page.textContent('#output'), /Rogue survived 1000 moves\s*$/);
  await setRange(page, '#scrub', 700);
  assert.equal((await moves(page)).length, 700);
  await snap(page, 'rogue-catacombs.png');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a closed end-of-game banner stays closed when the tabs change', async () => {
  const { page, context, errors } = await open();
  await setPlayers(page, 'bfs', 'naive');
  await page.click('#run-end');
  await page.waitForSelector('#banner:not([hidden])');
  await page.click('#banner-close');
  assert.ok(await page.isHidden('#banner'));
  for (const t of ['solve', 'compare', 'play', 'edit', 'play']) {
    await tab(page, t);
    assert.ok(await page.isHidden('#banner'), `still closed after the ${t} tab`);
  }
  // A new game end shows it again.
  await page.click('#restart');
  await page.click('#run-end');
  await page.waitForSelector('#banner:not([hidden])');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Undo, Redo and Restart carry their words, as in the other games', async () => {
  const { page, context, errors } = await open('#game=rogue', { viewport: { width: 1280, height: 800 } });
  for (const id of ['#undo', '#redo', '#restart']) {
    assert.ok(await page.isVisible(`${id} span`), `${id} shows its label`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('a copied link keeps the players, the limit, the speed, the overlays and the line', async () => {
  const { page, context, errors } = await open();
  await setPlayers(page, 'optimal', 'naive');
  await page.fill('#max-moves', '40');
  await page.press('#max-moves', 'Enter');
  await setRange(page, '#speed', 6);
  await page.click('#exact-toggle');
  await page.click('#run-end');
  await page.waitForFunction(() => window.gridlab.status() !== 'playing');
  await setRange(page, '#scrub', 2);
  await idle(page);
  const snapshot = async (p) => ({
    players: await p.evaluate(() => window.gridlab.players()),
    selects: [await p.inputValue('#monster-player'), await p.inputValue('#rogue-player')],
    moves: await p.evaluate(() => window.gridlab.moves()),
    line: await p.evaluate(() => window.gridlab.line()),
    limit: (await p.evaluate(() => window.gridlab.view())).maxMoves,
    speed: await p.textContent('#speed-label'),
    overlays: await p.evaluate(() => window.gridlab.overlays()),
    toMove: await p.textContent('#to-move .value'),
    pos: await p.textContent('#scrub-pos'),
  });
  const want = await snapshot(page);
  assert.deepEqual(want.players, ['optimal', 'naive']);
  assert.equal(want.moves.length, 2);
  await page.click('#copy-link');
  await page.waitForTimeout(300);
  const url = await page.evaluate(() => location.href);
  await context.close();
  const fresh = await openPage(env.browser, url, { game: 'rogue' });
  await fresh.page.waitForFunction((n) => window.gridlab.moves().length === n, want.moves.length);
  assert.deepEqual(await snapshot(fresh.page), want);
  assert.deepEqual(fresh.errors, []);
  assert.deepEqual(errors, []);
  await fresh.context.close();
});
