// Browser test of a tournament's result file in the League tab: a real
// `gridlab arena tournament --json` run (bots, lock-step, short games) opened in the
// page: the standings as the file has them, a game replayed to its recorded scores,
// and bad files named by their field.
// Run: node --test --test-concurrency=1 tests/e2e/arena-results.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, useBrowser, openPage, shotPath, CLI } from './harness.mjs';

const env = useBrowser();

test('a tournament\'s --json opens in the League tab: standings, games, a game replayed to its recorded score', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'arena-results-'));
  try {
    const file = path.join(dir, 'tournament.json');
    execFileSync(CLI, ['arena', 'tournament', '--entrant', 'bot:greedy', '--entrant', 'bot:hunter', '--entrant', 'bot:miner', '--entrant', 'bot:hunter',
      '--games', '1', '--steps', '150', '--seed', '5', '--json', file], { cwd: ROOT, stdio: ['ignore', 'ignore', 'ignore'], timeout: 300000 });
    const t = JSON.parse(readFileSync(file, 'utf8'));
    assert.equal(t.games.length, 4);
    const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=arena`, { game: 'arena' });
    await page.click('#tab-compare');
    assert.match(await page.textContent('#league-results-open'), /Open results…/);
    await page.setInputFiles('#league-results-file', file);
    await page.waitForSelector('#league-results-standings');
    const rows = await page.$$eval('#league-results-standings tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    assert.equal(rows.length, t.standings.length);
    rows.forEach((r, i) => {
      const s = t.standings[i];
      assert.equal(r[0], String(s.rank));
      assert.equal(r[2], String(s.games));
      assert.equal(Number(r[3]), s.points);
      assert.equal(r[4], String(s.score));
      assert.equal(r[5], String(s.faults));
      assert.equal(r[6], `${s.rating.toFixed(1)} ± ${s.uncertainty.toFixed(1)}`);
      assert.deepEqual(r.slice(7).map(Number), [s.warnings, s.late, s.timeouts]);
    });
    assert.match(await page.textContent('#league-results-info'), /tournament\.json: 4 entrants, 4 games of 150 steps, lock-step, seed 5/);
    assert.equal(await page.$$eval('#league-results-gamelist tbody tr', (trs) => trs.length), 4);
    const opened = (await page.evaluate(() => window.gridlab.league())).file;
    assert.equal(opened.name, 'tournament.json');
    assert.deepEqual(opened.standings.map((s) => s.name), t.standings.map((s) => s.name));
    await page.screenshot({ path: shotPath('arena-league-results.png') });
    // The second game replays in the Replay tab and ends on its recorded scores.
    const g = t.games[1];
    await page.click('#league-results-gamelist tbody tr:nth-child(2) .btn');
    await page.waitForFunction(() => window.gridlab.replay().loaded);
    assert.equal(await page.isVisible('#panel-solve'), true);
    const recorded = g.seats.map((s) => s.score);
    let r = await page.evaluate(() => window.gridlab.replay());
    assert.equal(r.len, 150);
    assert.deepEqual(r.finalScores, recorded);
    await page.click('#arena-rp-play');
    await page.waitForFunction(() => window.gridlab.replay().tick > 10);
    await page.click('#arena-rp-end');
    await page.waitForFunction(() => window.gridlab.replay().tick === 150);
    r = await page.evaluate(() => window.gridlab.replay());
    assert.deepEqual(r.scores, recorded);
    assert.match(await page.textContent('#arena-replay-info'), /tournament game 1/);
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a bad results file is a visible error naming the field; the open results stay', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=arena`, { game: 'arena' });
  await page.click('#tab-compare');
  const load = async (text) => {
    await page.fill('#league-results-text', text);
    await page.click('#league-results-load');
    await page.waitForSelector('#league-results-error:not([hidden])');
    return page.textContent('#league-results-error');
  };
  assert.match(await load('{"format": "gridlab-arena'), /Cannot open this results file\. not JSON/);
  assert.match(await load('[1, 2]'), /the file: expected a JSON object/);
  assert.match(await load('{"format": "other/1"}'), /format: expected "gridlab-arena-tournament\/1"/);
  const seat = { entrant: 0, name: 'a', score: 10, points: 5, fault: null };
  const standing = { rank: 1, entrant: 0, name: 'a', games: 1, points: 5, score: 10, faults: 0, warnings: 0, late: 0, timeouts: 0, slowestMs: 0, rating: 25, uncertainty: 8 };
  const good = { format: 'gridlab-arena-tournament/1', seed: 0, options: {}, standings: [standing], games: [{ game: 0, seed: 0, seats: [seat, seat, seat, seat], replay: { seed: 0 } }] };
  assert.match(await load(JSON.stringify({ ...good, standings: [{ ...standing, points: 'x' }] })), /standings\[0\]\.points: expected a number, found "x"/);
  assert.match(await load(JSON.stringify({ ...good, games: [{ ...good.games[0], seats: [seat] }] })), /games\[0\]\.seats: expected four seats/);
  assert.match(await load(JSON.stringify({ ...good, games: [{ ...good.games[0], replay: null }] })), /games\[0\]\.replay: expected a command log/);
  // A well-formed file whose replay is not a command log: the Replay tab says why.
  await page.fill('#league-results-text', JSON.stringify(good));
  await page.click('#league-results-load');
  await page.waitForSelector('#league-results-error', { state: 'hidden' });
  assert.equal(await page.$$eval('#league-results-standings tbody tr', (trs) => trs.length), 1);
  await page.click('#league-results-gamelist tbody tr:first-child .btn');
  await page.waitForSelector('#arena-replay-error:not([hidden])');
  assert.equal((await page.evaluate(() => window.gridlab.replay())).loaded, false);
  await page.click('#tab-compare');
  assert.match(await page.textContent('#league-results-error'), /games\[0\]\.replay is not a command log/);
  assert.deepEqual(errors, []);
  await context.close();
});
