// The GPac game as the shared GameBase expects a session: a thin JavaScript wrapper
// around the wasm GpacSession (which plays by turns and knows no move strings). It
// keeps Pac-Man's moves as letters (u d l r h; for agents they are read from the
// positions), replays them from the seed (the same seed gives the same game), and
// edits the map by rebuilding the wasm session (the course format has no tiles to
// paint in place). Every rule comes from the wasm module.

export const LETTERS = ['u', 'd', 'l', 'r', 'h'];
export const LETTER_NAME = { u: 'up', d: 'down', l: 'left', r: 'right', h: 'hold' };
export const LETTER_ARROW = { u: '↑', d: '↓', l: '←', r: '→', h: '·' };

export const PACMEN = [
  ['keyboard', 'You (keyboard)'],
  ['pill', 'Pill'],
  ['fruit', 'Fruit'],
  ['avoid', 'Avoid'],
];
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

/**
 * The most cells a map may have in the browser: the engine keeps every pair's distance
 * (a 80 × 80 map already has 41 million pairs), so larger maps would stall the page.
 */
export const MAX_CELLS = 6400;

/** `{line, column, message}` when a map text's header asks for too many cells, else null. */
export function sizeError(text) {
  const m = /^\s*(\d+)\s+(\d+)/.exec(text);
  if (!m || Number(m[1]) * Number(m[2]) <= MAX_CELLS) return null;
  return { line: 1, column: 1, message: `${m[1]} × ${m[2]} is too large for the browser (at most ${MAX_CELLS} cells, e.g. 80 × 80); the CLI plays larger maps` };
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

// ---- the session ----------------------------------------------------------------------

export class GpacPlay {
  /** Throws `{line, column, message}` for a bad map, `{message}` for closed spawn cells. */
  constructor(api, text, { settings, seed, pacman, ghosts }) {
    const tooLarge = sizeError(text);
    if (tooLarge) throw tooLarge;
    this.api = api;
    this.settings = cleanSettings(settings);
    this.seed = seed;
    this.pacman = pacman;
    this.ghosts = ghosts;
    this.inner = this.make(text);
    this.moves = '';
    this.cache = null;
  }

  make(text) {
    const s = new this.api.GpacSession(text, this.settings, this.seed);
    try {
      s.set_players(this.pacman, this.ghosts);
    } catch (err) {
      s.free();
      throw err;
    }
    return s;
  }

  get human() {
    return this.pacman === 'keyboard';
  }

  /** The wasm view with what GameBase reads: rows, cols, status, moves, output. */
  view() {
    if (!this.cache) {
      const v = this.inner.view();
      v.rows = v.height;
      v.cols = v.width;
      v.status = v.end || 'playing';
      v.moves = this.moves;
      v.output = '';
      v.human = this.human;
      this.cache = v;
    }
    return this.cache;
  }

  over() {
    return !!this.view().end;
  }

  /** Pac-Man's move by the keyboard: `{prev, view, sym}`; throws `{message}` when illegal. */
  play(sym) {
    if (!this.human) throw { message: 'Pac-Man is played by an agent (choose "You" in the toolbar to play)' };
    if (this.over()) throw { message: 'the game is over' };
    const prev = this.view();
    this.inner.step(sym);
    this.moves += sym;
    this.cache = null;
    return { prev, view: this.view(), sym };
  }

  /** One turn by the agents: `{prev, view, sym}`, or null when the game is over. */
  stepAgent() {
    if (this.human || this.over()) return null;
    const prev = this.view();
    this.inner.step();
    this.cache = null;
    const v = this.view();
    const sym = letterOf(prev.pacman, v.pacman);
    this.moves += sym;
    v.moves = this.moves;
    return { prev, view: v, sym };
  }

  /** From the start (same seed), play `moves` (by the keyboard, or as many agent turns). */
  replay(moves) {
    this.inner.restart(this.seed);
    this.moves = '';
    this.cache = null;
    for (let i = 0; i < moves.length; i++) {
      if (this.human) {
        try {
          this.play(moves[i]);
        } catch (err) {
          throw { index: i, symbol: moves[i], message: err.message || String(err) };
        }
      } else if (!this.stepAgent()) {
        throw { index: i, symbol: moves[i], message: 'the game is already over' };
      }
    }
  }

  history() {
    return [];
  }

  /** New players (a restart with the same seed). */
  setPlayers(pacman, ghosts) {
    this.pacman = pacman;
    this.ghosts = ghosts;
    this.inner.set_players(pacman, ghosts);
    this.moves = '';
    this.cache = null;
  }

  /** A new seed (a restart). */
  setSeed(seed) {
    this.seed = seed;
    this.inner.restart(seed);
    this.moves = '';
    this.cache = null;
  }

  /** New settings: the game is built again on the same map. */
  setSettings(settings) {
    this.settings = cleanSettings(settings);
    this.rebuild(this.level_text());
  }

  rebuild(text) {
    const s = this.make(text);
    this.inner.free();
    this.inner = s;
    this.moves = '';
    this.cache = null;
  }

  /** The world file of the game so far (ghost ids from 1, or from 0). */
  worldFile(zeroBased = false) {
    return this.inner.world_file(zeroBased);
  }

  level_text() {
    return this.inner.map_text();
  }

  tiles_ptr() {
    return this.inner.tiles_ptr();
  }

  tiles_len() {
    return this.inner.tiles_len();
  }

  /** Paint a cell: '#' wall or '~' open (the engine keeps the spawn cells open). */
  paint(row, col, sym) {
    const text = this.api.gpac_paint(this.level_text(), row, col, sym);
    if (text !== this.level_text()) this.rebuild(text);
  }

  /** Resize (the engine: new cells open, the spawn cells with the corners); at most MAX_CELLS. */
  resize(rows, cols) {
    if (rows * cols > MAX_CELLS) {
      const k = Math.sqrt(MAX_CELLS / (rows * cols));
      rows = Math.max(1, Math.floor(rows * k));
      cols = Math.max(2, Math.floor(cols * k));
      if (this.onWarn) this.onWarn(`At most ${MAX_CELLS} cells in the browser: resized to ${cols} × ${rows}`);
    }
    this.rebuild(this.api.gpac_resize(this.level_text(), rows, cols));
  }

  free() {
    if (this.inner) this.inner.free();
    this.inner = null;
  }
}
