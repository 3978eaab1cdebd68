// How "More tools" (www/js/tools-panel.js) reads an options schema: every field of every
// tool of the registry (`tools()`) gets a control, and the schemars shapes a tool may
// have (a `$ref`, a nullable `anyOf`, a `oneOf` of constants, a type list with "null")
// read as the form needs them. The page itself is tested in tests/e2e/tools_panel.test.mjs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { g } from './helpers.mjs';
import { resolveProp, kindOf, reportJson, fieldLabel } from '../../www/js/tools-panel.js';

/** A property of `schema` as the form reads it: its kind, nullability and enum values. */
function read(schema, key) {
  const prop = schema.properties[key];
  const { s, nullable } = resolveProp(schema, prop);
  const kind = kindOf(s, prop['x-mib'] === true);
  return { kind, nullable, values: kind === 'enum' ? s.enum : undefined };
}

test('every option of every registry tool has a control, and Pengu’s read as their types say', () => {
  const { games } = g.tools();
  assert.ok(games.length >= 1);
  for (const game of games) {
    for (const tool of game.tools) {
      const schema = tool.schema;
      for (const key of Object.keys(schema.properties || {})) {
        const { kind } = read(schema, key);
        assert.ok(['integer', 'number', 'boolean', 'enum', 'string', 'json'].includes(kind), `${game.id} ${tool.name} ${key}`);
        const prop = schema.properties[key];
        if (prop.type === 'integer') assert.equal(kind, 'integer', `${game.id} ${tool.name} ${key}`);
        if (prop.type === 'boolean') assert.equal(kind, 'boolean', `${game.id} ${tool.name} ${key}`);
      }
    }
  }
  const pengu = games.find((x) => x.id === 'pengu');
  const solve = pengu.tools.find((t) => t.name === 'solve').schema;
  assert.deepEqual(read(solve, 'solver'), { kind: 'enum', nullable: false, values: ['random', 'bfs', 'iddfs', 'greedy', 'astar', 'ucs', 'wastar', 'idastar', 'beam', 'bibfs'] });
  assert.deepEqual(read(solve, 'cost'), { kind: 'enum', nullable: false, values: ['moves', 'cells'] });
  assert.equal(read(solve, 'weight').kind, 'number');
  assert.equal(read(solve, 'beamWidth').kind, 'integer');
  // The goal is "all", a number or {at_least}: a text field read as JSON when it parses.
  assert.equal(read(solve, 'goal').kind, 'json');
  assert.equal(read(solve, 'maxMemory').kind, 'integer');
  const generate = pengu.tools.find((t) => t.name === 'generate').schema;
  assert.equal(read(generate, 'unique').kind, 'boolean');
  assert.equal(read(generate, 'seed').kind, 'integer');
});

test('the schemars shapes: nullable types, a nullable $ref, constants, text', () => {
  const schema = {
    $defs: {
      Side: { type: 'string', enum: ['monster', 'rogue'] },
      Mode: { oneOf: [{ const: 'fast', description: 'Fast.' }, { const: 'exact', description: 'Exact.' }] },
    },
    properties: {
      limit: { type: ['integer', 'null'], minimum: 1 },
      ratio: { type: 'number' },
      side: { anyOf: [{ $ref: '#/$defs/Side' }, { type: 'null' }] },
      mode: { $ref: '#/$defs/Mode' },
      name: { type: 'string' },
      legacy: { allOf: [{ $ref: '#/$defs/Side' }] },
      anything: {},
    },
  };
  assert.deepEqual(read(schema, 'limit'), { kind: 'integer', nullable: true, values: undefined });
  assert.deepEqual(read(schema, 'ratio'), { kind: 'number', nullable: false, values: undefined });
  assert.deepEqual(read(schema, 'side'), { kind: 'enum', nullable: true, values: ['monster', 'rogue'] });
  assert.deepEqual(read(schema, 'mode'), { kind: 'enum', nullable: false, values: ['fast', 'exact'] });
  assert.deepEqual(read(schema, 'name'), { kind: 'string', nullable: false, values: undefined });
  assert.deepEqual(read(schema, 'legacy'), { kind: 'enum', nullable: false, values: ['monster', 'rogue'] });
  assert.deepEqual(read(schema, 'anything'), { kind: 'json', nullable: false, values: undefined });
  // A reference to nothing is an empty schema (a JSON field), not a crash.
  assert.equal(kindOf(resolveProp(schema, { $ref: '#/$defs/Missing' }).s, false), 'json');
});

test('labels and report text', () => {
  assert.equal(fieldLabel('maxStates'), 'Max states');
  assert.equal(fieldLabel('plan_cap'), 'Plan cap');
  assert.equal(fieldLabel('seed'), 'Seed');
  const report = { trace: new Uint32Array([1, 2]), table: new Map([['a', 1]]), big: 2n ** 70n, nested: { x: [1] } };
  assert.deepEqual(JSON.parse(reportJson(report)), { trace: [1, 2], table: { a: 1 }, big: '1180591620717411303424', nested: { x: [1] } });
  assert.equal(reportJson(undefined), 'null');
});
