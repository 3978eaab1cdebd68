// Rogue's part of a link: the players, the move limit, the speed, the overlays and
// the undone rest of the line (rogue.js's viewState / applyView call these).

import { MONSTERS, ROGUES } from './rogue-players.js';
import { viewInt } from '../../view-state.js';

/** The game's own keys of the view. */
export function rogueViewState(game) {
  const line = game.fullLine();
  return {
    monster: game.players[0],
    rogue: game.players[1],
    limit: game.maxMoves === 1000 ? null : String(game.maxMoves),
    speed: String(game.speedIndex),
    exact: game.showExact ? '1' : '0',
    cycles: game.showCycles ? '1' : '0',
    trail: game.showTrail ? '1' : '0',
    line: line.length > game.playedMoves().length ? line : null,
  };
}

/** Apply a link's view: settings, then the players, the moves and the rest of the line. */
export function applyRogueView(game, view) {
  const pick = (list, v, d) => (list.some(([id]) => id === v) ? v : d);
  const moves = game.playedMoves();
  if ('limit' in view || game.maxMoves !== 1000) game.setMaxMoves(viewInt(view, 'limit', 1000));
  if ('speed' in view) game.transport.setSpeed(viewInt(view, 'speed', game.speedIndex));
  if ('exact' in view) game.setExact(view.exact === '1');
  if ('cycles' in view) game.setCycles(view.cycles === '1');
  if ('trail' in view) game.setTrail(view.trail === '1');
  if ('monster' in view || 'rogue' in view) {
    game.answers.stop();
    game.players = [pick(MONSTERS, view.monster, game.players[0]), pick(ROGUES, view.rogue, game.players[1])];
    game.session.set_players(...game.safePlayers());
    game.replayMoves(moves);
  }
  if (view.line && view.line.startsWith(moves)) game.syncRedo(view.line.replace(/[^1-9]/g, ''));
  game.changed();
}
