// Loading the playground: the module is fetched once (its preload is the request the
// page's first script compiles it from, as it downloads) and compressed, and so are the
// scripts; slides.js (the presenter's) comes after the first board; a reload fetches no body again (the server's
// validators); once the service worker has kept the page's files, a reload asks the
// server for the page alone (its build stamp) and a changed file is fetched again at
// the next load; offline, the service worker's copies still draw the board and run
// the solver; a module that does not load (the play module, or the solvers' in their
// worker) leaves a visible message, not a blank page or an uncaught error, and so do the panels
// loaded after the first board (the Edit, Solve and Compare tabs' shared panels, and
// Rogue's, GPac's and Arena's own), which load when asked again and then work.

import test from 'node:test';
import assert from 'node:assert/strict';
import { utimesSync } from 'node:fs';
import path from 'node:path';
import { useBrowser, openPage, ROOT } from './harness.mjs';

const env = useBrowser();

/** The resources the page fetched: {name, transferSize, encodedBodySize, decodedBodySize}. */
const resources = (page) =>
  page.evaluate(() => performance.getEntriesByType('resource').map((r) => {
    const t = /** @type {PerformanceResourceTiming} */ (r);
    return { name: t.name, transferSize: t.transferSize, encoded: t.encodedBodySize, decoded: t.decodedBodySize };
  }));

/** Resolves once the service worker has kept `file` under a build stamp. */
const kept = (page, file) => page.waitForFunction(async (name) => {
  for (const stamp of await caches.keys()) {
    if (stamp.startsWith('gridlab-build-') && (await (await caches.open(stamp)).match(name))) return true;
  }
  return false;
}, file, { polling: 200 });

test('the module is fetched once, compressed, and not again on a reload', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=pengu`, { serviceWorkers: 'allow' });
  const wasm = (await resources(page)).filter((r) => r.name.endsWith('.wasm'));
  assert.deepEqual(wasm.map((r) => new URL(r.name).pathname), ['/pkg/gridlab_play_bg.wasm'], 'one fetch of the play module (the preload is used), not the full one');
  assert.ok(wasm[0].encoded < wasm[0].decoded / 2, `compressed: ${wasm[0].encoded} of ${wasm[0].decoded} bytes`);
  // The bindings were given the module the page's first script compiled.
  assert.equal(await page.evaluate(async () => (await /** @type {any} */ (window).gridlabPlay) instanceof WebAssembly.Module), true);
  const main = (await resources(page)).find((r) => new URL(r.name).pathname === '/js/main.js');
  assert.ok(main.encoded < main.decoded / 2, `main.js compressed: ${main.encoded} of ${main.decoded} bytes`);
  // The presenter's module came after the first board, and is there.
  const slides = await page.evaluate(() => {
    const board = performance.getEntriesByName('gridlab:first-board')[0].startTime;
    const entry = performance.getEntriesByType('resource').find((r) => r.name.endsWith('/js/slides.js'));
    return { after: !!entry && entry.startTime > board, bar: !!document.querySelector('#embed-bar') };
  });
  assert.deepEqual(slides, { after: true, bar: true });

  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  const again = (await resources(page)).filter((r) => r.name.endsWith('.wasm') || r.name.endsWith('.js'));
  assert.ok(again.length > 5);
  for (const r of again) assert.ok(r.transferSize < 1000, `${r.name} fetched again: ${r.transferSize} bytes`);
  assert.deepEqual(errors, []);
  await context.close();
});

/** Reload `page`, noting what the service worker asked the server for (paths). */
async function reloadNoting(page, context) {
  const asked = [];
  const note = (r) => r.serviceWorker() && asked.push(new URL(r.url()).pathname);
  const served = [];
  const serve = (r) => served.push({ path: new URL(r.url()).pathname, sw: r.fromServiceWorker() });
  context.on('request', note);
  page.on('response', serve);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  context.off('request', note);
  page.off('response', serve);
  return { asked, served };
}

test('with the page\'s files kept, a reload asks the server for the page alone; a changed file is fetched again', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=pengu`, { serviceWorkers: 'allow' });
  await page.waitForFunction(() => performance.getEntriesByName('gridlab:kept').length > 0);
  // The first reload keeps what the page's workers load too (the solver's full module,
  // after the board).
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await kept(page, '/pkg/gridlab_bg.wasm');
  const warm = await reloadNoting(page, context);
  const files = warm.served.filter((r) => /\.(js|wasm|css|json)$/.test(r.path));
  assert.ok(files.length > 20, `the page's files: ${files.length}`);
  assert.deepEqual(files.filter((r) => !r.sw), [], 'every file from the service worker');
  assert.deepEqual(warm.asked.filter((p) => p !== '/' && p !== '/sw.js'), [], 'the worker asked the server for the page alone');
  assert.ok(warm.asked.includes('/'), 'the page itself is always asked for (its build stamp)');

  // A file that changes (here its time) changes the stamp: the next load fetches the page's files again.
  const ui = path.join(ROOT, 'www', 'js', 'ui.js');
  const now = new Date();
  utimesSync(ui, now, now);
  const changed = await reloadNoting(page, context);
  assert.ok(changed.asked.includes('/js/ui.js'), `fetched again: ${changed.asked.join(' ')}`);
  assert.equal(await page.evaluate(() => window.gridlab.game), 'pengu');
  assert.deepEqual(errors, []);
  await context.close();
});

