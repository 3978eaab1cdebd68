// Vector drawings of Rogue: walls (dark stone), rooms (light flagstones), corridors
// (plank walkways over the dark, joined to their open neighbours), the rogue (a yellow
// disc with '@'), the monster (a horned vermillion square with its letter), and the
// overlays: the exact solution (safe forever: blue with ∞; caught in k: an orange
// ramp, darker = sooner, with k), the cycle rogue's cycles, trails and best moves.
// Okabe–Ito colours, and shapes or labels differ too, so colour is never the only cue.

import { ellipse, cellRing, swatchCanvas } from '../../draw.js';

export const TILE_INFO = {
  ' ': { name: 'Wall', hint: 'no one may stand here' },
  '.': { name: 'Room', hint: 'diagonal steps allowed between room sites' },
  '+': { name: 'Corridor', hint: 'only straight steps (N, E, S, W) into or out of it' },
  '@': { name: 'Rogue', hint: 'flees the monster (start site, on a room)' },
  A: { name: 'Monster', hint: 'chases the rogue; its letter names it (start site, on a room)' },
};

export const COLORS = {
  rogue: '#F0E442',
  rogueDark: '#4d4700',
  monster: '#D55E00',
  monsterDark: '#5a2300',
  safe: '#56B4E9',
  safeDark: '#0072B2',
  best: '#18212d',
};

/** Overlay values of outcome_map(). */
export const SAFE = 0xffffffff;
export const WALL = 0xfffffffe;

/** The caught-in-k ramp, from sooner (dark) to later (light): ColorBrewer Oranges,
 * stopping short of the palest ones, which the room floor would swallow. */
export const RAMP = ['#7f2704', '#a63603', '#d94801', '#f16913', '#fd8d3c', '#fdae6b'];
const RAMP_RGB = RAMP.map((c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)));

/** The colour of "caught in k" when the slowest capture on the board takes `max`. */
export function rampColor(k, max) {
  const t = max > 0 ? Math.min(1, k / max) : 0;
  const f = t * (RAMP_RGB.length - 1);
  const i = Math.min(RAMP_RGB.length - 2, Math.floor(f));
  const u = f - i;
  const rgb = RAMP_RGB[i].map((a, j) => Math.round(a + (RAMP_RGB[i + 1][j] - a) * u));
  return { css: `rgb(${rgb.join(',')})`, light: t > 0.5 };
}

export const CYCLE_COLORS = ['#CC79A7', '#009E73', '#0072B2', '#E69F00', '#56B4E9', '#D55E00'];

// ---- terrain bytes --------------------------------------------------------------------
// The board's static layer gets one byte per site: ' ' wall, '.' room, and for a
// corridor 0x80 | (open neighbours N=1, E=2, S=4, W=8) so that its walkway joins them.

export const CORRIDOR = 0x80;
const N = 1;
const E = 2;
const S = 4;
const W = 8;

/** Terrain bytes and the start positions from a level text in the coursework format. */
export function terrainOf(text) {
  const lines = text.replace(/\r/g, '').split('\n');
  const n = parseInt(lines[0], 10) || 0;
  const sym = new Array(n * n).fill(' ');
  let rogue = null;
  let monster = null;
  let letter = 'A';
  for (let r = 0; r < n; r++) {
    const line = lines[r + 1] || '';
    for (let c = 0; c < n; c++) {
      const ch = line[2 * c] || ' ';
      if (ch === '@') {
        rogue = { row: r, col: c };
        sym[r * n + c] = '.';
      } else if (/[A-Z]/.test(ch)) {
        monster = { row: r, col: c };
        letter = ch;
        sym[r * n + c] = '.';
      } else {
        sym[r * n + c] = ch === '+' || ch === '.' ? ch : ' ';
      }
    }
  }
  const open = (r, c) => r >= 0 && c >= 0 && r < n && c < n && sym[r * n + c] !== ' ';
  const bytes = new Uint8Array(n * n);
  let rooms = 0;
  let corridors = 0;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const s = sym[r * n + c];
      if (s === '+') {
        corridors++;
        bytes[r * n + c] = CORRIDOR | (open(r - 1, c) ? N : 0) | (open(r, c + 1) ? E : 0) | (open(r + 1, c) ? S : 0) | (open(r, c - 1) ? W : 0);
      } else {
        if (s === '.') rooms++;
        bytes[r * n + c] = s.charCodeAt(0);
      }
    }
  }
  return { n, bytes, rogue, monster, letter, rooms, corridors };
}

// ---- tiles ------------------------------------------------------------------------------

const FLAT = { wall: [38, 42, 52], room: [236, 228, 211], corridor: [185, 138, 82] };

