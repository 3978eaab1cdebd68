// The first board's module lists (www/index.html) and what it leaves for later: every
// module main.js imports statically (directly or not) is a `modulepreload`, and none
// that it does not import; each game's list (its module and the static imports main.js
// does not have), which the page preloads, is current (scripts/module-closure.mjs
// writes it) and whole; the play module is compiled as it downloads by the page's first
// script (under the name the bindings fetch, which then get the compiled module); the
// presenter's module (slides.js) comes after the first board; the Edit, Solve and
// Compare tabs' panels (the shared ones, "Check a solution" and their style sheets:
// lazy-panels.js; Rogue's, GPac's and Arena's own) and the tools' registry are in no
// game's first board (they come after it).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { WWW, staticImports, gameModules, gameLists, listsJson, listsInPage } from '../../scripts/module-closure.mjs';

const ROOT = path.resolve(WWW, '..');
const html = readFileSync(path.join(WWW, 'index.html'), 'utf8');

const links = (rel) => [...html.matchAll(new RegExp(`<link rel="${rel}" href="([^"]+)"([^>]*)>`, 'g'))].map((m) => ({ href: m[1], attrs: m[2] }));

test('index.html preloads exactly the static imports of main.js', () => {
  const wanted = [...staticImports('js/main.js')].sort();
  const preloaded = links('modulepreload').map((l) => l.href).filter((h) => h.startsWith('js/')).sort();
  assert.deepEqual(preloaded, wanted);
  assert.ok(wanted.length > 5, 'main.js imports the shell');
});

test('each game\'s module list is current and whole (node scripts/module-closure.mjs)', () => {
  assert.equal(listsInPage(html), listsJson(), 'run `node scripts/module-closure.mjs`');
  const lists = JSON.parse(listsInPage(html));
  assert.deepEqual(Object.keys(lists), ['pengu', 'actman', 'rogue', 'gpac', 'arena']);
  const shell = staticImports('js/main.js');
  for (const { id, file } of gameModules()) {
    assert.equal(lists[id][0], file);
    // With main.js's modules, the list is all the game imports before it can start.
    for (const dep of staticImports(file)) assert.ok(shell.has(dep) || lists[id].includes(dep), `${id}: ${dep}`);
  }
  assert.deepEqual(lists, gameLists());
  // The inline script preloads a list, and main.js another game's.
  assert.match(html, /getElementById\('game-modules'\)/);
  const main = readFileSync(path.join(WWW, 'js/main.js'), 'utf8');
  assert.match(main, /\$\('#game-modules'\)/);
});

test('the Edit, Solve and Compare tabs\' panels are in no game\'s first board', () => {
  const shared = ['js/solver-panel.js', 'js/search-debugger.js', 'js/search-record.js', 'js/state-space-view.js',
    'js/race-view.js', 'js/heuristic-lab.js', 'js/compare.js', 'js/tools-panel.js', 'js/check-solution.js',
    'js/editor.js', 'js/level-check.js', 'js/level-generator.js', 'js/solve-common.js',
    'js/games/pengu/pengu-solve.js', 'js/games/actman/actman-solve.js'];
  // Each game's own panels: the module its `panels` (Arena: its loader) imports, and what it brings.
  const own = {
    rogue: ['js/games/rogue/rogue-panels.js', 'js/games/rogue/rogue-check.js', 'js/file-input.js'],
    gpac: ['js/games/gpac/gpac-panels.js', 'js/games/gpac/gpac-replay.js', 'js/games/gpac/gpac-lab.js', 'js/games/gpac/gpac-chart.js', 'js/replay-panel.js', 'js/file-input.js'],
    arena: ['js/games/arena/arena-panels.js', 'js/games/arena/arena-replay.js', 'js/games/arena/arena-live.js', 'js/games/arena/arena-league.js', 'js/games/arena/arena-results.js', 'js/replay-panel.js', 'js/file-input.js'],
  };
  const shell = staticImports('js/main.js');
  for (const { id, file } of gameModules()) {
    const first = new Set([...shell, file, ...staticImports(file)]);
    for (const f of [...shared, 'js/lazy-panels.js', ...(own[id] || [])]) assert.ok(!first.has(f), `${id}'s first board imports ${f}`);
    const source = readFileSync(path.join(WWW, file), 'utf8');
    if (own[id]) {
      const [module, ...brought] = own[id];
      const name = path.posix.basename(module).replace('.', '\\.');
      assert.match(source, new RegExp(`import\\(\`\\./${name}\\$\\{q\\}\`\\)`), `${id} imports ${module} later`);
      const later = staticImports(module);
      for (const f of brought) assert.ok(later.has(f), `${module} brings ${f}`);
    }
  }
  const panels = staticImports('js/lazy-panels.js');
  for (const f of shared.filter((f) => !/-solve\.js$/.test(f))) assert.ok(panels.has(f), `lazy-panels.js brings ${f}`);
  // The solve adapters come with them (`loadSolve`).
  for (const game of ['pengu', 'actman']) {
    const source = readFileSync(path.join(WWW, `js/games/${game}/${game}.js`), 'utf8');
    assert.match(source, new RegExp(`loadSolve: \\(q\\) => import\\(\`\\./${game}-solve\\.js\\$\\{q\\}\`\\)`));
  }
  const gameBase = readFileSync(path.join(WWW, 'js/game-base.js'), 'utf8');
  assert.match(gameBase, /import\(`\.\/lazy-panels\.js\$\{q\}`\)/);
});

