// Vector drawings of Act-Man II: the dungeon tiles, Act-Man, the ogre and the demon,
// corpses, the monsters' next-move arrows, the bullet and kill flashes.
// Okabe–Ito colours, and every figure also differs by shape: the ogre is a squat
// square brute (bluish green, solid arrows), the demon a horned flame with a tail
// (vermillion, dashed arrows), so colour is never the only cue.

import { ellipse, cellRing, swatchCanvas } from '../../draw.js';

export const TILE_INFO = {
  '#': { name: 'Wall', hint: 'blocks moves, monsters and the bullet' },
  ' ': { name: 'Space', hint: 'open floor' },
  A: { name: 'Act-Man', hint: 'the hero (start cell)' },
  G: { name: 'Ogre', hint: 'chases; ties clockwise from north' },
  D: { name: 'Demon', hint: 'chases; ties counter-clockwise from north' },
  '@': { name: 'Corpse', hint: 'deadly to step on, for all' },
};

export const COLORS = {
  ogre: '#009E73',
  ogreDark: '#00543d',
  demon: '#D55E00',
  demonDark: '#6e2f00',
  actman: '#F0E442',
  actmanDark: '#4d4700',
  bullet: '#E69F00',
  blue: '#0072B2',
};

const FLAT = {
  '#': [58, 63, 75],
  ' ': [239, 233, 220],
  '@': [140, 143, 150],
  G: [0, 158, 115],
  D: [213, 94, 0],
  A: [240, 228, 66],
  X: [120, 120, 120],
};


function floor(g, x, y, s) {
  g.fillStyle = '#efe9dc';
  g.fillRect(x, y, s, s);
  if (s < 12) return;
  // Flagstone joints and a few specks: a quiet texture that tiles seamlessly.
  g.strokeStyle = 'rgba(120, 100, 70, 0.13)';
  g.lineWidth = Math.max(1, s * 0.025);
  g.beginPath();
  g.moveTo(x, y + s * 0.55);
  g.lineTo(x + s * 0.6, y + s * 0.55);
  g.moveTo(x + s * 0.6, y + s * 0.2);
  g.lineTo(x + s * 0.6, y + s);
  g.stroke();
  for (const [dx, dy] of [[0.22, 0.24], [0.8, 0.72], [0.35, 0.82], [0.82, 0.12]]) {
    ellipse(g, x + dx * s, y + dy * s, s * 0.02, s * 0.02, 'rgba(120, 100, 70, 0.25)');
  }
}

function wall(g, x, y, s) {
  g.fillStyle = '#3a3f4b';
  g.fillRect(x, y, s, s);
  if (s < 10) return;
  const lw = Math.max(1, Math.round(s * 0.045));
  g.fillStyle = '#2c303a';
  for (const k of [1, 2]) g.fillRect(x, y + (k * s) / 3 - lw / 2, s, lw);
  g.fillRect(x + s * 0.5 - lw / 2, y, lw, s / 3);
  g.fillRect(x + s * 0.25 - lw / 2, y + s / 3, lw, s / 3);
  g.fillRect(x + s * 0.75 - lw / 2, y + s / 3, lw, s / 3);
  g.fillRect(x + s * 0.5 - lw / 2, y + (2 * s) / 3, lw, s / 3);
  g.fillStyle = 'rgba(255,255,255,0.08)';
  g.fillRect(x, y, s, lw);
  for (const k of [1, 2]) g.fillRect(x, y + (k * s) / 3 + lw / 2, s, lw);
}

/** A tombstone: the corpse a dead monster leaves (deadly to step on). */
export function drawCorpse(g, x, y, s, alpha = 1) {
  g.save();
  g.globalAlpha = alpha;
  const w = s * 0.5;
  const top = y + s * 0.2;
  const bottom = y + s * 0.82;
  const cx = x + s / 2;
  ellipse(g, cx, bottom, s * 0.34, s * 0.07, 'rgba(60, 50, 30, 0.22)');
  g.beginPath();
  g.moveTo(cx - w / 2, bottom);
  g.lineTo(cx - w / 2, top + w / 2);
  g.arc(cx, top + w / 2, w / 2, Math.PI, 0);
  g.lineTo(cx + w / 2, bottom);
  g.closePath();
  g.fillStyle = '#9a9ea6';
  g.fill();
  g.lineWidth = Math.max(1, s * 0.04);
  g.strokeStyle = '#4b4f57';
  g.stroke();
  if (s >= 12) {
    g.strokeStyle = '#4b4f57';
    g.lineWidth = Math.max(1, s * 0.05);
    g.lineCap = 'round';
    g.beginPath();
    g.moveTo(cx, top + s * 0.14);
    g.lineTo(cx, top + s * 0.42);
    g.moveTo(cx - s * 0.1, top + s * 0.24);
    g.lineTo(cx + s * 0.1, top + s * 0.24);
    g.stroke();
  }
  g.restore();
}

