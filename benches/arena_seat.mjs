// A browser seat through the relay (`gridlab serve --arena`, /arena/seat): how late the
// server's ticks reach the page, against a TCP client on the same server.
//
// 1. Real time (50 ms ticks), three bots and the page's seat, a TCP spectator beside
//    it: per tick, how late each state arrives against the ideal 50 ms schedule (the
//    earliest tick sets it), for the page and for the TCP client, and the relay's
//    extra delay (the page's arrival minus the TCP client's, tick by tick).
// 2. Lock-step, three bots and a seat that answers every state at once: milliseconds
//    a step (a whole round trip: server → relay → page → relay → server), for the
//    page and for a TCP client in its place.
//
// Run from the repository root after `make native wasm`: node benches/arena_seat.mjs
// Environment: ARENA_STEPS (real-time steps, default 1200: a minute),
// ARENA_LOCKSTEP_STEPS (default 2000).

import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(ROOT, 'target/release/gridlab');
const STEP_MS = 50;
const steps = Number(process.env.ARENA_STEPS ?? 1200);
const lockSteps = Number(process.env.ARENA_LOCKSTEP_STEPS ?? 2000);
const now = () => performance.timeOrigin + performance.now();

function start(args, re) {
  const child = spawn(CLI, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const ready = new Promise((resolve, reject) => {
    child.stdout.on('data', () => {
      const m = re.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`gridlab ${args[0]} exited (${code}): ${out}`)));
  });
  const exited = new Promise((resolve) => child.on('exit', () => resolve(out)));
  return { child, ready, exited };
}

/** A TCP client: a spectator (arrival time per tick) or a seat answering every state. */
function tcpClient(addr, { hello }) {
  const [host, port] = [addr.slice(0, addr.lastIndexOf(':')), Number(addr.slice(addr.lastIndexOf(':') + 1))];
  const arrivals = new Map();
  const socket = connect(port, host, () => socket.write(`${JSON.stringify(hello)}\n`));
  socket.setNoDelay(true);
  let buf = '';
  const done = new Promise((resolve) => {
    socket.on('data', (d) => {
      buf += d;
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        const m = /^\{"tick":(\d+)/.exec(line);
        if (m) {
          arrivals.set(Number(m[1]), now());
          if (hello.hello) socket.write(`{"tick":${m[1]}}\n`);
        }
        if (line.startsWith('{"gameOver"')) resolve();
      }
    });
    socket.on('close', resolve);
  });
  return { arrivals, done };
}

const quantile = (xs, q) => xs[Math.min(xs.length - 1, Math.floor((xs.length - 1) * q))];
const ms = (x) => `${x.toFixed(2)} ms`;
function summary(values) {
  const xs = [...values].sort((a, b) => a - b);
  return `median ${ms(quantile(xs, 0.5))}, p99 ${ms(quantile(xs, 0.99))}, max ${ms(xs[xs.length - 1])}`;
}
/** Lateness against the ideal schedule the earliest tick sets. */
function lateness(arrivals) {
  const ticks = [...arrivals.keys()];
  const t0 = Math.min(...ticks.map((t) => arrivals.get(t) - t * STEP_MS));
  return ticks.map((t) => arrivals.get(t) - t0 - t * STEP_MS);
}

/** The page: records each state's arrival on every WebSocket (before the app sees it). */
const RECORD = () => {
  window.__arrivals = new Map();
  const Base = window.WebSocket;
  window.WebSocket = class extends Base {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (ev) => {
        const m = /^\{"tick":(\d+)/.exec(ev.data);
        if (m) window.__arrivals.set(Number(m[1]), performance.timeOrigin + performance.now());
      });
    }
  };
};

async function pageSeat(browser, url, name) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(RECORD);
  await page.goto(`${url}#game=arena`);
  await page.waitForFunction(() => window.gridlab && window.gridlab.game === 'arena');
  await page.click('#tab-edit');
  await page.fill('#arena-seat-name', name);
  await page.click('#arena-seat-join');
  return { page, context };
}

async function run(mode, n, browser, { page: usePage }) {
  const arena = start(['arena', 'serve', mode, '--bots', '3', '--steps', String(n), '--wait', '60', '--port', '0', '--replays', '/tmp/gridlab-arena-seat-bench'], /listening on (\S+)/);
  const addr = await arena.ready;
  let seat;
  let web;
  let spectator = null;
  if (usePage) {
    web = start(['serve', '--port', '0', '--arena', addr], /playground at (http:\S+)/);
    const url = await web.ready;
    if (mode === '--realtime') spectator = tcpClient(addr, { hello: { spectate: true } });
    seat = await pageSeat(browser, url, 'browser');
  } else {
    seat = tcpClient(addr, { hello: { hello: 'tcp' } });
  }
  const out = await arena.exited;
  let arrivals;
  if (usePage) {
    await seat.page.waitForFunction(() => window.gridlab.live().over, null, { timeout: 600000 });
    arrivals = new Map(await seat.page.evaluate(() => [...window.__arrivals]));
    await seat.context.close();
    web.child.kill('SIGTERM');
  } else {
    await seat.done;
    arrivals = seat.arrivals;
  }
  if (spectator) await spectator.done;
  return { arrivals, spectator: spectator && spectator.arrivals, out };
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  const rt = await run('--realtime', steps, browser, { page: true });
  const server = /tick lateness over .*/.exec(rt.out);
  console.log(`real time, ${steps} ticks, a browser seat through the relay and a TCP spectator:`);
  console.log(`  the server's ticks: ${server ? server[0] : '(no report)'}`);
  console.log(`  states late at the page (${rt.arrivals.size}): ${summary(lateness(rt.arrivals))}`);
  console.log(`  states late at the TCP client (${rt.spectator.size}): ${summary(lateness(rt.spectator))}`);
  const extra = [...rt.arrivals.keys()].filter((t) => rt.spectator.has(t)).map((t) => rt.arrivals.get(t) - rt.spectator.get(t));
  console.log(`  the relay's extra delay (page − TCP, ${extra.length} ticks): ${summary(extra)}`);
  for (const [who, usePage] of [['the browser seat', true], ['a TCP seat', false]]) {
    const ls = await run('--lockstep', lockSteps, browser, { page: usePage });
    const ticks = [...ls.arrivals.keys()].sort((a, b) => a - b);
    const span = ls.arrivals.get(ticks[ticks.length - 1]) - ls.arrivals.get(ticks[0]);
    console.log(`lock-step, ${lockSteps} steps, ${who}: ${ms(span / (ticks.length - 1))} a step (${Math.round(((ticks.length - 1) * 1000) / span)} steps a second)`);
  }
} finally {
  await browser.close();
}
