// The first board's module lists. `staticImports(file)`: the modules (relative to www/)
// a page module imports statically, directly or not (its `import()`s are left out: they
// load later; so are the wasm bindings under pkg/, which index.html preloads). Run as a
// script, it writes each game's static closure (the game's module and what it imports
// that main.js does not) into www/index.html, as the JSON of
// `<script type="application/json" id="game-modules">`: the page's inline script
// preloads the linked (or last, or default) game's list while the page is parsed, and
// main.js the list of a game it switches to, so that a game's modules are fetched at
// once rather than one import level after another. tests/node/first_board.test.mjs
// fails when the list is out of date. Usage: node scripts/module-closure.mjs

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const WWW = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../www');

/**
 * The files (relative to www/) that `file` imports statically, and theirs.
 * @param {string} file
 * @param {Set<string>} [seen]
 */
export function staticImports(file, seen = new Set()) {
  const text = readFileSync(path.join(WWW, file), 'utf8');
  for (const [, spec] of text.matchAll(/^import\s+(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) {
    const dep = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
    if (dep.startsWith('..') || dep.startsWith('pkg/') || seen.has(dep)) continue;
    seen.add(dep);
    staticImports(dep, seen);
  }
  return seen;
}

/** The game modules of the registry (js/games/index.js's `load: () => import(...)`). */
export function gameModules() {
  const text = readFileSync(path.join(WWW, 'js/games/index.js'), 'utf8');
  return [...text.matchAll(/id: '([a-z]+)',[^]*?import\('\.\/([^']+)'\)/g)].map(([, id, file]) => ({ id, file: `js/games/${file}` }));
}

/** Each game's list: its module, then what it imports statically that main.js does not. */
export function gameLists() {
  const shell = staticImports('js/main.js');
  shell.add('js/main.js');
  return Object.fromEntries(gameModules().map(({ id, file }) => [id, [file, ...[...staticImports(file)].filter((f) => !shell.has(f)).sort()]]));
}

const BLOCK = /(<script type="application\/json" id="game-modules">)[^]*?(<\/script>)/;

/** The lists as index.html holds them (JSON, a game a line). */
export function listsJson() {
  const lines = Object.entries(gameLists()).map(([id, files]) => `    ${JSON.stringify(id)}: ${JSON.stringify(files)}`);
  return `{\n${lines.join(',\n')}\n  }`;
}

/** The lists in index.html now (the text between the script tags), or null. */
export function listsInPage(html = readFileSync(path.join(WWW, 'index.html'), 'utf8')) {
  const m = BLOCK.exec(html);
  return m ? m[0].slice(m[1].length, m[0].length - m[2].length) : null;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = path.join(WWW, 'index.html');
  const html = readFileSync(file, 'utf8');
  if (!BLOCK.test(html)) throw new Error('www/index.html has no <script type="application/json" id="game-modules">');
  writeFileSync(file, html.replace(BLOCK, (_, open, close) => `${open}${listsJson()}${close}`));
  console.log('www/index.html: the games\' module lists written');
}
