// GPac's own tabs, loaded after the first board (`spec.panels`, see
// `GameBase.loadPanels`): the Replay tab (the Solve tab: a world file played back,
// gpac-replay.js) and the Lab tab (the Compare tab: map evolution in Web Workers,
// gpac-lab.js).

import { GpacReplayPanel } from './gpac-replay.js';
import { LabPanel } from './gpac-lab.js';

/**
 * Mount GPac's Replay and Lab panels.
 * @param {import('./gpac.js').GpacGame} game
 */
export function mountGpacPanels(game) {
  const { panels } = game.shell;
  game.replay = new GpacReplayPanel(game, panels.solve);
  game.lab = new LabPanel(game, panels.compare);
  if (game.shell.activeTab() === 'compare') game.lab.render();
}
