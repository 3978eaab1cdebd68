// The full wasm module's registry of game tools (`tools()`, from `src/games/tools.rs`):
// each game's editor palette and its tools (name, summary, whether it reads a level,
// default options, the options' JSON schema). The page's main thread runs the play
// module, which has no tools: main.js loads the registry from pkg/tools.json (`make
// wasm` writes it) with the module and hands it over (`setRegistry`). The page runs a
// tool with `run_tool(game, tool, text, options, progress)` in the solver worker.

/** @type {any} */
let registry = null;

/** The registry (`tools()` of the full module). */
export function setRegistry(value) {
  registry = value;
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