function wall(g, x, y, s) {
  g.fillStyle = '#262a34';
  g.fillRect(x, y, s, s);
  if (s < 12) return;
  g.fillStyle = 'rgba(255, 255, 255, 0.035)';
  for (const [dx, dy, w] of [[0.12, 0.18, 0.3], [0.55, 0.62, 0.28], [0.2, 0.78, 0.16], [0.7, 0.2, 0.14]]) {
    g.fillRect(x + dx * s, y + dy * s, w * s, Math.max(1, s * 0.04));
  }
}

function room(g, x, y, s) {
  g.fillStyle = '#ece4d3';
  g.fillRect(x, y, s, s);
  if (s < 12) return;
  g.strokeStyle = 'rgba(120, 100, 70, 0.16)';
  g.lineWidth = Math.max(1, s * 0.025);
  g.beginPath();
  g.moveTo(x, y + s * 0.5);
  g.lineTo(x + s, y + s * 0.5);
  g.moveTo(x + s * 0.35, y);
  g.lineTo(x + s * 0.35, y + s * 0.5);
  g.moveTo(x + s * 0.75, y + s * 0.5);
  g.lineTo(x + s * 0.75, y + s);
  g.stroke();
}

/** A corridor: a plank walkway from the centre towards each open neighbour. */
function corridor(g, x, y, s, mask) {
  wall(g, x, y, s);
  const w = s * 0.5;
  const a = (s - w) / 2;
  g.fillStyle = '#b98a52';
  g.fillRect(x + a, y + a, w, w);
  if (mask & N) g.fillRect(x + a, y, w, a + 0.5);
  if (mask & S) g.fillRect(x + a, y + a + w - 0.5, w, a + 0.5);
  if (mask & W) g.fillRect(x, y + a, a + 0.5, w);
  if (mask & E) g.fillRect(x + a + w - 0.5, y + a, a + 0.5, w);
  if (s < 10) return;
  // Planks: lines across the walkway, every sixth of a cell.
  const gap = s / 6;
  const across = (vertical, from, to) => {
    for (let k = 1; k < 6; k++) {
      const t = k * gap;
      if (t <= from || t >= to) continue;
      if (vertical) {
        g.moveTo(x + a, y + t);
        g.lineTo(x + a + w, y + t);
      } else {
        g.moveTo(x + t, y + a);
        g.lineTo(x + t, y + a + w);
      }
    }
  };
  g.strokeStyle = 'rgba(70, 40, 10, 0.5)';
  g.lineWidth = Math.max(1, s * 0.03);
  g.beginPath();
  const vertical = (mask & (N | S)) && !(mask & (E | W));
  across(!!vertical, a, a + w);
  if (mask & N) across(true, 0, a);
  if (mask & S) across(true, a + w, s);
  if (mask & W) across(false, 0, a);
  if (mask & E) across(false, a + w, s);
  g.stroke();
}

// ---- figures -----------------------------------------------------------------------------

/** The rogue: a yellow disc with an '@'. */
export function drawRogue(g, x, y, s, { alpha = 1, scale = 1 } = {}) {
  const cx = x + s / 2;
  const cy = y + s / 2;
  const r = s * 0.36 * scale;
  g.save();
  g.globalAlpha = alpha;
  ellipse(g, cx, y + s * 0.9, s * 0.25 * scale, s * 0.05, 'rgba(30, 25, 10, 0.22)');
  g.beginPath();
  g.arc(cx, cy, r, 0, Math.PI * 2);
  g.fillStyle = COLORS.rogue;
  g.fill();
  g.lineWidth = Math.max(1, s * 0.05);
  g.strokeStyle = COLORS.rogueDark;
  g.stroke();
  if (s >= 9) {
    g.fillStyle = '#1a1a1a';
    g.font = `700 ${Math.round(r * 1.35)}px system-ui, 'DejaVu Sans', sans-serif`;
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.fillText('@', cx, cy + r * 0.05);
  }
  g.restore();
}

/** The monster: a horned vermillion square with its letter in white. */
export function drawMonster(g, x, y, s, letter = 'A', { alpha = 1 } = {}) {
  const cx = x + s / 2;
  const w = s * 0.66;
  const top = y + s * 0.24;
  const left = cx - w / 2;
  g.save();
  g.globalAlpha = alpha;
  ellipse(g, cx, y + s * 0.92, s * 0.3, s * 0.05, 'rgba(30, 25, 10, 0.25)');
  g.fillStyle = COLORS.monsterDark;
  for (const side of [-1, 1]) {
    g.beginPath();
    g.moveTo(cx + side * w * 0.2, top + 1);
    g.lineTo(cx + side * w * 0.5, top - s * 0.16);
    g.lineTo(cx + side * w * 0.42, top + 1);
    g.closePath();
    g.fill();
  }
  g.beginPath();
  g.roundRect(left, top, w, w, s * 0.1);
  g.fillStyle = COLORS.monster;
  g.fill();
  g.lineWidth = Math.max(1, s * 0.05);
  g.strokeStyle = COLORS.monsterDark;
  g.stroke();
  if (s >= 9) {
    g.fillStyle = '#fff';
    g.font = `800 ${Math.round(w * 0.68)}px system-ui, 'DejaVu Sans', sans-serif`;
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.fillText(letter, cx, top + w * 0.55);
  }
  g.restore();
}

