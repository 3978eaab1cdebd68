// Vector drawings of Pengu's tiles and actor (no emoji font needed, identical in every
// browser). Colours follow the Okabe–Ito palette where colour carries meaning; every
// tile also differs by shape so colour is never the only cue.

import { ellipse, cellRing, swatchCanvas } from '../../draw.js';

export const TILE_INFO = {
  '#': { name: 'Wall', hint: 'stops a slide' },
  ' ': { name: 'Ice', hint: 'Pengu slides over it' },
  '0': { name: 'Snow', hint: 'Pengu stops on it' },
  '*': { name: 'Fish', hint: 'eaten when Pengu slides over' },
  U: { name: 'Bear', hint: 'deadly' },
  S: { name: 'Shark', hint: 'deadly' },
  P: { name: 'Pengu', hint: 'start cell (on ice)' },
};

const FLAT = {
  '#': [61, 75, 99],
  ' ': [214, 236, 248],
  '0': [250, 252, 255],
  '*': [230, 159, 0],
  U: [123, 74, 36],
  S: [0, 114, 178],
  P: [28, 36, 48],
};


function ice(g, x, y, s) {
  const grad = g.createLinearGradient(x, y, x + s, y + s);
  grad.addColorStop(0, '#e4f4fc');
  grad.addColorStop(1, '#c7e4f5');
  g.fillStyle = grad;
  g.fillRect(x, y, s, s);
  if (s >= 12) {
    g.strokeStyle = 'rgba(255,255,255,0.85)';
    g.lineCap = 'round';
    g.lineWidth = Math.max(1, s * 0.035);
    g.beginPath();
    g.moveTo(x + s * 0.16, y + s * 0.38);
    g.lineTo(x + s * 0.38, y + s * 0.16);
    g.moveTo(x + s * 0.18, y + s * 0.56);
    g.lineTo(x + s * 0.56, y + s * 0.18);
    g.stroke();
  }
}

function wall(g, x, y, s) {
  g.fillStyle = '#3d4b63';
  g.fillRect(x, y, s, s);
  if (s < 10) return;
  const lw = Math.max(1, Math.round(s * 0.04));
  g.fillStyle = '#334057';
  g.fillRect(x, y + s / 2 - lw / 2, s, lw);
  g.fillRect(x + s / 2 - lw / 2, y, lw, s / 2);
  g.fillRect(x + s / 4 - lw / 2, y + s / 2, lw, s / 2);
  g.fillRect(x + (3 * s) / 4 - lw / 2, y + s / 2, lw, s / 2);
  g.fillStyle = 'rgba(255,255,255,0.07)';
  g.fillRect(x, y, s, lw);
  g.fillRect(x, y + s / 2 + lw / 2, s, lw);
}

function snow(g, x, y, s) {
  g.fillStyle = '#f9fbfd';
  g.fillRect(x, y, s, s);
  ellipse(g, x + s * 0.3, y + s * 0.86, s * 0.34, s * 0.16, '#e2eaf2');
  ellipse(g, x + s * 0.76, y + s * 0.9, s * 0.3, s * 0.13, '#e2eaf2');
  ellipse(g, x + s * 0.5, y + s * 0.78, s * 0.22, s * 0.1, '#edf2f7');
  if (s >= 12) {
    const dots = [[0.2, 0.22], [0.55, 0.14], [0.82, 0.32], [0.36, 0.46], [0.7, 0.58], [0.14, 0.64]];
    for (const [dx, dy] of dots) ellipse(g, x + dx * s, y + dy * s, s * 0.035, s * 0.035, '#a9b8c8');
  }
  g.strokeStyle = 'rgba(120,140,165,0.35)';
  g.lineWidth = Math.max(1, s * 0.02);
  g.strokeRect(x + 0.5, y + 0.5, s - 1, s - 1);
}

