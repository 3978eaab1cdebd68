// Canvas helpers the games' tile drawings and the board share, and the viridis colour
// ramp (perceptually uniform and colour-blind safe) of the heat-maps.

const STOPS = ['#440154', '#482878', '#3e4989', '#31688e', '#26828e', '#1f9e89', '#35b779', '#6ece58', '#b5de2b', '#fde725'];
/** @type {{rgb: number[], css: string, light: boolean}[] | null} the ramp's 256 colours, made on first use */
let ramp = null;

function makeRamp() {
  const rgb = STOPS.map((hx) => [1, 3, 5].map((i) => parseInt(hx.slice(i, i + 2), 16)));
  const out = [];
  for (let k = 0; k < 256; k++) {
    const t = (k / 255) * (rgb.length - 1);
    const i = Math.min(rgb.length - 2, Math.floor(t));
    const f = t - i;
    const c = rgb[i].map((v, j) => Math.round(v + (rgb[i + 1][j] - v) * f));
    const lum = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    out.push({ rgb: c, css: `rgb(${c[0]},${c[1]},${c[2]})`, light: lum > 140 });
  }
  return out;
}

/** Colour for t in [0, 1]: `{rgb, css, light}`. */
export function viridis(t) {
  ramp ??= makeRamp();
  return ramp[Math.max(0, Math.min(255, Math.round(t * 255)))];
}

/** CSS linear-gradient of the ramp (for legends). */
export const viridisGradient = `linear-gradient(90deg, ${STOPS.join(', ')})`;

export function ellipse(g, x, y, rx, ry, fill, rot = 0) {
  g.beginPath();
  g.ellipse(x, y, Math.max(0.1, rx), Math.max(0.1, ry), rot, 0, Math.PI * 2);
  g.fillStyle = fill;
  g.fill();
}

/** A rounded square inside a cell (hover target, illegal move, fire), dashed if `dashed`. */
export function cellRing(g, x, y, s, color, dashed = false) {
  const lw = Math.max(2, s * 0.07);
  g.save();
  g.lineWidth = lw;
  g.setLineDash(dashed ? [lw * 1.5, lw * 1.5] : []);
  g.strokeStyle = color;
  g.beginPath();
  g.roundRect(x + lw, y + lw, s - 2 * lw, s - 2 * lw, s * 0.18);
  g.stroke();
  g.restore();
}

/** A small canvas showing a tile (for the palette and the legend): `draw(g, sym, x, y, s)`. */
export function swatchCanvas(draw, sym, cssSize = 28) {
  const c = document.createElement('canvas');
  const dpr = window.devicePixelRatio || 1;
  const s = Math.round(cssSize * dpr);
  c.width = c.height = s;
  c.style.width = c.style.height = `${cssSize}px`;
  draw(c.getContext('2d'), sym, 0, 0, s);
  return c;
}

/** A cell the editor's verdict marks (see level-check.js): `kind` is 'unreachable' (a
 * red ring and cross: an item that can never be taken), 'dead' (a grey dot: never
 * rested on) or 'lost' (a red hatch: the player is lost from here). */
export function checkMark(g, kind, x, y, s) {
  g.save();
  if (kind === 'unreachable') {
    cellRing(g, x, y, s, 'rgba(213,0,0,0.95)');
    const m = s * 0.28;
    g.strokeStyle = 'rgba(213,0,0,0.95)';
    g.lineWidth = Math.max(2, s * 0.08);
    g.beginPath();
    g.moveTo(x + m, y + m);
    g.lineTo(x + s - m, y + s - m);
    g.moveTo(x + s - m, y + m);
    g.lineTo(x + m, y + s - m);
    g.stroke();
  } else if (kind === 'lost') {
    g.fillStyle = 'rgba(213,0,0,0.22)';
    g.fillRect(x, y, s, s);
    g.strokeStyle = 'rgba(213,0,0,0.5)';
    g.lineWidth = Math.max(1, s * 0.04);
    g.beginPath();
    for (let k = -s; k < s; k += s / 4) {
      g.moveTo(x + Math.max(0, k), y + Math.max(0, -k));
      g.lineTo(x + Math.min(s, s + k), y + Math.min(s, s - k));
    }
    g.stroke();
  } else {
    ellipse(g, x + s / 2, y + s / 2, s * 0.1, s * 0.1, 'rgba(60,60,60,0.55)');
  }
  g.restore();
}
