// Canvas helpers the games' tile drawings share.

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
