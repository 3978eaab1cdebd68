// The search debugger's model against the native search's own record of the same run:
// at every step its open list's first entry is the state the search takes next (the
// same order), with the costs and heuristics the search gave it; the last state an
// A* or ID-DFS run takes is the goal, and its path is the plan; the duplicates the
// model counts are the search's own; ID-DFS's iterations are its depth limits.
// Run: node --test tests/node/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { g } from './helpers.mjs';
import { SearchRecord } from '../../www/js/search-record.js';

const TC07 = readFileSync('levels/pengu/course/testcase-07-8x7.txt', 'utf8');
/** ID-DFS's record of TC07 passes the limit; this one's whole run fits. */
const TC03 = readFileSync('levels/pengu/course/testcase-03-6x7.txt', 'utf8');
// A* walks TC07 straight to the goal; here it still meets duplicates.
const TC11 = readFileSync('levels/pengu/course/testcase-11-8x17.txt', 'utf8');
const DUNGEON = readFileSync('levels/actman/04-tie-breaks.txt', 'utf8');

function stepsInOrder(result, what) {
  const m = new SearchRecord(result.record);
  assert.ok(m.steps > 3, what);
  let closed = 0;
  for (let k = 0; k < m.steps; k++) {
    m.seek(k);
    if (m.takenAs(k + 1) === 'iteration') {
      assert.equal(m.open.size, 0, `${what}: an iteration ends with nothing open`);
      m.seek(k + 1);
      assert.deepEqual(m.frontier().map((x) => x.id), [m.root], `${what}: an iteration starts with only the start open`);
      closed = 0;
      continue;
    }
    const first = m.frontier(1)[0];
    const next = m.takenAt(k + 1);
    assert.equal(first.id, next, `${what}: step ${k + 1}`);
    m.seek(k + 1);
    assert.equal(m.current, next);
    assert.equal(m.node(next).g, first.g, `${what}: the cost it was taken with`);
    if (m.expandsAt(k + 1)) closed++;
    assert.equal(m.closed, closed, `${what}: closed after step ${k + 1}`);
  }
  // Seeking back and forth gives what stepping gave.
  m.seek(Math.floor(m.steps / 2));
  const half = JSON.stringify([m.frontier(), m.closed, m.current, m.duplicates]);
  m.seek(m.steps);
  m.seek(0);
  m.seek(Math.floor(m.steps / 2));
  assert.equal(JSON.stringify([m.frontier(), m.closed, m.current, m.duplicates]), half, `${what}: seek`);
  m.seek(m.steps);
  if (!m.truncated) assert.equal(m.totals.duplicates, result.stats.duplicates, `${what}: duplicates (all iterations)`);
  if (!m.truncated && !m.isStack) assert.equal(m.generated + 1, result.stats.generated, `${what}: generated (and the start)`);
  return m;
}

test('Pengu: the debugger takes the states in the native order, for all four searches', () => {
  for (const solver of ['bfs', 'iddfs', 'greedy', 'astar']) {
    const r = g.run_tool('pengu', 'solve', solver === 'iddfs' ? TC03 : TC07, { solver, recordLimit: 100000 });
    if (solver === 'iddfs') assert.equal(r.record.truncated, false, 'the whole ID-DFS run');
    const m = stepsInOrder(r, `pengu ${solver}`);
    if (solver === 'bfs') {
      m.seek(3);
      const ids = m.frontier().map((x) => x.id);
      assert.deepEqual(ids, [...ids].sort((a, b) => a - b), 'breadth first: first in, first out');
    }
    if (solver === 'iddfs') {
      assert.equal(m.takenAs(m.steps), 'goal');
      assert.equal(m.path(m.takenAt(m.steps)), r.moves, 'ID-DFS: the last state taken is the goal');
      assert.equal(m.iterationSteps.length, r.moves.length, 'one iteration per depth limit up to the plan');
      assert.equal(m.iteration, r.moves.length);
      m.seek(m.iterationSteps[1]);
      assert.equal(m.iteration, 2);
      assert.equal(m.currentAs, 'iteration');
      m.seek(m.iterationSteps[1] + 1);
      const stack = m.frontier();
      assert.ok(stack.length > 1);
      assert.deepEqual(stack.map((x) => x.id), stack.map((x) => x.id).sort((a, b) => a - b), 'siblings in move order');
      m.seek(m.iterationSteps[2] - 1);
      assert.ok(m.cutOff > 0, 'the depth limit cuts off');
    }
    if (solver === 'astar') {
      const goal = m.takenAt(m.steps);
      assert.equal(m.path(goal), r.moves, 'the last state taken is the goal; its path is the plan');
      m.seek(2);
      for (const row of m.frontier(5)) assert.equal(row.keyHi, row.g + row.h, 'A*: f = g + h orders the list');
    }
  }
});

