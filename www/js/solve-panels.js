// The Solve and Compare tabs' shared panels, loaded (`import()`) when one of those tabs
// is first opened or a link's view needs them, not before the first board: the Solve
// panel with plan playback, the search replay and the debugger, the state space, the
// race, the heuristic lab, "More tools", and the Compare panel (see
// `GameBase.loadPanels`). Their style sheets come with them.

import { SolverPanel } from './solver-panel.js';
import { StateSpaceView } from './state-space-view.js';
import { ComparePanel } from './compare.js';
import { mountRace } from './race-view.js';
import { HeuristicLab } from './heuristic-lab.js';
import { ToolsPanel } from './tools-panel.js';

/** The style sheets of these panels (relative to this module). */
const SHEETS = ['../css/debugger.css', '../css/state-space.css', '../css/race.css', '../css/lab.css'];

/** The sheets once asked for: resolves when each has loaded or failed (the panels work unstyled). */
let sheets = null;

/** Add the panels' style sheets to the page (once). */
export function loadSheets() {
  sheets ??= Promise.all(SHEETS.map((href) => new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = new URL(href, import.meta.url).href;
    link.onload = link.onerror = () => resolve(undefined);
    document.head.append(link);
  })));
  return sheets;
}

/**
 * Mount the panels on `game`'s Solve and Compare tabs, in their order: the Solve
 * panel (first), the state space, the race and the lab, then what the game had put on
 * the tab already, then "More tools" (last); the Compare panel on its tab.
 * @param {import('./game-base.js').GameBase<any>} game
 */
export function mountSolvePanels(game) {
  const { shell, spec } = game;
  const solve = shell.panels.solve;
  const before = [...solve.childNodes]; // this game's: "Check a solution" when the tab is open
  if (spec.solve) {
    game.solver = new SolverPanel(game, solve, spec.solve);
    game.stateSpace = StateSpaceView.mount(game, solve);
    game.compare = new ComparePanel(game, shell.panels.compare, spec.solve);
    game.race = mountRace(game, solve);
    game.heuristicLab = HeuristicLab.mount(game, solve, spec.solve);
    solve.append(...before);
  }
  game.moreTools = ToolsPanel.mount(game, solve, game.shownTools());
}