export function drawFish(g, x, y, s, color = '#E69F00') {
  const cx = x + s * 0.46;
  const cy = y + s * 0.52;
  g.beginPath();
  g.moveTo(cx + s * 0.19, cy);
  g.lineTo(cx + s * 0.38, cy - s * 0.15);
  g.lineTo(cx + s * 0.34, cy);
  g.lineTo(cx + s * 0.38, cy + s * 0.15);
  g.closePath();
  g.fillStyle = color;
  g.fill();
  g.lineWidth = Math.max(1, s * 0.03);
  g.strokeStyle = '#8a5a00';
  g.stroke();
  g.beginPath();
  g.ellipse(cx, cy, s * 0.25, s * 0.15, 0, 0, Math.PI * 2);
  g.fill();
  g.stroke();
  if (s >= 10) {
    ellipse(g, cx - s * 0.13, cy - s * 0.03, s * 0.035, s * 0.035, '#1c2430');
    g.beginPath();
    g.moveTo(cx - s * 0.02, cy - s * 0.12);
    g.quadraticCurveTo(cx + s * 0.04, cy, cx - s * 0.02, cy + s * 0.12);
    g.lineWidth = Math.max(1, s * 0.025);
    g.stroke();
  }
}

function bear(g, x, y, s) {
  g.fillStyle = '#fbe6d9';
  g.fillRect(x, y, s, s);
  const cx = x + s / 2;
  const cy = y + s * 0.54;
  for (const side of [-1, 1]) {
    ellipse(g, cx + side * s * 0.21, cy - s * 0.21, s * 0.1, s * 0.1, '#6b3f1d');
    ellipse(g, cx + side * s * 0.21, cy - s * 0.21, s * 0.05, s * 0.05, '#d8b08c');
  }
  ellipse(g, cx, cy, s * 0.29, s * 0.27, '#7b4a24');
  ellipse(g, cx, cy + s * 0.09, s * 0.14, s * 0.1, '#d8b08c');
  ellipse(g, cx, cy + s * 0.04, s * 0.055, s * 0.038, '#1c1c1c');
  for (const side of [-1, 1]) ellipse(g, cx + side * s * 0.11, cy - s * 0.06, s * 0.032, s * 0.032, '#1c1c1c');
}

function shark(g, x, y, s) {
  const grad = g.createLinearGradient(x, y, x, y + s);
  grad.addColorStop(0, '#2f86c2');
  grad.addColorStop(1, '#0b5d94');
  g.fillStyle = grad;
  g.fillRect(x, y, s, s);
  const base = y + s * 0.7;
  // A dorsal fin: straight leading edge raked back, concave trailing edge.
  g.beginPath();
  g.moveTo(x + s * 0.16, base);
  g.quadraticCurveTo(x + s * 0.4, y + s * 0.42, x + s * 0.7, y + s * 0.14);
  g.quadraticCurveTo(x + s * 0.6, y + s * 0.42, x + s * 0.8, base);
  g.closePath();
  g.fillStyle = '#4b5868';
  g.fill();
  g.lineWidth = Math.max(1, s * 0.03);
  g.strokeStyle = '#1f2733';
  g.stroke();
  g.beginPath();
  g.moveTo(x + s * 0.3, base - s * 0.06);
  g.quadraticCurveTo(x + s * 0.46, y + s * 0.44, x + s * 0.62, y + s * 0.26);
  g.strokeStyle = 'rgba(255,255,255,0.35)';
  g.stroke();
  g.strokeStyle = 'rgba(255,255,255,0.9)';
  g.lineWidth = Math.max(1, s * 0.045);
  g.lineCap = 'round';
  g.beginPath();
  const wy = y + s * 0.78;
  g.moveTo(x + s * 0.06, wy);
  g.quadraticCurveTo(x + s * 0.19, wy - s * 0.08, x + s * 0.32, wy);
  g.quadraticCurveTo(x + s * 0.45, wy + s * 0.08, x + s * 0.58, wy);
  g.quadraticCurveTo(x + s * 0.71, wy - s * 0.08, x + s * 0.84, wy);
  g.quadraticCurveTo(x + s * 0.9, wy + s * 0.04, x + s * 0.94, wy);
  g.stroke();
}

