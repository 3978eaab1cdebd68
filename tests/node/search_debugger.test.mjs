// The search debugger's model against the native search's own record of the same run:
// at every step its open list's first entry is the state the search expands next (the
// same order), with the costs and heuristics the search gave it; the last state an
// A* run takes is the goal, and its path is the plan.
// Run: node --test tests/node/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { g } from './helpers.mjs';
import { SearchRecord } from '../../www/js/search-record.js';

const TC07 = readFileSync('levels/pengu/course/testcase-07-8x7.txt', 'utf8');
const DUNGEON = readFileSync('levels/actman/04-tie-breaks.txt', 'utf8');

function stepsInOrder(result, what) {
  const m = new SearchRecord(result.record);
  assert.ok(m.expansions > 3, what);
  for (let k = 0; k < m.expansions; k++) {
    m.seek(k);
    const first = m.frontier(1)[0];
    const next = m.expandedAt(k + 1);
    assert.equal(first.id, next, `${what}: step ${k + 1}`);
    m.seek(k + 1);
    assert.equal(m.current, next);
    assert.equal(m.node(next).g, first.g, `${what}: the cost it was taken with`);
    assert.equal(m.closed, k + 1);
  }
  return m;
}

test('Pengu: the debugger takes the states in the native order, for BFS, greedy and A*', () => {
  for (const solver of ['bfs', 'greedy', 'astar']) {
    const r = g.pengu_solve(TC07, { solver, recordLimit: 100000 });
    const m = stepsInOrder(r, `pengu ${solver}`);
    if (solver === 'bfs') {
      m.seek(3);
      const ids = m.frontier().map((x) => x.id);
      assert.deepEqual(ids, [...ids].sort((a, b) => a - b), 'breadth first: first in, first out');
    }
    if (solver === 'astar') {
      const goal = m.expandedAt(m.expansions);
      assert.equal(m.path(goal), r.moves, 'the last state taken is the goal; its path is the plan');
      m.seek(2);
      for (const row of m.frontier(5)) assert.equal(row.keyHi, row.g + row.h, 'A*: f = g + h orders the list');
    }
  }
});

test('Act-Man: the same, and a run without a record has none', () => {
  for (const solver of ['bfs', 'astar']) stepsInOrder(g.actman_solve(DUNGEON, { solver, recordLimit: 100000 }), `actman ${solver}`);
  assert.equal(g.pengu_solve(TC07, { solver: 'astar' }).record, undefined);
  const cut = new SearchRecord(g.pengu_solve(TC07, { solver: 'bfs', recordLimit: 10 }).record);
  assert.equal(cut.truncated, true);
});
