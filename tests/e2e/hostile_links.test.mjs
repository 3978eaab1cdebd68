// Hostile links and stored values in the page: a link whose level inflates to tens of
// megabytes, an over-long hash, a damaged link, damaged autosaves. The page stays
// up, says what is wrong where it stays visible, and loads a playable level.

import test from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { useBrowser, openPage } from './harness.mjs';

const env = useBrowser();

/** An `lz=` value: `bytes` bytes of walls, deflated (about 1,000 to 1 in size). */
const bomb = (bytes) => deflateRawSync(Buffer.alloc(bytes, '#'), { level: 9 }).toString('base64url');

/** The error bar's text once it shows. */
async function errorText(page) {
  await page.waitForSelector('#error:not([hidden])');
  return page.textContent('#error');
}

test('a link whose level inflates past the limit, or a hash past its length, is refused as too large', async () => {
  const small = bomb(40e6);
  assert.ok(small.length < 60000, `${small.length} characters`);
  const big = bomb(100e6);
  assert.ok(big.length > 60000, `${big.length} characters`);
  for (const [hash, why] of [
    [`game=pengu&lz=${small}`, /this link is too large: its level inflates to more than 1,000,000 bytes/],
    [`game=pengu&lz=${big}`, /this link is too large: its level has 1\d\d,\d{3} characters \(at most 60,000\)/],
    [`game=pengu&moves=${'6'.repeat(600000)}`, /this link is too large: its moves have more than 500,000 characters/],
  ]) {
    const { page, context, errors } = await openPage(env.browser, `${env.server.url}#${hash}`, { game: 'pengu' });
    assert.match(await errorText(page), why);
    // The page is up and plays its level.
    const level = await page.evaluate(() => window.gridlab.levelText());
    assert.match(level, /^\d+ \d+\n/);
    assert.ok(level.length < 10000, `${level.length} characters`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('a pasted link that is too large shows the message and keeps the game', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=pengu`, { game: 'pengu' });
  const before = await page.evaluate(() => window.gridlab.levelText());
  await page.evaluate((lz) => (location.hash = `game=pengu&lz=${lz}`), bomb(40e6));
  assert.match(await errorText(page), /this link is too large/);
  assert.equal(await page.evaluate(() => window.gridlab.levelText()), before);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a damaged link says so until it is dismissed, even with an autosave to load', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=pengu`, { game: 'pengu' });
  await page.evaluate(() => window.gridlab.loadLevel('4 9\n#########\n#P  * * #\n#       #\n#########\n', ''));
  await page.waitForFunction(() => (localStorage.getItem('gridlab.v1.pengu') || '').includes('#P  * * #'));
  const damaged = await context.newPage();
  await damaged.goto(`${env.server.url}#game=pengu&lz=@@@not-deflate@@@`);
  await damaged.waitForSelector('body[data-ready="true"]');
  // The autosave loaded, and the message is still there.
  assert.match(await damaged.evaluate(() => window.gridlab.levelText()), /#P {2}\* \* #/);
  assert.match(await errorText(damaged), /the level in this link is damaged/);
  await damaged.waitForTimeout(500);
  assert.ok(await damaged.isVisible('#error'));
  await damaged.click('#error .alert-close');
  assert.ok(await damaged.isHidden('#error'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a damaged autosave is discarded with a note and the default level loads, in every game', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  // The damaged value is stored as the next page starts (the page before it may still
  // write its own autosave as it goes).
  await context.addInitScript(() => {
    const next = sessionStorage.getItem('next-autosave');
    if (next === null) return;
    sessionStorage.removeItem('next-autosave');
    const [key, raw] = JSON.parse(next);
    localStorage.setItem(key, raw);
  });
  const open = async (game, n, stored) => {
    if (stored != null) await page.evaluate((next) => sessionStorage.setItem('next-autosave', next), JSON.stringify([`gridlab.v1.${game}`, stored]));
    // A new query makes it a new page load; the hash names the game but no level.
    await page.goto(`${env.server.url}?visit=${n}#game=${game}`);
    await page.waitForFunction((id) => window.gridlab && window.gridlab.game === id && document.body.dataset.ready, game);
  };
  const others = ['[1,2]', '{"level":"x","moves":7}', '{"level":"not a level"}', '{not json'];
  let n = 0;
  for (const [i, game] of ['gpac', 'pengu', 'actman', 'rogue'].entries()) {
    await open(game, n++);
    const defaultLevel = await page.evaluate(() => window.gridlab.levelText());
    for (const stored of ['{"level":5}', others[i]]) {
      const label = `${game}: ${stored}`;
      await open(game, n++, stored);
      assert.match(await errorText(page), /^Your saved game was not restored\. The saved game was damaged \(.+\): it is discarded, and the default (level|map|dungeon) is loaded\./, label);
      assert.equal(await page.evaluate(() => window.gridlab.levelText()), defaultLevel, label);
    }
    // The next visit starts clean.
    await open(game, n++);
    assert.ok(await page.isHidden('#error'), game);
  }
  assert.deepEqual(errors, []);
  await context.close();
});