/** Pengu in a cell box; `facing` -1 (west) or 1 (east). */
export function drawPengu(g, x, y, s, facing = 1, alpha = 1) {
  const cx = x + s / 2;
  g.save();
  g.globalAlpha = alpha;
  ellipse(g, cx, y + s * 0.9, s * 0.26, s * 0.055, 'rgba(10,30,60,0.18)');
  for (const side of [-1, 1]) ellipse(g, cx + side * s * 0.27, y + s * 0.6, s * 0.07, s * 0.19, '#141b26', side * 0.35);
  ellipse(g, cx, y + s * 0.55, s * 0.27, s * 0.36, '#1c2430');
  ellipse(g, cx + facing * s * 0.02, y + s * 0.63, s * 0.18, s * 0.25, '#ffffff');
  for (const side of [-1, 1]) {
    ellipse(g, cx + side * s * 0.1, y + s * 0.9, s * 0.09, s * 0.04, '#E69F00');
  }
  if (s >= 10) {
    for (const side of [-1, 1]) {
      const ex = cx + side * s * 0.09 + facing * s * 0.02;
      ellipse(g, ex, y + s * 0.36, s * 0.055, s * 0.06, '#ffffff');
      ellipse(g, ex + facing * s * 0.018, y + s * 0.365, s * 0.027, s * 0.032, '#111');
    }
  }
  g.beginPath();
  const bx = cx + facing * s * 0.03;
  g.moveTo(bx - s * 0.07, y + s * 0.44);
  g.lineTo(bx + s * 0.07, y + s * 0.44);
  g.lineTo(bx + facing * s * 0.05, y + s * 0.53);
  g.closePath();
  g.fillStyle = '#E69F00';
  g.fill();
  g.restore();
}

function drawSkull(g, x, y, s) {
  const cx = x + s / 2;
  const cy = y + s / 2;
  ellipse(g, cx, cy, s * 0.42, s * 0.42, '#D55E00');
  g.lineWidth = Math.max(1, s * 0.04);
  g.strokeStyle = '#fff';
  g.beginPath();
  g.arc(cx, cy, s * 0.42, 0, Math.PI * 2);
  g.stroke();
  ellipse(g, cx, cy - s * 0.05, s * 0.22, s * 0.2, '#fff');
  g.fillStyle = '#fff';
  g.fillRect(cx - s * 0.12, cy + s * 0.08, s * 0.24, s * 0.13);
  for (const side of [-1, 1]) ellipse(g, cx + side * s * 0.085, cy - s * 0.05, s * 0.06, s * 0.065, '#3a1500');
  g.fillStyle = '#3a1500';
  g.beginPath();
  g.moveTo(cx, cy + s * 0.02);
  g.lineTo(cx - s * 0.03, cy + s * 0.08);
  g.lineTo(cx + s * 0.03, cy + s * 0.08);
  g.fill();
  g.fillRect(cx - s * 0.01, cy + s * 0.12, s * 0.02, s * 0.09);
  g.fillRect(cx - s * 0.07, cy + s * 0.12, s * 0.02, s * 0.09);
  g.fillRect(cx + s * 0.05, cy + s * 0.12, s * 0.02, s * 0.09);
}

export const penguPainter = {
  drawTile(g, sym, x, y, s) {
    switch (sym) {
      case '#': return wall(g, x, y, s);
      case '0': return snow(g, x, y, s);
      case '*': ice(g, x, y, s); return drawFish(g, x, y, s);
      case 'U': return bear(g, x, y, s);
      case 'S': return shark(g, x, y, s);
      case 'P': ice(g, x, y, s); return drawPengu(g, x, y, s);
      default: return ice(g, x, y, s);
    }
  },
  flatColor(sym) {
    return FLAT[sym] || FLAT[' '];
  },
  drawActor(g, a, x, y, s) {
    if (a.kind === 'dead') {
      drawPengu(g, x, y, s, a.facing || 1, 0.35);
      drawSkull(g, x, y, s);
    } else {
      drawPengu(g, x, y, s, a.facing || 1);
    }
  },
  drawMark(g, m, x, y, s) {
    if (m.kind === 'trail') {
      ellipse(g, x + s / 2, y + s / 2, s * 0.07, s * 0.07, 'rgba(0,114,178,0.55)');
    } else if (m.kind === 'target' || m.kind === 'bad') {
      cellRing(g, x, y, s, m.kind === 'bad' ? 'rgba(213,94,0,0.9)' : 'rgba(0,114,178,0.95)', m.kind === 'bad');
    } else if (m.kind === 'start') {
      g.save();
      g.strokeStyle = 'rgba(0,114,178,0.45)';
      g.lineWidth = Math.max(1, s * 0.04);
      g.setLineDash([s * 0.08, s * 0.08]);
      g.beginPath();
      g.arc(x + s / 2, y + s / 2, s * 0.3, 0, Math.PI * 2);
      g.stroke();
      g.restore();
    }
  },
};

/** A small canvas showing a tile (for the palette and the legend). */
export const tileSwatch = (sym, cssSize = 28) => swatchCanvas(penguPainter.drawTile, sym, cssSize);
