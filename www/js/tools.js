// The wasm module's registry of game tools (`tools()`, from `src/games/tools.rs`):
// each game's editor palette and its tools (name, summary, whether it reads a level,
// default options, the options' JSON schema). The page runs a tool with
// `run_tool(game, tool, text, options, progress)` in the solver worker.

/** @type {any} */
let registry = null;

/**
 * A game's entry in the registry (an empty one for a game without tools).
 * @param {{tools: () => any}} api the wasm module's exports
 * @param {string} game the game's id
 * @returns {{id: string, palette: string, tools: import('./contracts.js').GameTool[]}}
 */
export function toolsOf(api, game) {
  registry ??= api.tools();
  return registry.games.find((g) => g.id === game) ?? { id: game, palette: '', tools: [] };
}