test('Act-Man: the same, and a run without a record has none', () => {
  for (const solver of ['bfs', 'iddfs', 'astar']) stepsInOrder(g.run_tool('actman', 'solve', DUNGEON, { solver, recordLimit: 100000 }), `actman ${solver}`);
  assert.equal(g.run_tool('pengu', 'solve', TC07, { solver: 'astar' }).record, undefined);
  const cut = new SearchRecord(g.run_tool('pengu', 'solve', TC07, { solver: 'bfs', recordLimit: 10 }).record);
  assert.equal(cut.truncated, true);
});

test("each step's last action: an expansion's last successor as the search met it; a tested step stops before the expansion", () => {
  for (const solver of ['bfs', 'astar', 'greedy']) {
    const r = g.run_tool('pengu', 'solve', solver === 'astar' ? TC11 : TC07, { solver, recordLimit: 100000 });
    const m = new SearchRecord(r.record);
    const seen = new Set();
    for (let k = 1; k <= Math.min(m.steps, 150); k++) {
      const last = m.lastAction(k);
      seen.add(last);
      m.seek(k - 1);
      const before = { open: m.open.size, pushes: m.pushes, duplicates: m.duplicates, pruned: m.pruned };
      m.seek(k);
      const pushed = m.pushes - before.pushes;
      if (last === 'push') assert.ok(pushed > 0, `${solver} step ${k}: pushed last`);
      if (last === 'duplicate') assert.ok(m.duplicates > before.duplicates, `${solver} step ${k}: a duplicate last`);
      if (last === 'pruned') assert.ok(m.pruned > before.pruned, `${solver} step ${k}: pruned last`);
      if (last === 'expand') assert.equal(pushed + m.duplicates + m.pruned, before.duplicates + before.pruned, `${solver} step ${k}: no successor`);
      if (m.takenAs(k) !== 'expanded') continue;
      // Taken and tested: the state off the open list, its successors not yet counted.
      const full = JSON.stringify([m.frontier(), m.closed, m.duplicates, m.pruned, m.current]);
      m.seek(k, { tested: true });
      assert.equal(m.open.size, before.open - 1);
      assert.equal(m.current, m.takenAt(k));
      assert.deepEqual([m.duplicates, m.pruned], [before.duplicates, before.pruned]);
      m.seek(k);
      assert.equal(JSON.stringify([m.frontier(), m.closed, m.duplicates, m.pruned, m.current]), full, `${solver} step ${k}: on from tested`);
    }
    assert.ok(seen.has('push') && seen.has('duplicate'), `${solver}: ${[...seen]}`);
  }
});

test("ID-DFS's counts are the iteration's; its totals run on", () => {
  const r = g.run_tool('pengu', 'solve', TC03, { solver: 'iddfs', recordLimit: 100000 });
  const m = new SearchRecord(r.record);
  m.seek(m.iterationSteps[2]);
  assert.equal(m.iteration, 3);
  assert.deepEqual([m.open.size, m.closed, m.pushes, m.generated, m.duplicates, m.pruned, m.cutOff], [1, 0, 1, 0, 0, 0, 0]);
  assert.ok(m.totals.expanded > 0 && m.totals.cutOff > 0);
  m.seek(0);
  assert.equal(m.current, -1, 'before the first step nothing is taken');
  assert.equal(m.currentAs, null);
});

