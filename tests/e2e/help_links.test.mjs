// The help of every game lists the page-wide keys (the presenter's, the zoom's, the
// embed view's, the search debugger's), links keep what the view shows (Act-Man's
// monster arrows), and Arena's exported files are named after what they show.

import test from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, pageOpener, pickGame } from './harness.mjs';

const env = useBrowser();
const open = pageOpener(env);

/** Click `button`: the name of the file it downloads. */
async function downloadedName(page, button) {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60000 }), page.click(button)]);
  return file.suggestedFilename();
}

/** The keys (kbd) and the words of the open help. */
async function help(page) {
  await page.locator('#board').focus();
  await page.keyboard.press('?');
  await page.waitForSelector('#help:not([hidden])');
  const keys = await page.$$eval('#help-body kbd', (ks) => ks.map((k) => k.textContent));
  const text = await page.textContent('#help-body');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#help', { state: 'hidden' });
  return { keys, text };
}

test('every game\'s help lists the presenter\'s, zoom and embed keys (and the search debugger\'s)', async () => {
  const { page, context, errors } = await open('#game=pengu');
  for (const game of ['pengu', 'actman', 'rogue', 'gpac', 'arena']) {
    if (game !== 'pengu') await pickGame(page, game);
    const { keys, text } = await help(page);
    for (const k of ['PageDown', 'PageUp', 'B', '0']) assert.ok(keys.includes(k), `${game}: ${k} in ${JSON.stringify(keys)}`);
    // Arena's + and − set its speed: it says so, and the zoom's other ways.
    if (game === 'arena') assert.match(text, /Ctrl\+wheel or a pinch; \+ and − set the speed here/);
    else for (const k of ['+', '−']) assert.ok(keys.includes(k), `${game}: ${k} in ${JSON.stringify(keys)}`);
    assert.match(text, /Zoom the board/, game);
    assert.match(text, /embed=1/, game);
    // The search debugger's keys where the Solve tab has it (Pengu, Act-Man).
    if (game === 'pengu' || game === 'actman') assert.match(text, /Search debugger \(Solve tab[^)]*\): PageDown \/ PageUp step it/, game);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('a link made with Act-Man\'s monster arrows off reopens with them off', async () => {
  const { page, context, errors } = await open('#game=actman');
  await page.waitForFunction(() => window.gridlab.game === 'actman');
  assert.equal(await page.evaluate(() => window.gridlab.arrows()), true);
  await page.click('#arrows-toggle');
  assert.equal(await page.evaluate(() => window.gridlab.arrows()), false);
  await page.waitForFunction(() => /(^#|&)arrows=0(&|$)/.test(location.hash), null, { timeout: 15000 });
  // Another browser (no saved preferences) opens the link: the arrows are off.
  const url = page.url();
  const other = await open(url.slice(url.indexOf('#')));
  await other.page.waitForFunction(() => window.gridlab.game === 'actman');
  assert.equal(await other.page.evaluate(() => window.gridlab.arrows()), false);
  assert.equal(await other.page.isChecked('#arrows-toggle'), false);
  // Turned on again, the link says so (no key: on is the default) and reopens with them on.
  await other.page.click('#arrows-toggle');
  await other.page.waitForFunction(() => !/(^#|&)arrows=/.test(location.hash));
  const url2 = other.page.url();
  await page.evaluate((h) => (location.hash = h), url2.slice(url2.indexOf('#')));
  await page.waitForFunction(() => window.gridlab.arrows() === true);
  assert.equal(await page.isChecked('#arrows-toggle'), true);
  assert.deepEqual(errors, []);
  assert.deepEqual(other.errors, []);
  await other.context.close();
  await context.close();
});

test('Arena\'s images are named after the seed and the players', async () => {
  const { page, context, errors } = await open('#game=arena&mode=bots&steps=40&seed=7');
  await page.waitForFunction(() => window.gridlab.game === 'arena');
  const players = /greedy(-2)?-greedy(-2)?-hunter-miner/.source;
  const png = await downloadedName(page, '#save-png');
  assert.match(png, new RegExp(`^gridlab-arena-seed-7-${players}\\.png$`));
  await page.evaluate(() => window.gridlab.toEnd());
  await page.waitForFunction(() => window.gridlab.info().phase === 'over');
  await page.click('#banner-replay');
  await page.waitForSelector('#panel-solve:not([hidden])');
  const gif = await downloadedName(page, '#save-gif');
  assert.match(gif, new RegExp(`^gridlab-arena-seed-7-${players}\\.gif$`));
  assert.deepEqual(errors, []);
  await context.close();
});
