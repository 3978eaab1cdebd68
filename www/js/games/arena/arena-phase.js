// The phases of Arena's Play game (arena.js): one typed state, so that a misspelt
// phase is a type error (`make lint`).

/** ready (set up, not started) → running ⇄ paused → over. */
export const ArenaPhase = Object.freeze(/** @type {const} */ ({
  READY: 'ready',
  RUNNING: 'running',
  PAUSED: 'paused',
  OVER: 'over',
}));

/** @typedef {typeof ArenaPhase[keyof typeof ArenaPhase]} ArenaPhaseName */
