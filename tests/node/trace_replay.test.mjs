// The search replay's counts, stepped one expansion at a time (with the states each
// expansion generated), on a hand-made trace: forward, back, to either end, and the
// node expanded last.
// Run: node --test tests/node/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TraceReplay } from '../../www/js/heatmap.js';

const G = 0x80000000; // generated
// The root (cell 0) generated, expanded: generates 1 and 2; expand 1: generates 3;
// expand 2: nothing; expand 3.
const TRACE = Uint32Array.from([0 | G, 0, 1 | G, 2 | G, 1, 3 | G, 2, 3]);

test('one step is one expansion and the states it generated', () => {
  const r = new TraceReplay(TRACE, 4);
  assert.equal(r.expansions, 4);
  assert.equal(r.length, 8);
  r.seekExpansion(0);
  assert.equal(r.pos, 1, 'the root generated, nothing expanded');
  assert.equal(r.current(), -1);
  r.seekExpansion(1);
  assert.equal(r.pos, 4);
  assert.equal(r.current(), 0);
  assert.deepEqual([...r.overlay().frontier], [0, 1, 1, 0], 'the root expanded, its children on the frontier');
  r.seekExpansion(2);
  assert.equal(r.current(), 1);
  assert.deepEqual([...r.overlay().frontier], [0, 0, 1, 1]);
  r.seekExpansion(4);
  assert.equal(r.pos, 8, 'the end: every event');
  assert.equal(r.current(), 3);
  assert.deepEqual([...r.expanded], [1, 1, 1, 1]);
  r.seekExpansion(1);
  assert.deepEqual([...r.expanded], [1, 0, 0, 0], 'back again');
  r.seekExpansion(99);
  assert.equal(r.expandedTotal, 4, 'clamped to the end');
});
