// Loading the playground: the module is fetched once (its preload is the request its
// bindings make) and compressed; a reload fetches no body again (the server's
// validators); offline, the service worker's copies still draw the board; and a module
// that does not load leaves a visible message, not a blank page.

import test from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage } from './harness.mjs';

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
