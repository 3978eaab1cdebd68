// The Arena server in real time with four clients (examples/arena_client.py): how late
// its 50 ms ticks come (median, p99, max), as the server measures them.
//
// Run from the repository root after `make native`: node benches/arena_realtime.mjs
// Environment: ARENA_STEPS (default 1200, one minute of play).

import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const steps = process.env.ARENA_STEPS ?? '1200';
const server = spawn(path.join(ROOT, 'target/release/gridlab'), ['arena', 'serve', '--realtime', '--port', '0', '--wait', '2', '--steps', steps, '--replays', '/tmp/gridlab-arena-bench'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
let out = '';
const clients = [];
server.stdout.on('data', (chunk) => {
  out += chunk;
  const port = /listening on [^:]+:(\d+)/.exec(out)?.[1];
  if (port && clients.length === 0) {
    for (let i = 1; i <= 4; i++) {
      clients.push(spawn('python3', ['examples/arena_client.py', '127.0.0.1', port, `client-${i}`], { cwd: ROOT, stdio: 'ignore' }));
    }
  }
});
server.on('exit', (code) => {
  for (const c of clients) c.kill();
  console.log(out.trim());
  process.exit(code ?? 1);
});
