// Arena's setup (who sits where, the seed, the length) and speed: made safe and read
// from a link (the game, arena.js, keeps it in the prefs and writes it into the link).

import { BOTS } from './arena-ui.js';

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
