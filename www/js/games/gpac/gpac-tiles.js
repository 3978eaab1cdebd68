// Vector drawings of GPac: a dark floor, blue walls joined to their wall neighbours,
// pills (small cream dots), the fruit (a pair of cherries), Pac-Man (a yellow wedge that
// opens towards where it goes; crossed out when caught) and the ghosts (each its own
// Okabe–Ito colour, its own hem — wavy, zigzag, square teeth — and its number, so colour
// is never the only cue). Also the small map drawings of the lab.

import { GpacTile } from '../../../pkg/gridlab_play.js';
import { cellRing, swatchCanvas } from '../../draw.js';
import { parseMap } from './gpac-session.js';

export const COLORS = {
  floor: '#0d1526',
  wall: '#2f9be0',
  wallFill: '#0b3f73',
  pill: '#f3e6b0',
  pac: '#F0E442',
  pacEdge: '#4d4700',
  fruit: '#D55E00',
  stem: '#009E73',
  caught: '#D55E00',
};

/** The ghosts' colours (Okabe–Ito), ghost i gets GHOST_COLORS[i % 6]. */
export const GHOST_COLORS = ['#D55E00', '#56B4E9', '#CC79A7', '#E69F00', '#009E73', '#F5F5F5'];
const HEMS = ['wavy', 'zigzag', 'teeth'];

export const TILE_INFO = {
  '#': { name: 'Wall', hint: 'no one may stand here' },
  '~': { name: 'Open', hint: 'a floor cell; pills are placed on open cells' },
  '.': { name: 'Pill', hint: 'eat them all to win (score by the share eaten)' },
  f: { name: 'Fruit', hint: 'appears at random; worth the fruit score' },
  m: { name: 'Pac-Man', hint: 'starts top-left (0, H−1)' },
  1: { name: 'Ghosts', hint: 'start bottom-right (W−1, 0); shape and number tell them apart' },
};

// ---- terrain bytes ----------------------------------------------------------------------
// The board's static layer gets one byte a cell: ' ' floor, '.' pill, and a wall as
// 0x80 | (wall neighbours N=1, E=2, S=4, W=8) so that walls join.

export const WALL = 0x80;
const N = 1;
const E = 2;
const S = 4;
const W = 8;

/** Terrain bytes (top row first) from `isWall(row, col)` and `isPill(row, col)`. */
export function terrain(rows, cols, isWall, isPill) {
  const bytes = new Uint8Array(rows * cols);
  const wallAt = (r, c) => r >= 0 && c >= 0 && r < rows && c < cols && isWall(r, c);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (isWall(r, c)) {
        bytes[r * cols + c] = WALL | (wallAt(r - 1, c) ? N : 0) | (wallAt(r, c + 1) ? E : 0) | (wallAt(r + 1, c) ? S : 0) | (wallAt(r, c - 1) ? W : 0);
      } else {
        bytes[r * cols + c] = isPill(r, c) ? 46 : 32;
      }
    }
  }
  return bytes;
}

/** Terrain from the session's board bytes (walls, pills, the rest floor). */
export function terrainOfTiles(tiles, rows, cols) {
  return terrain(rows, cols, (r, c) => tiles[r * cols + c] === GpacTile.Wall, (r, c) => tiles[r * cols + c] === GpacTile.Pill);
}

// ---- tiles ------------------------------------------------------------------------------

const FLAT = { floor: [13, 21, 38], wall: [20, 90, 150], pill: [150, 140, 100] };

function floor(g, x, y, s) {
  g.fillStyle = COLORS.floor;
  g.fillRect(x, y, s, s);
}

function wall(g, x, y, s, mask) {
  floor(g, x, y, s);
  const a = Math.max(1, s * 0.14);
  const x0 = mask & W ? x : x + a;
  const x1 = mask & E ? x + s : x + s - a;
  const y0 = mask & N ? y : y + a;
  const y1 = mask & S ? y + s : y + s - a;
  g.fillStyle = COLORS.wallFill;
  g.beginPath();
  g.roundRect(x0, y0, x1 - x0, y1 - y0, mask ? 0 : s * 0.2);
  g.fill();
  // The outline of the wall's region: the sides with no wall beyond them.
  const lw = Math.max(1, Math.round(s * 0.09));
  const h = lw / 2;
  g.strokeStyle = COLORS.wall;
  g.lineWidth = lw;
  g.lineCap = 'square';
  if (!mask) {
    g.beginPath();
    g.roundRect(x0 + h, y0 + h, x1 - x0 - lw, y1 - y0 - lw, s * 0.16);
    g.stroke();
    return;
  }
  g.beginPath();
  if (!(mask & N)) { g.moveTo(x0 + h, y0 + h); g.lineTo(x1 - h, y0 + h); }
  if (!(mask & S)) { g.moveTo(x0 + h, y1 - h); g.lineTo(x1 - h, y1 - h); }
  if (!(mask & W)) { g.moveTo(x0 + h, y0 + h); g.lineTo(x0 + h, y1 - h); }
  if (!(mask & E)) { g.moveTo(x1 - h, y0 + h); g.lineTo(x1 - h, y1 - h); }
  g.stroke();
}

