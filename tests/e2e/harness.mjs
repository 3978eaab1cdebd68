// Shared set-up of the browser tests: start `gridlab serve` on a free port, launch
// Debian's Chromium headless through playwright-core, collect page errors.

import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
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

/** Start the server; resolves to {url, stop()} once it answers. */
export async function startServer() {
  const port = await freePort();
  const bin = path.join(ROOT, 'target', 'release', 'gridlab');
  const child = spawn(bin, ['serve', '--port', String(port), '--host', '127.0.0.1'], {
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

/** A new page with error collection; waits until the playground is ready. */
export async function openPage(browser, url, { viewport = { width: 1400, height: 900 }, deviceScaleFactor = 1, hasTouch = false, isMobile = false } = {}) {
  const context = await browser.newContext({ viewport, deviceScaleFactor, hasTouch, isMobile });
  const page = await context.newPage();
  page.setDefaultTimeout(60000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]');
  return { page, context, errors };
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
