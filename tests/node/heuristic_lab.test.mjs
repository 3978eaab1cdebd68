// The heuristic lab's wasm export with a JavaScript function as h: the verdicts, the
// state numbers h receives, and a throwing or bad h becoming a thrown error that names
// the state (never a trap).

import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { g, thrown } from './helpers.mjs';

const field = readFileSync(new URL('../../levels/pengu/course/testcase-04-7x7.txt', import.meta.url), 'utf8');
const options = { solver: 'astar', goal: 'all', recordLimit: 100000, traceLimit: 100000 };

test('a zero h written in JavaScript is admissible and loses to the built-in', () => {
  const seen = [];
  const r = g.heuristic_lab('pengu', field, options, (s) => {
    seen.push(Array.from(s));
    return 0;
  });
  const { data, cols } = g.heuristic_lab_data('pengu', field, options);
  assert.equal(r.admissible.states, seen.length, 'h called once a stored state');
  assert.equal(r.admissible.over, 0);
  assert.equal(r.admissible.byBuiltin, seen.length);
  assert.equal(r.outcome, 'found');
  assert.equal(r.cost, r.optimum);
  assert.deepEqual(r.runs.map((x) => x.heuristic), ['yours', 'built-in', 'zero']);
  assert.equal(r.runs[0].stats.expanded, r.runs[2].stats.expanded, 'the same search as h = 0');
  // The start: Pengu's cell and every tracked fish.
  const start = field.split('\n').slice(1).join('').indexOf('P');
  assert.deepEqual(seen[0], [start, ...data.fishCells.map((_, i) => i)]);
  assert.ok(cols > 0 && r.record.events instanceof Uint32Array && r.trace instanceof Uint32Array);
});

test('the built-in heuristic by name, and h = 2 x built-in flagged', () => {
  const r = g.heuristic_lab('pengu', field, options, 'builtin');
  assert.equal(r.admissible.over, 0);
  const { data } = g.heuristic_lab_data('pengu', field, options);
  const n = data.restCells.length;
  // Twice the farthest fish by the slide table: inadmissible somewhere.
  const h = (s) => {
    const pos = data.restCells.indexOf(s[0]);
    let max = 0;
    for (const bit of s.slice(1)) max = Math.max(max, data.dist[bit * n + pos]);
    return 2 * max;
  };
  const bad = g.heuristic_lab('pengu', field, options, h);
  assert.ok(bad.admissible.over > 0);
  const first = bad.admissible.listed[0];
  assert.equal(first.h - first.hStar, bad.admissible.worst);
  assert.equal(typeof first.moves, 'string');
});

test('a throwing or bad h is a thrown error naming the state', () => {
  const e = thrown(() => g.heuristic_lab('pengu', field, options, () => {
    throw new Error('no idea');
  }));
  assert.equal(e.message, "h failed at the state reached by moves '': no idea");
  assert.ok(e.state instanceof Uint32Array && e.moves === '');
  for (const [value, says] of [[-1, '-1'], [0.5, '0.5'], [NaN, 'NaN']]) {
    const err = thrown(() => g.heuristic_lab('pengu', field, options, () => value));
    assert.match(err.message, new RegExp(`h returned ${says}, not a whole number`));
  }
  const err = thrown(() => g.heuristic_lab('pengu', field, options, () => 'far'));
  assert.match(err.message, /h returned string, not a number/);
  assert.equal(thrown(() => g.heuristic_lab('pengu', field, { solver: 'bfs' }, 'zero')).field, 'solver');
  assert.match(thrown(() => g.heuristic_lab('pengu', field, options, 7)).message, /h/);
  assert.match(thrown(() => g.heuristic_lab('rogue', field, options, 'zero')).message, /pengu and actman/);
});

test('Act-Man states: cell, bullet, then kind and cell per monster', () => {
  const d = '5 11\n###########\n# A #D @G #\n# #     # #\n#   #     #\n###########\n';
  const seen = [];
  const r = g.heuristic_lab('actman', d, { solver: 'astar' }, (s) => {
    seen.push(Array.from(s));
    return 0;
  });
  assert.equal(r.outcome, 'found');
  assert.equal(r.admissible.over, 0);
  assert.deepEqual(seen[0], [13, 0, 1, 16, 0, 19], 'slots in sorted order: the demon at 16, the ogre at 19');
  const { data } = g.heuristic_lab_data('actman', d, {});
  assert.deepEqual(data.corpses, [18]);
});