function pill(g, x, y, s) {
  floor(g, x, y, s);
  g.beginPath();
  g.arc(x + s / 2, y + s / 2, Math.max(1, s * 0.12), 0, Math.PI * 2);
  g.fillStyle = COLORS.pill;
  g.fill();
}

// ---- figures ------------------------------------------------------------------------------

const ANGLE = { r: 0, d: Math.PI / 2, l: Math.PI, u: -Math.PI / 2, h: 0 };

/** Pac-Man: a yellow wedge facing `dir` (u d l r), mouth open by `open` (0–1). */
export function drawPacman(g, cx, cy, r, { dir = 'r', open = 0.7, caught = false, alpha = 1 } = {}) {
  const a = ANGLE[dir] ?? 0;
  const m = (caught ? 0.12 : 0.06 + 0.3 * open) * Math.PI;
  g.save();
  g.globalAlpha = alpha * (caught ? 0.75 : 1);
  g.beginPath();
  g.moveTo(cx, cy);
  g.arc(cx, cy, r, a + m, a - m + Math.PI * 2);
  g.closePath();
  g.fillStyle = COLORS.pac;
  g.fill();
  g.lineWidth = Math.max(1, r * 0.1);
  g.strokeStyle = COLORS.pacEdge;
  g.stroke();
  if (r >= 5) {
    // The eye, above the mouth.
    const ea = a - Math.PI / 2.6 * (dir === 'l' ? -1 : 1);
    g.beginPath();
    g.arc(cx + Math.cos(ea) * r * 0.5, cy + Math.sin(ea) * r * 0.5, Math.max(0.8, r * 0.12), 0, Math.PI * 2);
    g.fillStyle = '#1a1a1a';
    g.fill();
  }
  if (caught) {
    g.globalAlpha = alpha;
    g.strokeStyle = COLORS.caught;
    g.lineWidth = Math.max(2, r * 0.28);
    g.lineCap = 'round';
    const k = r * 0.75;
    g.beginPath();
    g.moveTo(cx - k, cy - k);
    g.lineTo(cx + k, cy + k);
    g.moveTo(cx + k, cy - k);
    g.lineTo(cx - k, cy + k);
    g.stroke();
  }
  g.restore();
}

const LOOK = { u: [0, -1], d: [0, 1], l: [-1, 0], r: [1, 0], h: [0, 0] };

/** Ghost `i` (0-based): its colour, its hem and its number; eyes look towards `look`. */
export function drawGhost(g, cx, cy, size, i, { look = 'h', alpha = 1 } = {}) {
  const color = GHOST_COLORS[i % GHOST_COLORS.length];
  const hem = HEMS[i % HEMS.length];
  const w = size * 0.8;
  const r = w / 2;
  const top = cy - size * 0.42;
  const bottom = cy + size * 0.4;
  const left = cx - r;
  const right = cx + r;
  g.save();
  g.globalAlpha = alpha;
  g.beginPath();
  g.moveTo(left, bottom);
  g.lineTo(left, top + r);
  g.arc(cx, top + r, r, Math.PI, 0);
  g.lineTo(right, bottom);
  const n = 3;
  const step = w / n;
  if (hem === 'wavy') {
    for (let k = 0; k < n; k++) {
      const x0 = right - k * step;
      g.quadraticCurveTo(x0 - step / 2, bottom - size * 0.16, x0 - step, bottom);
    }
  } else if (hem === 'zigzag') {
    for (let k = 0; k < n; k++) {
      const x0 = right - k * step;
      g.lineTo(x0 - step / 2, bottom - size * 0.14);
      g.lineTo(x0 - step, bottom);
    }
  } else {
    for (let k = 0; k < n; k++) {
      const x0 = right - k * step;
      g.lineTo(x0 - step * 0.35, bottom);
      g.lineTo(x0 - step * 0.35, bottom - size * 0.13);
      g.lineTo(x0 - step * 0.65, bottom - size * 0.13);
      g.lineTo(x0 - step * 0.65, bottom);
      g.lineTo(x0 - step, bottom);
    }
  }
  g.closePath();
  g.fillStyle = color;
  g.fill();
  g.lineWidth = Math.max(1, size * 0.04);
  g.strokeStyle = 'rgba(0, 0, 0, 0.55)';
  g.stroke();
  if (size >= 12) {
    const [lx, ly] = LOOK[look] || LOOK.h;
    for (const sx of [-1, 1]) {
      const ex = cx + sx * w * 0.2;
      const ey = top + r * 0.95;
      g.beginPath();
      g.ellipse(ex, ey, w * 0.14, w * 0.17, 0, 0, Math.PI * 2);
      g.fillStyle = '#fff';
      g.fill();
      g.beginPath();
      g.arc(ex + lx * w * 0.06, ey + ly * w * 0.07, w * 0.075, 0, Math.PI * 2);
      g.fillStyle = '#0b1a3a';
      g.fill();
    }
  }
  if (size >= 16) {
    g.fillStyle = i % GHOST_COLORS.length === 5 ? '#222' : '#fff';
    g.strokeStyle = 'rgba(0, 0, 0, 0.6)';
    g.lineWidth = Math.max(1, size * 0.05);
    g.font = `800 ${Math.round(size * 0.3)}px system-ui, 'DejaVu Sans', sans-serif`;
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    const ty = cy + size * 0.14;
    g.strokeText(String(i + 1), cx, ty);
    g.fillText(String(i + 1), cx, ty);
  }
  g.restore();
}