/** Act-Man: a yellow disc with a mouth towards `facing` (radians, 0 = east). */
export function drawActman(g, x, y, s, facing = 0, { alpha = 1, dead = false, mouth = 1 } = {}) {
  const cx = x + s / 2;
  const cy = y + s / 2;
  const r = s * 0.36;
  g.save();
  g.globalAlpha = alpha;
  ellipse(g, cx, y + s * 0.9, s * 0.26, s * 0.05, 'rgba(40, 30, 10, 0.2)');
  const open = dead ? 0.08 : 0.32 * mouth + 0.05;
  g.beginPath();
  g.moveTo(cx, cy);
  g.arc(cx, cy, r, facing + open, facing - open + Math.PI * 2);
  g.closePath();
  g.fillStyle = dead ? '#b8b59a' : COLORS.actman;
  g.fill();
  g.lineWidth = Math.max(1, s * 0.045);
  g.strokeStyle = dead ? '#55534a' : COLORS.actmanDark;
  g.lineJoin = 'round';
  g.stroke();
  if (s >= 10) {
    // The eye sits above the mouth, on the side it faces.
    const ex = cx + Math.cos(facing - 1.1) * r * 0.5;
    const ey = cy + Math.sin(facing - 1.1) * r * 0.5 - (Math.abs(Math.cos(facing)) < 0.3 ? 0 : r * 0.05);
    if (dead) {
      g.strokeStyle = '#222';
      g.lineWidth = Math.max(1, s * 0.035);
      const k = r * 0.14;
      g.beginPath();
      g.moveTo(ex - k, ey - k);
      g.lineTo(ex + k, ey + k);
      g.moveTo(ex + k, ey - k);
      g.lineTo(ex - k, ey + k);
      g.stroke();
    } else {
      ellipse(g, ex, ey, r * 0.13, r * 0.13, '#1a1a1a');
      ellipse(g, ex + r * 0.04, ey - r * 0.04, r * 0.045, r * 0.045, '#fff');
    }
  }
  if (dead) {
    // The course's X: where Act-Man died.
    g.strokeStyle = 'rgba(255,255,255,0.9)';
    g.lineCap = 'round';
    g.lineWidth = Math.max(3, s * 0.16);
    const k = s * 0.3;
    g.beginPath();
    g.moveTo(cx - k, cy - k);
    g.lineTo(cx + k, cy + k);
    g.moveTo(cx + k, cy - k);
    g.lineTo(cx - k, cy + k);
    g.stroke();
    g.strokeStyle = COLORS.demon;
    g.lineWidth = Math.max(2, s * 0.1);
    g.stroke();
  }
  g.restore();
}

/** The ogre: a squat, square brute with blunt horns, a unibrow and tusks. */
export function drawOgre(g, x, y, s, alpha = 1) {
  const cx = x + s / 2;
  g.save();
  g.globalAlpha = alpha;
  ellipse(g, cx, y + s * 0.9, s * 0.32, s * 0.055, 'rgba(40, 30, 10, 0.22)');
  const lw = Math.max(1, s * 0.045);
  g.lineWidth = lw;
  g.strokeStyle = COLORS.ogreDark;
  g.lineJoin = 'round';
  // Blunt horns.
  for (const side of [-1, 1]) {
    g.beginPath();
    g.moveTo(cx + side * s * 0.22, y + s * 0.3);
    g.lineTo(cx + side * s * 0.34, y + s * 0.12);
    g.lineTo(cx + side * s * 0.36, y + s * 0.3);
    g.closePath();
    g.fillStyle = '#e8e2c8';
    g.fill();
    g.stroke();
  }
  // Square body.
  g.beginPath();
  g.roundRect(x + s * 0.13, y + s * 0.22, s * 0.74, s * 0.64, s * 0.12);
  g.fillStyle = COLORS.ogre;
  g.fill();
  g.stroke();
  if (s >= 10) {
    // Unibrow, eyes, a wide mouth with two tusks.
    g.fillStyle = COLORS.ogreDark;
    g.fillRect(cx - s * 0.24, y + s * 0.34, s * 0.48, Math.max(1, s * 0.05));
    for (const side of [-1, 1]) {
      ellipse(g, cx + side * s * 0.13, y + s * 0.47, s * 0.07, s * 0.065, '#fff');
      ellipse(g, cx + side * s * 0.12, y + s * 0.48, s * 0.033, s * 0.033, '#111');
    }
    g.beginPath();
    g.roundRect(cx - s * 0.22, y + s * 0.62, s * 0.44, s * 0.12, s * 0.04);
    g.fillStyle = '#10362a';
    g.fill();
    g.fillStyle = '#fff';
    for (const side of [-1, 1]) {
      g.beginPath();
      g.moveTo(cx + side * s * 0.16, y + s * 0.74);
      g.lineTo(cx + side * s * 0.12, y + s * 0.56);
      g.lineTo(cx + side * s * 0.08, y + s * 0.74);
      g.closePath();
      g.fill();
    }
  }
  g.restore();
}

