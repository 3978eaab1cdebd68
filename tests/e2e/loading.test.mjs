// Loading the playground: the module is fetched once (its preload is the request its
// bindings make) and compressed; a reload fetches no body again (the server's
// validators); once the service worker has kept the page's files, a reload asks the
// server for the page alone (its build stamp) and a changed file is fetched again at
// the next load; offline, the service worker's copies still draw the board; a module
// that does not load leaves a visible message, not a blank page, and so do the Solve
// tab's panels (loaded when the tab is first opened), which load when asked again.

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

test('the module is fetched once, compressed, and not again on a reload', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=pengu`);
  const wasm = (await resources(page)).filter((r) => r.name.endsWith('.wasm'));
  assert.deepEqual(wasm.map((r) => new URL(r.name).pathname), ['/pkg/gridlab_play_bg.wasm'], 'one fetch of the play module (the preload is used), not the full one');
  assert.ok(wasm[0].encoded < wasm[0].decoded / 2, `compressed: ${wasm[0].encoded} of ${wasm[0].decoded} bytes`);

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
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=pengu`);
  await page.waitForFunction(() => performance.getEntriesByName('gridlab:kept').length > 0);
  // The first reload keeps what the page's workers load too (the solver's full module,
  // after the board).
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForFunction(async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('gridlab-build-') && (await (await caches.open(name)).match('/pkg/gridlab_bg.wasm'))) return true;
    }
    return false;
  }, null, { polling: 200 });
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

test('offline, the service worker draws the last board', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=actman`);
  await page.evaluate(() => navigator.serviceWorker.ready);
  // One more load under the worker, so that it has kept every file the page uses.
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.evaluate(() => window.gridlab.game), 'actman');
  assert.ok(await page.isVisible('#board'));
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
  const panels = /\/js\/solve-panels\.js/;
  await page.route(panels, (route) => route.fulfill({ status: 404, body: 'not found' }));
  await page.goto(`${env.server.url}#game=pengu`);
  await page.waitForSelector('body[data-ready="true"]');
  const order = await page.evaluate(() => ({
    board: performance.getEntriesByName('gridlab:first-board')[0].startTime,
    panels: performance.getEntriesByType('resource').find((r) => r.name.includes('/solve-panels.js')).startTime,
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
