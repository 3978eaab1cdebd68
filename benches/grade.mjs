// Grading a solver: what `gridlab pengu grade` adds to the solver's own time.
//
// Run from the repository root after `make native` (or `make bench`):
//   node benches/grade.mjs
// Environment: GRADE_ROUNDS (runs of each row, the median is printed; default 3).
//
// The "student" is gridlab's own A* (`gridlab pengu solve {in} > {out}`) on the 27
// course fields (levels/pengu/course):
// 1. the solver alone, one process per field, one after another (what the student's
//    program costs by itself);
// 2. `grade --algo astar` with --parallel 1 and 2: the solver's runs in the sandbox,
//    plus each field's optimum proved once, each output replayed and compared.
// The target: grading costs < 5 s beyond the solver's own time, and --parallel 2 is
// faster than --parallel 1 on a machine with two free cores.
// Exits 1 when a field does not pass.

import { execFileSync, execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../tests/e2e/harness.mjs';

const ROUNDS = Math.max(1, Number.parseInt(process.env.GRADE_ROUNDS ?? '3', 10) || 3);
const BIN = path.join(ROOT, 'target', 'release', 'gridlab');
const DIR = path.join(ROOT, 'levels', 'pengu', 'course');
const FIELDS = readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort();
const SOLVER = `${BIN} pengu solve {in} > {out}; true`;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const secs = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** Milliseconds to run `args` (its exit code may be 0 or 1). */
function timed(args) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    execFile(BIN, args, { maxBuffer: 1 << 26 }, (err, stdout, stderr) => {
      const code = err ? err.code : 0;
      if (code !== 0 && code !== 1) return reject(new Error(`${args.join(' ')}: ${stderr}`));
      resolve({ ms: performance.now() - started, stdout, code });
    });
  });
}

async function solverAlone() {
  const started = performance.now();
  for (const f of FIELDS) {
    try {
      execFileSync(BIN, ['pengu', 'solve', path.join(DIR, f)], { stdio: 'ignore' });
    } catch {
      // exit 1: no plan for the goal, as the field says
    }
  }
  return performance.now() - started;
}

const rows = [];
const alone = [];
for (let i = 0; i < ROUNDS; i++) alone.push(await solverAlone());
rows.push(['the solver alone, 27 fields one after another', median(alone)]);
for (const parallel of [1, 2]) {
  const times = [];
  for (let i = 0; i < ROUNDS; i++) {
    const run = await timed(['pengu', 'grade', '--algo', 'astar', '--parallel', String(parallel), '--solver', SOLVER, DIR]);
    if (run.code !== 0 || !run.stdout.includes(`${FIELDS.length} of ${FIELDS.length} levels passed`)) {
      console.error(run.stdout);
      process.exit(1);
    }
    times.push(run.ms);
  }
  rows.push([`grade --parallel ${parallel}`, median(times)]);
}
console.log(`\nGrading gridlab's A* as a student's solver on the ${FIELDS.length} course fields (median of ${ROUNDS})\n`);
console.log('| run | time | beyond the solver alone |');
console.log('|---|---|---|');
for (const [name, ms] of rows) {
  const extra = name.startsWith('grade') ? secs(ms - rows[0][1]) : '';
  console.log(`| ${name} | ${secs(ms)} | ${extra} |`);
}