test('offline, the service worker draws the last board, and its solver runs', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=actman`, { serviceWorkers: 'allow' });
  await page.evaluate(() => navigator.serviceWorker.ready);
  // One more load under the worker, so that it keeps every file the page and its solver
  // use (the full module comes after the first board, for the solver).
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await kept(page, '/pkg/gridlab_bg.wasm');
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.evaluate(() => window.gridlab.game), 'actman');
  assert.ok(await page.isVisible('#board'));
  await page.click('#tab-solve');
  await page.selectOption('#algo', 'astar');
  await page.click('#solve');
  await page.waitForSelector('#outcome');
  assert.equal(await page.getAttribute('#outcome', 'data-outcome'), 'found');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a solver whose module does not load says so on the Solve tab, and no error is left uncaught', async () => {
  const context = await env.browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The play module draws the board; the full one (the solvers') cannot be fetched, as
  // offline before the service worker kept it.
  await page.route('**/pkg/gridlab_bg.wasm', (route) => route.abort());
  await page.goto(`${env.server.url}#game=pengu`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.click('#tab-solve');
  await page.click('#solve');
  await page.waitForSelector('#result .outcome.bad');
  assert.match(await page.textContent('#result'), /The solver stopped: the WebAssembly module did not load/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a module that does not load leaves a message on the page', async () => {
  const context = await env.browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.route('**/*.wasm', (route) => route.fulfill({ status: 404, body: 'not found' }));
  await page.goto(`${env.server.url}#game=pengu`);
  await page.waitForSelector('#loading.failed');
  assert.match(await page.textContent('#loading'), /The WebAssembly module did not load/);
  assert.ok(await page.isVisible('#loading'));
  await context.close();
});