/** On small cells, a ring around a piece so that it is found at a glance. */
function halo(g, x, y, s, color) {
  const r = Math.max(7, s * 0.95);
  g.save();
  g.beginPath();
  g.arc(x + s / 2, y + s / 2, r, 0, Math.PI * 2);
  g.fillStyle = 'rgba(255, 255, 255, 0.55)';
  g.fill();
  g.lineWidth = Math.max(1.5, s * 0.12);
  g.strokeStyle = color;
  g.stroke();
  g.restore();
}

/** A burst where the monster caught the rogue. */
function drawCatch(g, x, y, s, t = 1) {
  const cx = x + s / 2;
  const cy = y + s / 2;
  g.save();
  g.globalAlpha = 0.85;
  g.beginPath();
  const spikes = 10;
  for (let k = 0; k < spikes * 2; k++) {
    const r = (k % 2 ? 0.3 : 0.62) * s * (0.8 + 0.2 * t);
    const a = (k * Math.PI) / spikes;
    g.lineTo(cx + Math.cos(a) * r, cy + Math.sin(a) * r);
  }
  g.closePath();
  g.fillStyle = '#F0E442';
  g.fill();
  g.lineWidth = Math.max(1, s * 0.04);
  g.strokeStyle = COLORS.monsterDark;
  g.stroke();
  g.restore();
}

// ---- overlays -------------------------------------------------------------------------------

function drawOutcome(g, m, s) {
  const { values, cols, max } = m;
  const label = s >= 20;
  const inset = Math.max(1, s * 0.05);
  g.save();
  if (label) {
    g.font = `700 ${Math.round(s * 0.3)}px system-ui, 'DejaVu Sans', sans-serif`;
    g.textAlign = 'center';
    g.textBaseline = 'middle';
  }
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === WALL) continue;
    const x = (i % cols) * s;
    const y = Math.floor(i / cols) * s;
    const safe = v === SAFE;
    const c = safe ? { css: COLORS.safe, light: true } : rampColor(v, max);
    g.globalAlpha = safe ? 0.55 : 0.7;
    g.fillStyle = c.css;
    if (s >= 12) {
      g.beginPath();
      g.roundRect(x + inset, y + inset, s - 2 * inset, s - 2 * inset, s * 0.12);
      g.fill();
    } else g.fillRect(x, y, s, s);
    if (!label) continue;
    g.globalAlpha = 0.9;
    g.fillStyle = safe ? '#003a5c' : c.light ? '#3a1500' : '#fff';
    g.fillText(safe ? '∞' : String(v), x + s * 0.8, y + s * 0.8);
  }
  g.restore();
}

function drawCycles(g, m, s) {
  g.save();
  g.lineJoin = 'round';
  g.lineCap = 'round';
  m.cycles.forEach((cycle, k) => {
    if (cycle.length < 2) return;
    const path = () => {
      g.beginPath();
      cycle.forEach((p, i) => (i ? g.lineTo : g.moveTo).call(g, (p.col + 0.5) * s, (p.row + 0.5) * s));
      g.closePath();
    };
    path();
    g.setLineDash([]);
    g.lineWidth = Math.max(3, s * 0.16);
    g.strokeStyle = 'rgba(255, 255, 255, 0.75)';
    g.stroke();
    path();
    g.setLineDash(k % 2 ? [s * 0.12, s * 0.14] : [s * 0.32, s * 0.16]);
    g.lineWidth = Math.max(2, s * 0.09);
    g.strokeStyle = CYCLE_COLORS[k % CYCLE_COLORS.length];
    g.stroke();
  });
  g.restore();
}

