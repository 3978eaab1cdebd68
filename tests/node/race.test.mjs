// The race's model (www/js/race.js) on the native solver's results: a race position
// is one expansion of every run still running; at the end each run has made exactly
// the expansions the solve tool counted, its open list and heat-map are the record's;
// the finish order ranks by expansions to the goal and says why a run did not finish;
// a link's `r.algos` is read with its problems named, the heuristic lab's entrants
// (`astar:zero`) too; a lab run's record races as a solve's.
// Run: node --test tests/node/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { g } from './helpers.mjs';
import { Race, RaceRun, finishOrder, ordinal, parseAlgos, algoEntrant, raceAlgorithms, labEntrant, labEntrants, entrantFor } from '../../www/js/race.js';
import { SearchRecord } from '../../www/js/search-record.js';

const TC04 = readFileSync('levels/pengu/course/testcase-04-7x7.txt', 'utf8');
// A field where A* still searches (its heuristic walks TC04 straight to the goal).
const TC14 = readFileSync('levels/pengu/course/testcase-14-20x20.txt', 'utf8');
const ALGOS = [
  ['astar', 'A*', 'A*'],
  ['ucs', 'UCS', 'Uniform-cost'],
  ['bfs', 'BFS', 'Breadth-first (BFS)'],
  ['iddfs', 'ID-DFS', 'Iterative deepening (ID-DFS)'],
  ['greedy', 'Greedy', 'Greedy best-first'],
  ['random', 'Random', 'Random moves'],
];

function run(text, id, cells = 7 * 7) {
  const r = new RaceRun(algoEntrant(ALGOS, id), cells);
  r.setResult(g.run_tool('pengu', 'solve', text, { solver: id, recordLimit: 200000 }), true);
  return r;
}

test('a race steps one expansion of every running run; at the end the tool’s counts', () => {
  const runs = ['bfs', 'astar', 'greedy'].map((id) => run(TC14, id, 20 * 20));
  const race = new Race(runs);
  const [bfs, astar, greedy] = runs;
  assert.deepEqual(runs.map((r) => r.expansions), [16241, 39, 15]);
  assert.equal(race.length, 16241);
  race.seek(0);
  for (const r of runs) {
    r.sync();
    assert.equal(r.expanded, 0);
    assert.equal(r.frontier, 1, 'the start is open');
  }
  for (let p = 1; p <= 20; p++) {
    const before = race.running();
    assert.ok(race.advance());
    for (const r of before) assert.equal(r.expanded, p, `${r.label} at ${p}`);
  }
  assert.deepEqual(race.running().map((r) => r.label), ['BFS', 'A*'], 'greedy has finished after 15');
  assert.equal(greedy.expanded, 15);
  race.seek(race.length);
  assert.ok(race.over);
  assert.equal(race.advance(), false);
  for (const r of runs) {
    r.sync();
    assert.equal(r.expanded, r.result.stats.expanded, `${r.label}: expanded`);
    assert.equal(r.counts.reduce((a, b) => a + b, 0), r.expanded, `${r.label}: the heat-map counts every expansion`);
    assert.ok(!r.truncated);
  }
  assert.equal(bfs.result.moves.length, astar.result.moves.length);
  assert.deepEqual(race.order().map((o) => [o.place, o.label, o.expanded]), [[1, 'Greedy', 15], [2, 'A*', 39], [3, 'BFS', 16241]]);
});

test('a run’s open list and peak are the record’s, back and forth', () => {
  const r = run(TC14, 'astar', 20 * 20);
  const m = new SearchRecord(r.result.record);
  let peak = 1;
  let e = 0;
  for (let k = 1; k <= m.steps && e < r.expansions; k++) {
    if (!m.expandsAt(k)) continue;
    m.seek(k);
    e++;
    peak = Math.max(peak, m.open.size);
    if (e % 5 !== 0) continue;
    r.seek(e);
    r.sync();
    assert.equal(r.frontier, m.open.size, `frontier at ${e}`);
    assert.equal(r.peak, peak, `peak at ${e}`);
    assert.equal(r.heat().current, m.r.cell[m.takenAt(k)], `current at ${e}`);
  }
  r.seek(20);
  r.sync();
  const at20 = JSON.stringify([r.frontier, r.peak, [...r.counts], r.max]);
  r.seek(r.length);
  r.sync();
  r.seek(3);
  r.sync();
  r.seek(20);
  r.sync();
  assert.equal(JSON.stringify([r.frontier, r.peak, [...r.counts], r.max]), at20);
});

test('the finish order: fewest expansions first, ties share a place, failures say why', () => {
  const order = finishOrder([
    { label: 'BFS', found: true, expanded: 90 },
    { label: 'Beam', found: false, expanded: 40, why: 'no plan' },
    { label: 'A*', found: true, expanded: 15 },
    { label: 'UCS', found: true, expanded: 15 },
    { label: 'ID-DFS', found: false, expanded: 900, why: 'hit its limit' },
  ]);
  assert.deepEqual(order.map((o) => [o.place, o.label, o.why]), [
    [1, 'A*', null], [1, 'UCS', null], [3, 'BFS', null], [null, 'Beam', 'no plan'], [null, 'ID-DFS', 'hit its limit'],
  ]);
  assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22].map(ordinal), ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']);
});

