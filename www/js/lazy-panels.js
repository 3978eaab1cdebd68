// The shared panels the first board does not need, loaded (`import()`) once it is
// drawn, or sooner when the Edit, Solve or Compare tab is opened or a link's view needs
// them (see `GameBase.loadPanels`): the Edit tab's editor, live verdict and generator;
// the Solve panel with plan playback, the search replay and the debugger, the state
// space, the race, the heuristic lab, "More tools", the Compare panel, and "Check a
// solution" (Play and Solve tabs). Their style sheets come with them.

import { SolverPanel } from './solver-panel.js';
import { StateSpaceView } from './state-space-view.js';
import { ComparePanel } from './compare.js';
import { mountRace } from './race-view.js';
import { HeuristicLab } from './heuristic-lab.js';
import { ToolsPanel } from './tools-panel.js';
import { CheckSolution } from './check-solution.js';
import { Editor } from './editor.js';
import { LevelCheck } from './level-check.js';
import { LevelGenerator } from './level-generator.js';
import { h } from './ui.js';

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
 * Mount the Edit tab's panels on `game`: the editor (with the edits `game` recorded
 * before it came, `game.editsBefore`), and above it the live verdict and the generator,
 * for games that have them.
 * @param {import('./game-base.js').GameBase<any>} game
 */
export function mountEditPanels(game) {
  const { shell, spec } = game;
  game.editor = new Editor(game, shell.panels.edit, game.editSpec());
  for (const before of game.editsBefore) game.editor.record(before);
  game.editsBefore = [];
  if (game.session) game.editor.syncFromLevel();
  const top = h('div.edit-top');
  shell.panels.edit.prepend(top);
  game.levelCheck = spec.check ? new LevelCheck(game, top, spec.check) : null;
  game.generator = spec.generate ? new LevelGenerator(game, top, spec.generate) : null;
  if (game.levelCheck) game.levelCheck.schedule();
}

/**
 * Mount the panels on `game`'s Solve and Compare tabs, in their order: the Solve
 * panel (first), the state space, the race and the lab, then "More tools" (last); the
 * Compare panel on its tab; "Check a solution" at the end of the Play tab (or on the
 * Solve tab before "More tools", when it is the one shown).
 * @param {import('./game-base.js').GameBase<any>} game
 */
export function mountSolvePanels(game) {
  const { shell, spec } = game;
  const solve = shell.panels.solve;
  if (spec.solve) {
    game.solver = new SolverPanel(game, solve, spec.solve);
    game.stateSpace = StateSpaceView.mount(game, solve);
    game.compare = new ComparePanel(game, shell.panels.compare, spec.solve);
    game.race = mountRace(game, solve);
    game.heuristicLab = HeuristicLab.mount(game, solve, spec.solve);
  }
  game.moreTools = ToolsPanel.mount(game, solve, game.shownTools());
  game.checker = spec.judge ? new CheckSolution(game, spec.judge) : null;
}