test('UCS, weighted A*, IDA* and beam search step as the others; IDA*’s f-limits are chapters', () => {
  for (const solver of ['ucs', 'wastar', 'idastar', 'beam']) {
    const level = solver === 'idastar' || solver === 'ucs' ? TC03 : TC07;
    const r = g.run_tool('pengu', 'solve', level, { solver, recordLimit: 200000, weight: 2, beamWidth: 3 });
    assert.equal(r.record.truncated, false, `${solver}: the whole run`);
    const m = stepsInOrder(r, `pengu ${solver}`);
    // A best-first search's goal, taken, is an expansion event its statistics do not count.
    const goalTaken = ['ucs', 'wastar'].includes(solver) && r.outcome === 'found' ? 1 : 0;
    assert.equal(m.totals.expanded, r.stats.expanded + goalTaken, `${solver}: the expansions are the search's`);
    if (solver === 'ucs') {
      m.seek(3);
      for (const row of m.frontier(5)) assert.deepEqual([row.keyHi, row.keyLo, row.h], [row.g, 0, 0], 'UCS: by g alone');
    }
    if (solver === 'wastar') {
      m.seek(3);
      for (const row of m.frontier(5)) {
        assert.equal(row.keyHi - row.keyLo, row.g, 'weighted A*: g + w·h, then w·h');
        assert.equal(row.keyLo, 2 * row.h);
      }
    }
    if (solver === 'idastar') {
      assert.equal(r.outcome, 'found');
      assert.equal(m.takenAs(m.steps), 'goal');
      assert.equal(m.path(m.takenAt(m.steps)), r.moves, 'IDA*: the last state taken is the goal');
      assert.ok(m.iterationSteps.length >= 2, 'more than one f-limit');
      const limits = m.iterationKeys;
      for (let i = 1; i < limits.length; i++) assert.ok(limits[i] > limits[i - 1], `f-limits grow: ${limits}`);
      assert.equal(limits[limits.length - 1], r.moves.length, 'the last f-limit is the plan’s cost');
      m.seek(m.iterationSteps[1]);
      assert.equal(m.currentAs, 'iteration');
      assert.equal(m.fLimit, limits[1]);
      m.seek(m.iterationSteps[1] - 1);
      assert.ok(m.cutOff > 0, 'the f-limit cuts off');
    }
    if (solver === 'beam') {
      m.seek(m.steps);
      assert.ok(m.totals.cut > 0, 'a beam of 3 cuts states');
      let cuts = 0;
      for (let k = 1; k <= m.steps; k++) cuts += m.takenAs(k) === 'cut' ? 1 : 0;
      assert.equal(cuts, m.totals.cut);
      if (r.outcome !== 'found') assert.equal(r.note, `the beam (width 3) dropped every path to a goal: ${cuts} states cut`);
    }
  }
});

test('bidirectional BFS: two sides in one record, the goal states backward, and where it cannot run', () => {
  const r = g.run_tool('pengu', 'solve', TC07, { solver: 'bibfs', recordLimit: 200000 });
  const bfs = g.run_tool('pengu', 'solve', TC07, { solver: 'bfs' });
  assert.equal(r.outcome, 'found');
  assert.equal(r.moves.length, bfs.moves.length);
  const m = new SearchRecord(r.record);
  assert.equal(m.iterationSteps.length, 1, 'the goal states are no new iteration');
  m.seek(0);
  const open = m.frontier();
  assert.equal(open[0].id, 0, 'the start first');
  assert.ok(open.length > 1 && open.slice(1).every((x) => m.isBackward(x.id)), 'then every goal state');
  m.seek(m.steps);
  assert.equal(m.totals.expanded, r.stats.expanded);
  let back = -1;
  for (let id = 0; id < m.states; id++) if (m.isBackward(id) && m.node(id).depth > 0) back = id;
  assert.ok(back > 0, 'the backward side expanded');
  const n = m.node(back);
  assert.equal(n.moves, '');
  assert.equal(n.toGoal.length, n.depth);
  const none = g.run_tool('pengu', 'solve', TC07, { solver: 'bibfs', goal: 3, recordLimit: 1000 });
  assert.equal(none.outcome, 'limit_reached');
  assert.match(none.note, /^bidirectional search needs the goal states, and "at least 3 fish"/);
  const act = g.run_tool('actman', 'solve', DUNGEON, { solver: 'bibfs', recordLimit: 1000 });
  assert.match(act.note, /monsters' chase moves are not invertible/);
});

test('Act-Man: UCS, weighted A*, IDA* and beam records step in order too', () => {
  for (const solver of ['ucs', 'wastar', 'idastar', 'beam']) {
    const r = g.run_tool('actman', 'solve', DUNGEON, { solver, recordLimit: 200000, beamWidth: 5 });
    const m = stepsInOrder(r, `actman ${solver}`);
    m.seek(m.steps);
    const goalTaken = ['ucs', 'wastar'].includes(solver) && r.outcome === 'found' ? 1 : 0;
    if (!m.truncated) assert.equal(m.totals.expanded, r.stats.expanded + goalTaken, `actman ${solver}`);
  }
});