/** The demon: a horned flame with a pointed tail and slanted eyes. */
export function drawDemon(g, x, y, s, alpha = 1) {
  const cx = x + s / 2;
  g.save();
  g.globalAlpha = alpha;
  ellipse(g, cx, y + s * 0.9, s * 0.24, s * 0.05, 'rgba(40, 30, 10, 0.22)');
  const lw = Math.max(1, s * 0.045);
  g.lineWidth = lw;
  g.strokeStyle = COLORS.demonDark;
  g.lineJoin = 'round';
  // Tail.
  g.beginPath();
  g.moveTo(cx + s * 0.16, y + s * 0.76);
  g.quadraticCurveTo(cx + s * 0.42, y + s * 0.78, cx + s * 0.36, y + s * 0.5);
  g.stroke();
  g.beginPath();
  g.moveTo(cx + s * 0.36, y + s * 0.4);
  g.lineTo(cx + s * 0.43, y + s * 0.54);
  g.lineTo(cx + s * 0.29, y + s * 0.52);
  g.closePath();
  g.fillStyle = COLORS.demonDark;
  g.fill();
  // Flame-shaped body with two sharp horns.
  g.beginPath();
  g.moveTo(cx, y + s * 0.86);
  g.bezierCurveTo(cx - s * 0.36, y + s * 0.86, cx - s * 0.34, y + s * 0.5, cx - s * 0.3, y + s * 0.36);
  g.lineTo(cx - s * 0.36, y + s * 0.08);
  g.lineTo(cx - s * 0.12, y + s * 0.27);
  g.quadraticCurveTo(cx, y + s * 0.22, cx + s * 0.12, y + s * 0.27);
  g.lineTo(cx + s * 0.36, y + s * 0.08);
  g.lineTo(cx + s * 0.3, y + s * 0.36);
  g.bezierCurveTo(cx + s * 0.34, y + s * 0.5, cx + s * 0.36, y + s * 0.86, cx, y + s * 0.86);
  g.closePath();
  g.fillStyle = COLORS.demon;
  g.fill();
  g.stroke();
  if (s >= 10) {
    // Slanted eyes and a zigzag grin.
    g.fillStyle = '#fff4c2';
    for (const side of [-1, 1]) {
      g.beginPath();
      g.moveTo(cx + side * s * 0.04, y + s * 0.5);
      g.lineTo(cx + side * s * 0.22, y + s * 0.4);
      g.lineTo(cx + side * s * 0.19, y + s * 0.52);
      g.closePath();
      g.fill();
    }
    g.strokeStyle = '#3a1500';
    g.lineWidth = Math.max(1, s * 0.035);
    g.beginPath();
    g.moveTo(cx - s * 0.14, y + s * 0.64);
    for (let k = 1; k <= 4; k++) g.lineTo(cx - s * 0.14 + k * s * 0.07, y + s * (k % 2 ? 0.7 : 0.64));
    g.stroke();
  }
  g.restore();
}

function arrowHead(g, x, y, angle, size) {
  g.beginPath();
  g.moveTo(x, y);
  g.lineTo(x - size * Math.cos(angle - 0.45), y - size * Math.sin(angle - 0.45));
  g.lineTo(x - size * Math.cos(angle + 0.45), y - size * Math.sin(angle + 0.45));
  g.closePath();
  g.fill();
}

