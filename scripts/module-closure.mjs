// The first board's module lists. `staticImports(file)`: the modules (relative to www/)
// a page module imports statically, directly or not (its `import()`s are left out: they
// load later); a specifier outside www/ (`../pkg/…`) is left out too. Run as a script,
// it writes www/js/games/closure.js: each game's static closure, which main.js preloads
// (`<link rel=modulepreload>`, all at once) as soon as it knows the game, rather than
// one import level after another. tests/node/first_board.test.mjs fails when the file
// is out of date. Usage: node scripts/module-closure.mjs

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

/** The text of www/js/games/closure.js. */
export function closureModule() {
  const shell = staticImports('js/main.js');
  shell.add('js/main.js');
  const lines = gameModules().map(({ id, file }) => {
    const own = [file, ...[...staticImports(file)].filter((f) => !shell.has(f)).sort()];
    // Relative to js/games/ (this file's folder), as import.meta.url resolves them.
    return `  ${id}: [\n${own.map((f) => `    '${path.posix.relative('js/games', f)}',`).join('\n')}\n  ],`;
  });
  return `// Written by scripts/module-closure.mjs (do not edit): each game's module and the modules
// it imports statically that main.js does not, relative to this folder. main.js preloads
// them all at once when it knows the game (tests/node/first_board.test.mjs keeps it current).

export const closure = {
${lines.join('\n')}
};
`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(path.join(WWW, 'js/games/closure.js'), closureModule());
  console.log('www/js/games/closure.js written');
}
