// Arena's own tabs, loaded after the first board (`ArenaGame.loadPanels`): the Replay
// tab (the Solve tab: a command log played back, arena-replay.js), the Live tab (the
// Edit tab: a relayed `gridlab arena serve` game, arena-live.js) and the League tab
// (the Compare tab: bots against bots and a tournament's results, arena-league.js).

import { ArenaReplayPanel } from './arena-replay.js';
import { LivePanel } from './arena-live.js';
import { LeaguePanel } from './arena-league.js';

/**
 * Mount Arena's Replay, Live and League panels.
 * @param {import('./arena.js').ArenaGame} game
 */
export function mountArenaPanels(game) {
  const { panels } = game.shell;
  game.replay = new ArenaReplayPanel(game, panels.solve);
  game.live = new LivePanel(game, panels.edit);
  game.league = new LeaguePanel(game, panels.compare);
}