test('every style sheet is on the page or comes with the panels that use it', () => {
  const onPage = links('stylesheet').map((l) => l.href);
  const panels = readFileSync(path.join(WWW, 'js/lazy-panels.js'), 'utf8');
  const later = [...panels.match(/const SHEETS = \[([^\]]*)\]/)[1].matchAll(/'\.\.\/(css\/[^']+)'/g)].map((m) => m[1]);
  const all = readdirSync(path.join(WWW, 'css')).filter((f) => f.endsWith('.css')).map((f) => `css/${f}`);
  assert.deepEqual([...onPage, ...later].sort(), all.sort());
  assert.deepEqual(later.sort(), ['css/debugger.css', 'css/lab.css', 'css/race.css', 'css/state-space.css']);
});

test('the bindings are preloaded, the module is compiled as it downloads from the first script; the tools\' registry comes with the panels', () => {
  const main = readFileSync(path.join(WWW, 'js/main.js'), 'utf8');
  assert.match(main, /import\('\.\.\/pkg\/gridlab_play\.js'\)/);
  assert.ok(links('modulepreload').some((l) => l.href === 'pkg/gridlab_play.js'));
  // The module is preloaded before anything else, in the mode a fetch has (crossorigin),
  // and the page's first script fetches it (taking the preload) and compiles it as it
  // downloads, under the name the bindings would fetch; main.js hands the compiled
  // module to them, and lets them fetch it when that failed.
  const fetched = links('preload');
  assert.deepEqual(fetched.map((l) => l.href), ['pkg/gridlab_play_bg.wasm']);
  assert.match(fetched[0].attrs, /as="fetch"/);
  assert.match(fetched[0].attrs, /\bcrossorigin\b/);
  const preload = html.indexOf('<link rel="preload"');
  assert.ok(preload < html.indexOf('<script'), 'the first request of the page');
  const first = html.slice(html.indexOf('<script>'), html.indexOf('</script>', html.indexOf('<script>')));
  assert.ok(html.indexOf('<script>') < html.indexOf('<link rel="stylesheet"'), 'before the style sheets');
  assert.match(first, /WebAssembly\.compileStreaming\(fetch\('pkg\/gridlab_play_bg\.wasm'\)\)/);
  assert.match(first, /window\.gridlabPlay = /);
  assert.match(main, /\(window\)\.gridlabPlay/);
  assert.match(main, /mod\.default\(compiled \? \{ module_or_path: compiled \} : undefined\)/);
  const glue = readFileSync(path.join(ROOT, 'pkg', 'gridlab_play.js'), 'utf8');
  assert.match(glue, /new URL\('gridlab_play_bg\.wasm', import\.meta\.url\)/);
  // The registry (palettes, tools' forms) is read by the panels after the first board only.
  assert.doesNotMatch(main, /tools\.json/);
  const tools = readFileSync(path.join(WWW, 'js/tools.js'), 'utf8');
  assert.match(tools, /new URL\('\.\.\/pkg\/tools\.json', import\.meta\.url\)/);
  const gameBase = readFileSync(path.join(WWW, 'js/game-base.js'), 'utf8');
  assert.match(gameBase, /loadRegistry\(\)/);
});

test('the presenter\'s module (embed view, keys, exports) is in no first board; main.js loads it after', () => {
  const shell = staticImports('js/main.js');
  for (const { id, file } of gameModules()) {
    const first = new Set([...shell, file, ...staticImports(file)]);
    for (const f of ['js/slides.js', 'js/history-source.js']) assert.ok(!first.has(f), `${id}'s first board imports ${f}`);
  }
  // Pengu's and Act-Man's first boards have no transport at all.
  for (const id of ['pengu', 'actman']) {
    const { file } = gameModules().find((g) => g.id === id);
    assert.ok(!new Set([...shell, ...staticImports(file)]).has('js/transport.js'), id);
  }
  const main = readFileSync(path.join(WWW, 'js/main.js'), 'utf8');
  assert.match(main, /import\('\.\/slides\.js'\)/);
  // The hand-played moves' transport comes with it.
  const slides = readFileSync(path.join(WWW, 'js/slides.js'), 'utf8');
  assert.match(slides, /presenterTransport\(handTransport\)/);
});
