// The first board's preloads (www/index.html): every module main.js imports statically
// (directly or not) is a `modulepreload`, and none that it does not import; the play
// module and the tools' registry are preloaded under the names main.js and the
// bindings fetch, in the mode they fetch them (crossorigin), so each is fetched once.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WWW = path.join(ROOT, 'www');
const html = readFileSync(path.join(WWW, 'index.html'), 'utf8');

/** The files (relative to www/) that `file` imports statically, and theirs. */
function staticImports(file, seen = new Set()) {
  const text = readFileSync(path.join(WWW, file), 'utf8');
  for (const [, spec] of text.matchAll(/^import\s+(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) {
    const dep = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
    if (!seen.has(dep)) {
      seen.add(dep);
      staticImports(dep, seen);
    }
  }
  return seen;
}

const links = (rel) => [...html.matchAll(new RegExp(`<link rel="${rel}" href="([^"]+)"([^>]*)>`, 'g'))].map((m) => ({ href: m[1], attrs: m[2] }));

test('index.html preloads exactly the static imports of main.js', () => {
  const wanted = [...staticImports('js/main.js')].sort();
  const preloaded = links('modulepreload').map((l) => l.href).filter((h) => h.startsWith('js/')).sort();
  assert.deepEqual(preloaded, wanted);
  assert.ok(wanted.length > 5, 'main.js imports the shell');
});

test('the bindings and the module they fetch are preloaded', () => {
  const main = readFileSync(path.join(WWW, 'js/main.js'), 'utf8');
  assert.match(main, /import\('\.\.\/pkg\/gridlab_play\.js'\)/);
  assert.match(main, /new URL\('\.\.\/pkg\/tools\.json', import\.meta\.url\)/);
  assert.ok(links('modulepreload').some((l) => l.href === 'pkg/gridlab_play.js'));
  const fetched = links('preload');
  assert.deepEqual(fetched.map((l) => l.href), ['pkg/gridlab_play_bg.wasm', 'pkg/tools.json']);
  for (const l of fetched) {
    assert.match(l.attrs, /as="fetch"/);
    assert.match(l.attrs, /\bcrossorigin\b/);
  }
  const glue = readFileSync(path.join(ROOT, 'pkg', 'gridlab_play.js'), 'utf8');
  assert.match(glue, /new URL\('gridlab_play_bg\.wasm', import\.meta\.url\)/);
});
