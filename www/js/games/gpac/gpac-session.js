// What the GPac pages share about the game's words and limits: Pac-Man's move letters
// and their names, the players, the course's default settings (clamped to what the
// engine accepts), the browser's map size limit and the course map format. The
// session itself is the wasm GpacSession, which keeps the same contract as every
// game's (its moves are Pac-Man's letters, replayed from the seed).

export const LETTERS = ['u', 'd', 'l', 'r', 'h'];
export const LETTER_NAME = { u: 'up', d: 'down', l: 'left', r: 'right', h: 'hold' };
export const LETTER_ARROW = { u: '↑', d: '↓', l: '←', r: '→', h: '·' };

/** @type {[string, string][]} */
export const PACMEN = [
  ['keyboard', 'You (keyboard)'],
  ['pill', 'Pill'],
  ['fruit', 'Fruit'],
  ['avoid', 'Avoid'],
];
/** @type {[string, string][]} */
export const GHOSTS = [
  ['chase', 'Chase'],
  ['wander', 'Wander'],
];
export const playerLabel = (list, id) => (list.find(([v]) => v === id) || [id, id])[1];

export const DEFAULT_SETTINGS = Object.freeze({
  pillDensity: 0.05,
  pillSpawn: 'linear',
  fruitProb: 0.1,
  fruitScore: 10,
  timeMultiplier: 2,
  ghosts: 3,
});

/** The settings clamped to what the engine accepts. */
export function cleanSettings(s = {}) {
  const num = (v, d, lo, hi) => {
    const n = Number(v);
    return Number.isFinite(n) ? Math.min(hi, Math.max(lo, n)) : d;
  };
  const d = DEFAULT_SETTINGS;
  return {
    pillDensity: num(s.pillDensity, d.pillDensity, 0.001, 1),
    pillSpawn: ['stochastic', 'linear', 'manhattan'].includes(s.pillSpawn) ? s.pillSpawn : d.pillSpawn,
    fruitProb: num(s.fruitProb, d.fruitProb, 0, 1),
    fruitScore: Math.round(num(s.fruitScore, d.fruitScore, 0, 100000)),
    timeMultiplier: num(s.timeMultiplier, d.timeMultiplier, 0.05, 100),
    ghosts: Math.round(num(s.ghosts, d.ghosts, 1, 9)),
  };
}

/** The letter of Pac-Man's step from `a` to `b` ({x, y}, y up). */
export function letterOf(a, b) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  if (dx > 0) return 'r';
  if (dx < 0) return 'l';
  if (dy > 0) return 'u';
  if (dy < 0) return 'd';
  return 'h';
}


// ---- the course map format ------------------------------------------------------------

/** `{w, h, rows}` (rows of '#' / '~', top row first) from a map text the engine wrote. */
export function parseMap(text) {
  const lines = text.replace(/\r/g, '').split('\n');
  const [w, h] = lines[0].trim().split(/\s+/).map(Number);
  const rows = [];
  for (let r = 0; r < h; r++) rows.push((lines[r + 1] || '').padEnd(w, '~').slice(0, w));
  return { w, h, rows };
}

export const mapText = ({ w, h, rows }) => `${w} ${h}\n${rows.join('\n')}\n`;

/** An open map of `cols` × `rows` cells. */
export const blankMap = (rows, cols) => mapText({ w: cols, h: rows, rows: Array.from({ length: rows }, () => '~'.repeat(cols)) });

/** Whether a text looks like a world file (`W` and `H` on lines of their own) rather than a map. */
export function looksLikeWorldFile(text) {
  const lines = text.replace(/\r/g, '').split('\n').map((l) => l.trim());
  return /^\d+$/.test(lines[0] || '') && /^\d+$/.test(lines[1] || '');
}
