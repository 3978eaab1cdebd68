// Arena's setup (who sits where, the seed, the length) and speed: made safe, read from a
// link, kept in the prefs and written into the link; as module functions and as methods
// of the game (mixed into ArenaGame).

import { BOTS, SPEEDS } from './arena-ui.js';
import { load, save } from '../../storage.js';

const KINDS = BOTS.map(([k]) => k);
export const DEFAULT_SETUP = { mode: 'human', seat: 0, bots: ['greedy', 'greedy', 'hunter', 'miner'], seed: 1, steps: 6000 };

/** A setup made safe: mode, seat 0-3, four bot kinds, seed ≥ 0, steps 1..100000. */
export function cleanSetup(s) {
  const d = DEFAULT_SETUP;
  const seed = Math.floor(Number(s && s.seed));
  const steps = Math.floor(Number(s && s.steps));
  const seat = Math.floor(Number(s && s.seat));
  const bots = Array.isArray(s && s.bots) ? s.bots : [];
  return {
    mode: s && s.mode === 'bots' ? 'bots' : 'human',
    seat: seat >= 0 && seat <= 3 ? seat : d.seat,
    bots: [0, 1, 2, 3].map((i) => (KINDS.includes(bots[i]) ? bots[i] : d.bots[i])),
    seed: Number.isFinite(seed) && seed >= 0 ? Math.min(seed, 2 ** 53 - 1) : d.seed,
    steps: Number.isFinite(steps) && steps >= 1 ? Math.min(steps, 100000) : d.steps,
  };
}

/** Setup fields from the URL hash (a string) or a link's view ({key: value}): seed, steps, mode, seat, bots (3 or 4 kinds), seats (4 with one human), speed. */
export function setupFromHash(hash) {
  const p = new URLSearchParams(typeof hash === 'string' ? hash.replace(/^#/, '') : hash || {});
  const out = {};
  if (p.has('seed')) out.seed = p.get('seed');
  if (p.has('steps')) out.steps = p.get('steps');
  if (p.has('mode')) out.mode = p.get('mode') === 'bots' ? 'bots' : 'human';
  if (p.has('seat')) out.seat = p.get('seat');
  if (p.has('seats')) {
    const seats = p.get('seats').split(',');
    const you = seats.indexOf('human');
    out.mode = you >= 0 ? 'human' : 'bots';
    if (you >= 0) out.seat = you;
    out.bots = seats.map((k) => (KINDS.includes(k) ? k : 'greedy'));
  }
  if (p.has('bots')) {
    const list = p.get('bots').split(',');
    out.botList = list;
  }
  if (p.has('speed')) out.speed = Number(p.get('speed'));
  return out;
}

/** A setup with a link's fields over it (three bot kinds fill the seats other than yours; four set every seat). */
export function mergedSetup(base, fromHash) {
  const setup = cleanSetup({ ...base, ...fromHash });
  if (!fromHash.botList) return setup;
  const list = fromHash.botList.filter((k) => KINDS.includes(k));
  const bots = [...setup.bots];
  if (list.length >= 4) list.slice(0, 4).forEach((k, i) => (bots[i] = k));
  else [0, 1, 2, 3].filter((i) => setup.mode === 'bots' || i !== setup.seat).forEach((i, j) => list[j] && (bots[i] = list[j]));
  return cleanSetup({ ...setup, bots });
}

export const setupMethods = {
  seats(setup = this.setup) {
    return setup.bots.map((k, i) => (setup.mode === 'human' && i === setup.seat ? 'human' : k));
  },

  setupDiffers() {
    return !!this.gameSetup && JSON.stringify(this.seats()) + this.setup.seed + ':' + this.setup.steps !==
      JSON.stringify(this.seats(this.gameSetup)) + this.gameSetup.seed + ':' + this.gameSetup.steps;
  },

  /** Keep the setup for the next visit and in the link. */
  savePrefs() {
    const prefs = load('prefs') || {};
    save('prefs', { ...prefs, arena: { setup: this.setup, speed: this.speed } });
    this.shell.updateHash(this.shareState());
  },

  /** Change the setup; before the first step the board shows the new game at once. */
  setSetup(patch) {
    this.setup = cleanSetup({ ...this.setup, ...patch });
    this.savePrefs();
    this.ui.syncSetup();
    if (this.phase === 'ready') this.newGame({ start: false });
    else this.ui.update();
  },

  setSpeed(x) {
    if (!SPEEDS.includes(x)) return;
    if (x > 1 && this.you >= 0 && this.shell.activeTab() === 'play') {
      this.shell.toast('×2 and ×4 are for watching: slow motion or real speed when you play', 'warn');
      return;
    }
    this.speed = x;
    this.transport.setSpeed(SPEEDS.indexOf(x));
    this.savePrefs();
    this.ui.update();
  },

  /** Arena has no level text to share: a link carries the setup (seats, seed, length) and the speed. */
  shareState() {
    const s = this.setup;
    return { view: { seats: this.seats().join(','), seed: String(s.seed), steps: String(s.steps), speed: this.speed === 1 ? null : String(this.speed) } };
  },

  /** Open a link's setup (a pasted link while the page is open). */
  loadShared(shared) {
    const fromHash = setupFromHash(shared.view || {});
    this.setSetup(mergedSetup(this.setup, fromHash));
    if (SPEEDS.includes(fromHash.speed)) this.setSpeed(fromHash.speed);
  },
};