/** A monster's next move: solid (ogre) or dashed (demon) arrow with a white halo. */
function drawChaseArrow(g, m, x, y, s) {
  const ogre = m.monster === 'ogre';
  const color = ogre ? COLORS.ogre : COLORS.demon;
  const x0 = x + s / 2;
  const y0 = y + s / 2;
  const dx = (m.to.col - m.col) * s;
  const dy = (m.to.row - m.row) * s;
  const len = Math.hypot(dx, dy);
  g.save();
  g.globalAlpha = m.alpha ?? 1;
  g.lineCap = 'round';
  if (!len) {
    // The monster stays put (no open neighbour): a ring.
    g.strokeStyle = color;
    g.lineWidth = Math.max(2, s * 0.06);
    g.setLineDash(ogre ? [] : [s * 0.08, s * 0.06]);
    g.beginPath();
    g.arc(x0, y0, s * 0.44, 0, Math.PI * 2);
    g.stroke();
    g.restore();
    return;
  }
  const ux = dx / len;
  const uy = dy / len;
  // Ogre arrows a little to one side, demon arrows to the other: crossing arrows
  // (two monsters swapping cells) stay apart.
  const off = (ogre ? 1 : -1) * s * 0.07;
  const sx = x0 + ux * s * 0.3 - uy * off;
  const sy = y0 + uy * s * 0.3 + ux * off;
  const ex = x0 + dx - ux * s * 0.16 - uy * off;
  const ey = y0 + dy - uy * s * 0.16 + ux * off;
  const w = Math.max(2, s * (m.preview ? 0.085 : 0.07));
  const head = Math.max(6, s * 0.26);
  const angle = Math.atan2(uy, ux);
  const bx = ex - ux * head * 0.6;
  const by = ey - uy * head * 0.6;
  for (const pass of ['halo', 'line']) {
    g.strokeStyle = pass === 'halo' ? 'rgba(255,255,255,0.92)' : color;
    g.fillStyle = g.strokeStyle;
    g.lineWidth = pass === 'halo' ? w + Math.max(2, s * 0.05) : w;
    g.setLineDash(ogre || pass === 'halo' ? [] : [w * 1.6, w * 1.2]);
    g.beginPath();
    g.moveTo(sx, sy);
    g.lineTo(bx, by);
    g.stroke();
    g.setLineDash([]);
    if (pass === 'halo') {
      g.lineJoin = 'round';
      g.beginPath();
      g.moveTo(ex, ey);
      g.lineTo(ex - head * Math.cos(angle - 0.45), ey - head * Math.sin(angle - 0.45));
      g.lineTo(ex - head * Math.cos(angle + 0.45), ey - head * Math.sin(angle + 0.45));
      g.closePath();
      g.stroke();
    } else {
      arrowHead(g, ex, ey, angle, head);
    }
  }
  g.restore();
}

function drawFlash(g, x, y, s, t) {
  // t in [0, 1]: a ring that grows and fades, with eight rays.
  const cx = x + s / 2;
  const cy = y + s / 2;
  g.save();
  g.globalAlpha = Math.max(0, 1 - t);
  g.strokeStyle = '#fff7a8';
  g.lineWidth = Math.max(2, s * 0.1 * (1 - t) + 1);
  g.beginPath();
  g.arc(cx, cy, s * (0.2 + 0.45 * t), 0, Math.PI * 2);
  g.stroke();
  g.strokeStyle = COLORS.bullet;
  g.lineWidth = Math.max(2, s * 0.06);
  g.lineCap = 'round';
  g.beginPath();
  for (let k = 0; k < 8; k++) {
    const a = (k * Math.PI) / 4 + 0.3;
    const r0 = s * (0.15 + 0.3 * t);
    const r1 = s * (0.3 + 0.42 * t);
    g.moveTo(cx + Math.cos(a) * r0, cy + Math.sin(a) * r0);
    g.lineTo(cx + Math.cos(a) * r1, cy + Math.sin(a) * r1);
  }
  g.stroke();
  g.restore();
}