test('a run that failed, and one cut by its limit, finish as such', () => {
  const a = new RaceRun(algoEntrant(ALGOS, 'bfs'), 49);
  a.setError('the level has no penguin');
  const b = new RaceRun(algoEntrant(ALGOS, 'astar'), 49);
  b.setResult(g.run_tool('pengu', 'solve', TC04, { solver: 'astar', maxStates: 20, recordLimit: 200000 }), false);
  assert.equal(b.result.outcome, 'limit_reached');
  const race = new Race([a, b]);
  assert.equal(a.length, 0);
  assert.ok(race.length > 0);
  race.seek(race.length);
  assert.deepEqual(race.order().map((o) => [o.place, o.why]), [[null, 'failed: the level has no penguin'], [null, 'hit its limit']]);
});

test('r.algos: the entrants, each once, at most four, searches only', () => {
  assert.deepEqual(raceAlgorithms(ALGOS).map((a) => a[0]), ['astar', 'ucs', 'bfs', 'iddfs', 'greedy']);
  const { entrants, problems } = parseAlgos('bfs, astar,bfs,random,nope,greedy,iddfs,ucs', ALGOS);
  assert.deepEqual(entrants.map((e) => [e.key, e.label, e.options.solver]), [['bfs', 'BFS', 'bfs'], ['astar', 'A*', 'astar'], ['greedy', 'Greedy', 'greedy'], ['iddfs', 'ID-DFS', 'iddfs']]);
  assert.deepEqual(problems, [
    'BFS is in the race once',
    '“random” is not an algorithm a race can run',
    '“nope” is not an algorithm a race can run',
    'at most 4 entrants: UCS is left out',
  ]);
});

test('r.algos: the heuristic lab’s entrants (algorithm:heuristic), only where the game has the lab', () => {
  assert.deepEqual(labEntrants(ALGOS).map((e) => [e.key, e.label]), [
    ['astar:builtin', 'A* · built-in h'], ['astar:zero', 'A* · h = 0'], ['astar:code', 'A* · lab’s h'],
    ['greedy:builtin', 'Greedy · built-in h'], ['greedy:zero', 'Greedy · h = 0'], ['greedy:code', 'Greedy · lab’s h'],
  ]);
  assert.deepEqual(entrantFor(ALGOS, 'greedy:code', true), { kind: 'lab', key: 'greedy:code', label: 'Greedy · lab’s h', options: { solver: 'greedy', heuristic: 'code' } });
  assert.equal(entrantFor(ALGOS, 'astar:zero', false), null, 'no lab, no lab entrant');
  assert.deepEqual(entrantFor(ALGOS, 'astar', true), algoEntrant(ALGOS, 'astar'));
  assert.equal(labEntrant(ALGOS, 'bfs', 'zero'), null, 'the lab runs A* and greedy only');
  assert.equal(labEntrant(ALGOS.filter(([id]) => id !== 'greedy'), 'greedy', 'zero'), null, 'nor an algorithm the game lacks');

  const { entrants, problems } = parseAlgos('astar:builtin, astar:zero,astar,astar:zero,bfs:zero,astar:nope,astar:,:zero,astar:code,greedy:code', ALGOS, true);
  assert.deepEqual(entrants.map((e) => [e.kind, e.key, e.options.solver, e.options.heuristic]), [
    ['lab', 'astar:builtin', 'astar', 'builtin'], ['lab', 'astar:zero', 'astar', 'zero'], ['algo', 'astar', 'astar', undefined], ['lab', 'astar:code', 'astar', 'code'],
  ]);
  const notLab = (id) => `“${id}” is not a search of the heuristic lab (astar or greedy, then :builtin, :zero, :code)`;
  assert.deepEqual(problems, [
    'A* · h = 0 is in the race once', notLab('bfs:zero'), notLab('astar:nope'), notLab('astar:'), notLab(':zero'),
    'at most 4 entrants: Greedy · lab’s h is left out',
  ]);
  assert.deepEqual(parseAlgos('bfs,astar:zero', ALGOS).problems, ['“astar:zero” needs the heuristic lab, which this game does not have']);
});

test('a lab run’s record races as a solve’s: the built-in h before h = 0, the lab’s counts', () => {
  const lab = (heuristic) => {
    const r = new RaceRun(labEntrant(ALGOS, 'astar', heuristic), 7 * 7);
    const result = g.heuristic_lab('pengu', TC04, { solver: 'astar', recordLimit: 200000, traceLimit: 0, compare: false }, heuristic, null);
    r.setResult(result, result.outcome === 'found');
    return r;
  };
  const runs = [lab('zero'), lab('builtin')];
  const race = new Race(runs);
  assert.deepEqual(runs.map((r) => r.expansions), [1270, 12]);
  assert.deepEqual(runs.map((r) => r.length), [1270, 12], 'every expansion replayable');
  race.seek(race.length);
  for (const r of runs) {
    r.sync();
    assert.equal(r.counts.reduce((a, b) => a + b, 0), r.expansions);
  }
  assert.deepEqual(race.order().map((o) => [o.place, o.label, o.expanded]), [[1, 'A* · built-in h', 12], [2, 'A* · h = 0', 1270]]);
});