/** The fruit: a pair of cherries on green stems. */
export function drawFruit(g, cx, cy, s) {
  g.save();
  g.strokeStyle = COLORS.stem;
  g.lineWidth = Math.max(1, s * 0.06);
  g.lineCap = 'round';
  g.beginPath();
  g.moveTo(cx - s * 0.14, cy + s * 0.08);
  g.quadraticCurveTo(cx - s * 0.05, cy - s * 0.15, cx + s * 0.1, cy - s * 0.3);
  g.moveTo(cx + s * 0.16, cy + s * 0.12);
  g.quadraticCurveTo(cx + s * 0.12, cy - s * 0.1, cx + s * 0.1, cy - s * 0.3);
  g.stroke();
  g.beginPath();
  g.ellipse(cx + s * 0.2, cy - s * 0.3, s * 0.12, s * 0.06, -0.5, 0, Math.PI * 2);
  g.fillStyle = COLORS.stem;
  g.fill();
  for (const [dx, dy] of [[-0.14, 0.16], [0.16, 0.2]]) {
    g.beginPath();
    g.arc(cx + dx * s, cy + dy * s, s * 0.15, 0, Math.PI * 2);
    g.fillStyle = COLORS.fruit;
    g.fill();
    g.lineWidth = Math.max(1, s * 0.03);
    g.strokeStyle = '#5a2300';
    g.stroke();
    g.beginPath();
    g.arc(cx + (dx - 0.05) * s, cy + (dy - 0.05) * s, s * 0.04, 0, Math.PI * 2);
    g.fillStyle = 'rgba(255, 255, 255, 0.75)';
    g.fill();
  }
  g.restore();
}

/** Where a figure stands in its cell when `count` share it (a 2 × 2 cluster). */
function slotOf(a, s) {
  if (!a.count || a.count < 2) return { dx: 0, dy: 0, k: 1 };
  const k = 0.58;
  const col = a.slot % 2;
  const row = Math.floor(a.slot / 2) % 2;
  return { dx: (col - 0.5) * s * 0.42, dy: (row - 0.5) * s * 0.42 * (a.count > 2 ? 1 : 0), k };
}

export const gpacPainter = {
  drawTile(g, sym, x, y, s) {
    const code = sym.charCodeAt(0);
    if (code >= WALL) return wall(g, x, y, s, code & 15);
    if (sym === '#') return wall(g, x, y, s, 0);
    if (sym === '.') return pill(g, x, y, s);
    return floor(g, x, y, s);
  },
  flatColor(sym) {
    const code = sym.charCodeAt(0);
    return code >= WALL || sym === '#' ? FLAT.wall : sym === '.' ? FLAT.pill : FLAT.floor;
  },
  drawActor(g, a, x, y, s) {
    const { dx, dy, k } = slotOf(a, s);
    const cx = x + s / 2 + dx;
    const cy = y + s / 2 + dy;
    if (a.kind === 'pacman') drawPacman(g, cx, cy, s * 0.42 * k, { dir: a.dir, open: a.open ?? 0.7, caught: a.caught, alpha: a.alpha ?? 1 });
    else if (a.kind === 'ghost') drawGhost(g, cx, cy, s * 0.95 * k, a.i, { look: a.look, alpha: a.alpha ?? 1 });
  },
  drawMark(g, m, x, y, s) {
    switch (m.kind) {
      case 'fruit': return drawFruit(g, x + s / 2, y + s / 2, s);
      case 'catch': {
        g.save();
        g.globalAlpha = 0.9;
        cellRing(g, x - s * 0.15, y - s * 0.15, s * 1.3, COLORS.caught);
        g.restore();
        return undefined;
      }
      case 'target':
      case 'bad':
        return cellRing(g, x, y, s, m.kind === 'bad' ? 'rgba(213,94,0,0.95)' : 'rgba(86,180,233,0.95)', m.kind === 'bad');
      default: return undefined;
    }
  },
};