function drawBullet(g, m, x, y, s) {
  // The trail from Act-Man to the bullet, then the glowing bullet itself.
  const cx = x + s / 2;
  const cy = y + s / 2;
  if (m.from) {
    g.save();
    g.strokeStyle = 'rgba(230, 159, 0, 0.45)';
    g.lineWidth = Math.max(2, s * 0.1);
    g.lineCap = 'round';
    g.beginPath();
    g.moveTo((m.from.col + 0.5) * s, (m.from.row + 0.5) * s);
    g.lineTo(cx, cy);
    g.stroke();
    g.restore();
  }
  const r = Math.max(3, s * 0.13);
  const glow = g.createRadialGradient(cx, cy, 0, cx, cy, r * 2.4);
  glow.addColorStop(0, 'rgba(255, 250, 200, 1)');
  glow.addColorStop(0.35, 'rgba(240, 228, 66, 0.95)');
  glow.addColorStop(1, 'rgba(230, 159, 0, 0)');
  g.fillStyle = glow;
  g.beginPath();
  g.arc(cx, cy, r * 2.4, 0, Math.PI * 2);
  g.fill();
  ellipse(g, cx, cy, r * 0.7, r * 0.7, '#fff');
}

function drawAim(g, x, y, s) {
  // Fire mode: four triangles around Act-Man pointing N, E, S, W.
  g.save();
  g.fillStyle = COLORS.bullet;
  g.strokeStyle = '#5a3a00';
  g.lineWidth = Math.max(1, s * 0.03);
  const cx = x + s / 2;
  const cy = y + s / 2;
  for (let k = 0; k < 4; k++) {
    const a = (k * Math.PI) / 2;
    const tip = s * 0.62;
    const base = s * 0.44;
    const half = s * 0.11;
    g.beginPath();
    g.moveTo(cx + Math.cos(a) * tip, cy + Math.sin(a) * tip);
    g.lineTo(cx + Math.cos(a) * base - Math.sin(a) * half, cy + Math.sin(a) * base + Math.cos(a) * half);
    g.lineTo(cx + Math.cos(a) * base + Math.sin(a) * half, cy + Math.sin(a) * base - Math.cos(a) * half);
    g.closePath();
    g.fill();
    g.stroke();
  }
  g.restore();
}

export const actmanPainter = {
  /** The static layer: figures (A, X, G, D) are drawn as actors, so floor here. */
  drawTile(g, sym, x, y, s) {
    switch (sym) {
      case '#': return wall(g, x, y, s);
      case '@': floor(g, x, y, s); return drawCorpse(g, x, y, s);
      default: return floor(g, x, y, s);
    }
  },
  flatColor(sym) {
    return FLAT[sym] || FLAT[' '];
  },
  drawActor(g, a, x, y, s) {
    const alpha = a.alpha ?? 1;
    if (a.kind === 'ogre') drawOgre(g, x, y, s, alpha);
    else if (a.kind === 'demon') drawDemon(g, x, y, s, alpha);
    else if (a.kind === 'corpse') drawCorpse(g, x, y, s, alpha);
    else drawActman(g, x, y, s, a.facing || 0, { alpha, dead: a.kind === 'dead', mouth: a.mouth ?? 1 });
  },
  drawMark(g, m, x, y, s) {
    switch (m.kind) {
      case 'arrow': return drawChaseArrow(g, m, x, y, s);
      case 'flash': return drawFlash(g, x, y, s, m.t);
      case 'bullet': return drawBullet(g, m, x, y, s);
      case 'aim': return drawAim(g, x, y, s);
      case 'floor': return floor(g, x, y, s);
      case 'target':
      case 'bad':
      case 'fire':
        return cellRing(g, x, y, s, m.kind === 'bad' ? 'rgba(213,94,0,0.95)' : m.kind === 'fire' ? 'rgba(230,159,0,0.95)' : 'rgba(0,114,178,0.95)', m.kind === 'bad');
      default: return undefined;
    }
  },
};

/** A tile as the editor and the legend show it (figures on the floor). */
export function drawTileFull(g, sym, x, y, s) {
  actmanPainter.drawTile(g, sym, x, y, s);
  if (sym === 'A') drawActman(g, x, y, s, 0);
  else if (sym === 'X') drawActman(g, x, y, s, 0, { dead: true });
  else if (sym === 'G') drawOgre(g, x, y, s);
  else if (sym === 'D') drawDemon(g, x, y, s);
}

/** A small canvas showing a tile (for the palette and the legend). */
export const tileSwatch = (sym, cssSize = 28) => swatchCanvas(drawTileFull, sym, cssSize);