test('the Solve tab\'s panels load after the first board; a failed load says so on the tab and is tried again', async () => {
  const context = await env.browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const panels = /\/js\/lazy-panels\.js/;
  await page.route(panels, (route) => route.fulfill({ status: 404, body: 'not found' }));
  await page.goto(`${env.server.url}#game=pengu`);
  await page.waitForSelector('body[data-ready="true"]');
  const order = await page.evaluate(() => ({
    board: performance.getEntriesByName('gridlab:first-board')[0].startTime,
    panels: performance.getEntriesByType('resource').find((r) => r.name.includes('/lazy-panels.js')).startTime,
    solver: performance.getEntriesByType('resource').some((r) => r.name.endsWith('/solver-panel.js')),
  }));
  assert.ok(order.panels > order.board, `asked for after the first board: ${JSON.stringify(order)}`);
  assert.equal(order.solver, false);
  await page.click('#tab-solve');
  await page.waitForSelector('#panel-solve .panels-failed');
  assert.match(await page.textContent('#panel-solve .panels-failed'), /This tab did not load/);
  assert.ok(await page.isVisible('#panel-solve .panels-failed'));
  await page.unroute(panels);
  await page.click('#tab-play');
  await page.click('#tab-solve');
  await page.waitForSelector('#panel-solve #solve');
  assert.equal(await page.locator('#panel-solve .panels-failed').count(), 0);
  assert.ok(await page.isVisible('#more-tools'));
  await context.close();
});

/**
 * A page of `game` (no service worker) whose requests matching `blocked` fail until
 * `unblock()`; resolves once the page is ready.
 */