/** A tile as the editor and the legend show it. */
export function drawTileFull(g, sym, x, y, s) {
  if (sym === '#') return wall(g, x, y, s, 0);
  if (sym === '.') return pill(g, x, y, s);
  floor(g, x, y, s);
  if (sym === 'f') drawFruit(g, x + s / 2, y + s / 2, s);
  else if (sym === 'm') drawPacman(g, x + s / 2, y + s / 2, s * 0.42);
  else if (/[1-9]/.test(sym)) drawGhost(g, x + s / 2, y + s / 2, s * 0.95, Number(sym) - 1);
  return undefined;
}

export const tileSwatch = (sym, cssSize) => swatchCanvas(drawTileFull, sym, cssSize);

/**
 * A map text drawn on `canvas` at `cell` CSS pixels a cell (the lab's best map): walls,
 * floor and the two spawn cells. Returns false when the text is not a map.
 */
export function drawMiniMap(canvas, text, cell = 8) {
  let m;
  try {
    m = parseMap(text);
  } catch {
    return false;
  }
  if (!(m.w > 0 && m.h > 0)) return false;
  const dpr = window.devicePixelRatio || 1;
  const s = Math.max(2, Math.round(cell * dpr));
  canvas.width = m.w * s;
  canvas.height = m.h * s;
  canvas.style.width = `${(m.w * s) / dpr}px`;
  canvas.style.height = `${(m.h * s) / dpr}px`;
  const g = canvas.getContext('2d');
  const bytes = terrain(m.h, m.w, (r, c) => m.rows[r][c] === '#', () => false);
  for (let r = 0; r < m.h; r++) {
    for (let c = 0; c < m.w; c++) gpacPainter.drawTile(g, String.fromCharCode(bytes[r * m.w + c]), c * s, r * s, s);
  }
  drawPacman(g, s / 2, s / 2, s * 0.42);
  drawGhost(g, (m.w - 0.5) * s, (m.h - 0.5) * s, s * 0.95, 0);
  return true;
}

const ease = (t) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/**
 * The figures of a position, sliding from `turn.prev` to `now` while a turn animates:
 * the fruit, the ghosts (sharing cells in a cluster), Pac-Man on top. Used by the
 * Play tab and the Replay tab (positions {x, y}, y up).
 */
export function sceneOfTurn(scene, { now, turn, t, heading, looks, toCell }) {
  const u = ease(t);
  const lerp = (a, b) => {
    const p = toCell(a);
    const q = toCell(b);
    return { row: p.row + (q.row - p.row) * u, col: p.col + (q.col - p.col) * u };
  };
  const prev = turn ? turn.prev : null;
  if (now.fruit) scene.marks.push({ kind: 'fruit', ...toCell(now.fruit) });
  // A pill eaten this turn stays until Pac-Man gets there.
  if (prev && prev.pillsLeft > now.pillsLeft && t < 0.5) {
    const c = toCell(now.pacman);
    scene.patches.push({ index: c.row * scene.cols + c.col, sym: '.' });
  }
  const cellKey = (p) => `${p.x},${p.y}`;
  const groups = new Map();
  now.ghosts.forEach((g, i) => {
    const key = cellKey(prev && u < 0.5 ? prev.ghosts[i] || g : g);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(i);
  });
  now.ghosts.forEach((g, i) => {
    const at = prev ? lerp(prev.ghosts[i] || g, g) : toCell(g);
    const group = groups.get(cellKey(prev && u < 0.5 ? prev.ghosts[i] || g : g));
    scene.actors.push({ kind: 'ghost', i, ...at, look: looks[i] || 'h', slot: group.indexOf(i), count: group.length });
  });
  const caught = now.end === 'caught' || now.end === 'swapped';
  const pos = prev ? lerp(prev.pacman, now.pacman) : toCell(now.pacman);
  const open = turn ? 0.7 * Math.abs(Math.cos(u * Math.PI)) : 0.7;
  if (caught && t >= 1) scene.marks.push({ kind: 'catch', ...toCell(now.pacman) });
  scene.actors.push({ kind: 'pacman', ...pos, dir: heading, open, caught: caught && t >= 1 });
  return scene;
}
