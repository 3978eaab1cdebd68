// The full wasm module's registry of game tools (`tools()`, from `src/games/tools.rs`):
// each game's editor palette and its tools (name, summary, whether it reads a level,
// default options, the options' JSON schema). The page's main thread runs the play
// module, which has no tools: the registry is pkg/tools.json (`make wasm` writes it),
// loaded with the panels that read it, after the first board (`loadRegistry`, one of
// `GameBase.loadPanels`'s modules). The page runs a tool with `run_tool(game, tool,
// text, options, progress)` in the solver worker.

/** @type {any} */
let registry = null;

/** @type {Promise<any> | null} the registry on its way */
let loading = null;

/** The registry (`tools()` of the full module). */
export function setRegistry(value) {
  registry = value;
}

/**
 * Load the registry (pkg/tools.json) once; a failed load is tried again at the next call.
 * @returns {Promise<any>}
 */
export function loadRegistry() {
  loading ??= fetch(new URL('../pkg/tools.json', import.meta.url)).then((res) => {
    if (!res.ok) throw new Error(`pkg/tools.json: ${res.status}`);
    return res.json();
  }).then((value) => {
    setRegistry(value);
    return value;
  });
  loading.catch(() => (loading = null));
  return loading;
}

/**
 * A game's entry in the registry (an empty one for a game without tools).
 * @param {any} api the wasm module's exports (the full module's `tools()` serves when
 *   no registry was set)
 * @param {string} game the game's id
 * @returns {{id: string, palette: string, tools: import('./contracts.js').GameTool[]}}
 */
export function toolsOf(api, game) {
  registry ??= api.tools ? api.tools() : { games: [] };
  return registry.games.find((g) => g.id === game) ?? { id: game, palette: '', tools: [] };
}