async function pageWithout(game, blocked) {
  const context = await env.browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  page.setDefaultTimeout(60000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.route(blocked, (route) => route.fulfill({ status: 404, body: 'not found' }));
  await page.goto(`${env.server.url}#game=${game}`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForFunction((id) => window.gridlab && window.gridlab.game === id, game);
  return { context, page, errors, unblock: () => page.unroute(blocked) };
}

/** When the page first asked for a file whose address includes `part`, and when it drew its first board. */
const askedAfterBoard = (page, part) => page.evaluate((p) => ({
  board: performance.getEntriesByName('gridlab:first-board')[0].startTime,
  asked: Math.min(...performance.getEntriesByType('resource').filter((r) => r.name.includes(p)).map((r) => r.startTime)),
}), part);

/** Open `tab` (by way of the Play tab, so that it is opened anew). */
async function reopen(page, tab) {
  await page.click('#tab-play');
  await page.click(`#tab-${tab}`);
}

test('the editor comes after the first board, works, and a failed load says so on the Edit tab', async () => {
  const { context, page, errors, unblock } = await pageWithout('pengu', /\/js\/lazy-panels\.js/);
  const t = await askedAfterBoard(page, '/js/lazy-panels.js');
  assert.ok(t.asked > t.board, `asked for after the first board: ${JSON.stringify(t)}`);
  assert.equal(await page.evaluate(() => performance.getEntriesByType('resource').some((r) => /\/(editor|level-check|level-generator)\.js/.test(r.name))), false);
  // The board plays meanwhile.
  const level = await page.evaluate(() => window.gridlab.levelText());
  await page.click('#tab-edit');
  await page.waitForSelector('#panel-edit .panels-failed');
  assert.match(await page.textContent('#panel-edit .panels-failed'), /This tab did not load/);
  assert.ok(await page.isVisible('#panel-edit .panels-failed'));
  assert.equal(await page.locator('#palette').count(), 0);
  await unblock();
  await reopen(page, 'edit');
  await page.waitForSelector('#panel-edit #palette');
  assert.equal(await page.locator('.panels-failed').count(), 0, 'the message goes from every tab');
  // It works: a level typed in loads, its verdict comes, and the editor's undo goes back.
  const text = '5 6\n######\n#P  *#\n#    #\n#   *#\n######\n';
  await page.fill('#level-text', text);
  await page.click('#load-level');
  await page.waitForFunction((want) => window.gridlab.levelText() === want, text);
  await page.waitForFunction(() => (window.gridlab.check() || { badges: [] }).badges.includes('win'));
  await page.click('#edit-undo');
  await page.waitForFunction((want) => window.gridlab.levelText() === want, level);
  assert.ok(await page.isVisible('#gen'), 'the generator is on the Edit tab');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Rogue\'s own panels come after the first board, work, and a failed load says so on their tabs', async () => {
  const { context, page, errors, unblock } = await pageWithout('rogue', /\/js\/games\/rogue\/rogue-panels\.js/);
  const t = await askedAfterBoard(page, '/rogue-panels.js');
  assert.ok(t.asked > t.board, `asked for after the first board: ${JSON.stringify(t)}`);
  // The game steps meanwhile (its strategies are the play module's).
  await page.click('#tab-solve');
  await page.waitForSelector('#panel-solve .panels-failed');
  assert.match(await page.textContent('#panel-solve .panels-failed'), /This tab did not load/);
  await page.click('#tab-compare');
  assert.ok(await page.isVisible('#panel-compare .panels-failed'));
  assert.equal(await page.locator('#exact-start').count(), 0);
  await unblock();
  await reopen(page, 'solve');
  await page.waitForSelector('#exact-start');
  assert.equal(await page.locator('.panels-failed').count(), 0);
  // The exact solution shows the start's value, and "Check a recorded game" comes after it.
  await page.waitForFunction(() => /Monster wins|Rogue survives/.test(document.querySelector('#exact-start').textContent));
  assert.ok(await page.isVisible('#rogue-check'));
  const order = await page.evaluate(() => [...document.querySelectorAll('#panel-solve > *')].map((e) => e.id));
  assert.ok(order.indexOf('exact-start') < order.indexOf('rogue-check'), order.join(' '));
  await page.click('#tab-compare');
  await page.click('#pairings-run');
  await page.waitForSelector('#pairings-table');
  assert.deepEqual(errors, []);
  await context.close();
});

test('GPac\'s Replay and Lab tabs come after the first board, work, and a failed load says so', async () => {
  const { context, page, errors, unblock } = await pageWithout('gpac', /\/js\/games\/gpac\/gpac-panels\.js/);
  const t = await askedAfterBoard(page, '/gpac-panels.js');
  assert.ok(t.asked > t.board, `asked for after the first board: ${JSON.stringify(t)}`);
  await page.click('#tab-solve');
  await page.waitForSelector('#panel-solve .panels-failed');
  assert.match(await page.textContent('#panel-solve .panels-failed'), /This tab did not load/);
  assert.equal(await page.locator('#replay-text').count(), 0);
  await unblock();
  // "Replay it" on the Play tab loads the Replay tab first, then opens this game's world file.
  await page.click('#tab-play');
  await page.click('#replay-world');
  await page.waitForSelector('#panel-solve:not([hidden]) #replay-frames');
  await page.waitForFunction(() => window.gridlab.replay() && window.gridlab.replay().loaded);
  assert.match(await page.textContent('#replay-frames'), /^\d+ snapshots$/);
  assert.equal(await page.locator('.panels-failed').count(), 0);
  await page.click('#tab-compare');
  assert.ok(await page.isVisible('#lab-start'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('Arena\'s Replay, Live and League tabs come after the first board, work, and a failed load says so', async () => {
  const { context, page, errors, unblock } = await pageWithout('arena', /\/js\/games\/arena\/arena-panels\.js/);
  const t = await askedAfterBoard(page, '/arena-panels.js');
  assert.ok(t.asked > t.board, `asked for after the first board: ${JSON.stringify(t)}`);
  await page.click('#tab-compare');
  await page.waitForSelector('#panel-compare .panels-failed');
  assert.match(await page.textContent('#panel-compare .panels-failed'), /This tab did not load/);
  await page.click('#tab-edit');
  assert.ok(await page.isVisible('#panel-edit .panels-failed'));
  assert.equal(await page.locator('#league-run').count(), 0);
  await unblock();
  // "Replay" of the game on the board loads the Replay tab first.
  await page.click('#tab-play');
  await page.click('#arena-replay-this');
  await page.waitForSelector('#panel-solve:not([hidden])');
  await page.waitForFunction(() => window.gridlab.replay() && window.gridlab.replay().loaded);
  assert.equal(await page.locator('.panels-failed').count(), 0);
  await page.click('#tab-compare');
  assert.ok(await page.isVisible('#league-run'));
  assert.deepEqual(errors, []);
  await context.close();
});