function drawTrail(g, m, s) {
  const pts = m.points;
  if (!pts.length) return;
  const color = m.side === 'rogue' ? '#8a7f00' : COLORS.monster;
  g.save();
  g.strokeStyle = color;
  g.globalAlpha = 0.35;
  g.lineWidth = Math.max(1, s * 0.04);
  g.setLineDash([s * 0.08, s * 0.08]);
  g.beginPath();
  pts.forEach((p, i) => (i ? g.lineTo : g.moveTo).call(g, (p.col + 0.5) * s, (p.row + 0.5) * s));
  g.stroke();
  g.setLineDash([]);
  pts.forEach((p, i) => {
    g.globalAlpha = 0.2 + (0.55 * (i + 1)) / pts.length;
    const r = Math.max(1.5, s * (0.05 + (0.05 * (i + 1)) / pts.length));
    if (m.side === 'rogue') ellipse(g, (p.col + 0.5) * s, (p.row + 0.5) * s, r, r, color);
    else {
      g.fillStyle = color;
      g.fillRect((p.col + 0.5) * s - r, (p.row + 0.5) * s - r, 2 * r, 2 * r);
    }
  });
  g.restore();
}

/** An optimal step: an arrow from the piece towards the neighbour (a ring to stay). */
function drawBest(g, m, x, y, s) {
  const cx = x + s / 2;
  const cy = y + s / 2;
  g.save();
  if (m.to.row === m.row && m.to.col === m.col) {
    g.setLineDash([s * 0.1, s * 0.08]);
    g.lineWidth = Math.max(2, s * 0.07);
    g.strokeStyle = '#fff';
    g.beginPath();
    g.arc(cx, cy, s * 0.47, 0, Math.PI * 2);
    g.stroke();
    g.strokeStyle = COLORS.best;
    g.lineWidth = Math.max(1.5, s * 0.04);
    g.stroke();
    g.restore();
    return;
  }
  const dx = m.to.col - m.col;
  const dy = m.to.row - m.row;
  const len = Math.hypot(dx, dy);
  const ux = dx / len;
  const uy = dy / len;
  const x0 = cx + ux * s * 0.3;
  const y0 = cy + uy * s * 0.3;
  const x1 = cx + dx * s * 0.86;
  const y1 = cy + dy * s * 0.86;
  const head = s * 0.22;
  const line = (color, width) => {
    g.strokeStyle = color;
    g.fillStyle = color;
    g.lineWidth = width;
    g.beginPath();
    g.moveTo(x0, y0);
    g.lineTo(x1 - ux * head * 0.6, y1 - uy * head * 0.6);
    g.stroke();
    g.beginPath();
    g.moveTo(x1, y1);
    g.lineTo(x1 - ux * head - uy * head * 0.6, y1 - uy * head + ux * head * 0.6);
    g.lineTo(x1 - ux * head + uy * head * 0.6, y1 - uy * head - ux * head * 0.6);
    g.closePath();
    g.fill();
  };
  g.lineCap = 'round';
  g.lineJoin = 'round';
  line('#fff', Math.max(4, s * 0.14));
  line(COLORS.best, Math.max(2, s * 0.07));
  g.restore();
}

export const roguePainter = {
  drawTile(g, sym, x, y, s) {
    const code = sym.charCodeAt(0);
    if (code >= CORRIDOR) return corridor(g, x, y, s, code & 15);
    if (sym === '.') return room(g, x, y, s);
    return wall(g, x, y, s);
  },
  flatColor(sym) {
    const code = sym.charCodeAt(0);
    return code >= CORRIDOR ? FLAT.corridor : sym === '.' ? FLAT.room : FLAT.wall;
  },
  drawActor(g, a, x, y, s) {
    if (s < 24) halo(g, x, y, s, a.kind === 'rogue' ? COLORS.rogueDark : COLORS.monster);
    if (a.kind === 'rogue') drawRogue(g, x, y, s, { alpha: a.alpha ?? 1 });
    else drawMonster(g, x, y, s, a.letter, { alpha: a.alpha ?? 1 });
  },
  drawMark(g, m, x, y, s) {
    switch (m.kind) {
      case 'outcome': return drawOutcome(g, m, s);
      case 'cycles': return drawCycles(g, m, s);
      case 'trail': return drawTrail(g, m, s);
      case 'best': return drawBest(g, m, x, y, s);
      case 'catch': return drawCatch(g, x, y, s, m.t ?? 1);
      case 'target':
      case 'bad':
        return cellRing(g, x, y, s, m.kind === 'bad' ? 'rgba(213,94,0,0.95)' : 'rgba(0,114,178,0.95)', m.kind === 'bad');
      default: return undefined;
    }
  },
};

/** A tile as the editor and the legend show it (figures on a room). */
export function drawTileFull(g, sym, x, y, s) {
  if (sym === '+') return corridor(g, x, y, s, E | W);
  if (sym === ' ') return wall(g, x, y, s);
  room(g, x, y, s);
  if (sym === '@') drawRogue(g, x, y, s);
  else if (/[A-Z]/.test(sym)) drawMonster(g, x, y, s, sym);
  return undefined;
}

/** A small canvas showing a tile (for the palette and the legend). */
export const tileSwatch = (sym, cssSize = 28) => swatchCanvas(drawTileFull, sym, cssSize);
