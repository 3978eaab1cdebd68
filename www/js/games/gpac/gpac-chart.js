// Small SVG charts for the GPac lab: a line chart (evaluations against mean and best
// fitness) and a scatter (the population's two objectives with the non-dominated front).
// No library: a fixed viewBox scaled to the panel's width, "nice" ticks, and a legend.

const NS = 'http://www.w3.org/2000/svg';
const W = 520;
const H = 270;
const PAD = { left: 56, right: 14, top: 12, bottom: 40 };

function el(name, attrs = {}, text) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) if (v != null) e.setAttribute(k, String(v));
  if (text != null) e.textContent = text;
  return e;
}

/** About `n` round tick values covering [lo, hi]. */
export function niceTicks(lo, hi, n = 5) {
  if (!(hi > lo)) {
    const d = Math.abs(lo) || 1;
    lo -= d * 0.5;
    hi += d * 0.5;
  }
  const raw = (hi - lo) / n;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((k) => k * mag).find((s) => s >= raw) || 10 * mag;
  const ticks = [];
  for (let v = Math.ceil(lo / step - 1e-9) * step; v <= hi + 1e-9; v += step) ticks.push(Math.abs(v) < 1e-9 ? 0 : v);
  return { ticks, lo: Math.min(lo, ticks[0] ?? lo), hi: Math.max(hi, ticks[ticks.length - 1] ?? hi) };
}

const fmtTick = (v) => (Math.abs(v) >= 10000 ? `${Math.round(v / 1000)}k` : String(Math.round(v * 100) / 100));

/** Axes, grid and labels; returns the scales. */
function frame(svg, { xs, ys, xLabel, yLabel }) {
  const x = niceTicks(xs[0], xs[1]);
  const y = niceTicks(ys[0], ys[1]);
  const px = (v) => PAD.left + ((v - x.lo) / (x.hi - x.lo || 1)) * (W - PAD.left - PAD.right);
  const py = (v) => H - PAD.bottom - ((v - y.lo) / (y.hi - y.lo || 1)) * (H - PAD.top - PAD.bottom);
  const g = el('g', { class: 'axes' });
  for (const t of y.ticks) {
    g.append(el('line', { x1: PAD.left, x2: W - PAD.right, y1: py(t), y2: py(t), class: 'grid' }));
    g.append(el('text', { x: PAD.left - 6, y: py(t) + 4, 'text-anchor': 'end' }, fmtTick(t)));
  }
  for (const t of x.ticks) {
    g.append(el('line', { x1: px(t), x2: px(t), y1: PAD.top, y2: H - PAD.bottom, class: 'grid' }));
    g.append(el('text', { x: px(t), y: H - PAD.bottom + 16, 'text-anchor': 'middle' }, fmtTick(t)));
  }
  g.append(el('rect', { x: PAD.left, y: PAD.top, width: W - PAD.left - PAD.right, height: H - PAD.top - PAD.bottom, class: 'box' }));
  g.append(el('text', { x: (PAD.left + W - PAD.right) / 2, y: H - 6, 'text-anchor': 'middle', class: 'label' }, xLabel));
  g.append(el('text', { x: 14, y: (PAD.top + H - PAD.bottom) / 2, 'text-anchor': 'middle', class: 'label', transform: `rotate(-90 14 ${(PAD.top + H - PAD.bottom) / 2})` }, yLabel));
  svg.append(g);
  return { px, py };
}

function prepare(svg) {
  svg.replaceChildren();
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
}

function empty(svg, text) {
  svg.append(el('text', { x: W / 2, y: H / 2, 'text-anchor': 'middle', class: 'empty' }, text));
}

/**
 * series: [{points: [[x, y]], color, width, dash, opacity, marks}] drawn in order;
 * xDomain: [lo, hi] (the y domain comes from the points).
 */
/**
 * @typedef {{points: number[][], color: string, width: number, opacity?: number, dash?: string, cls: string, marks?: boolean}} Series
 */

/**
 * @param {SVGSVGElement} svg
 * @param {{series: Series[], xDomain?: number[], xLabel?: string, yLabel?: string, emptyText?: string}} chart
 */
export function lineChart(svg, { series, xDomain, xLabel, yLabel, emptyText = 'No data yet' }) {
  prepare(svg);
  const all = series.flatMap((s) => s.points);
  if (!all.length) {
    frame(svg, { xs: xDomain, ys: [0, 1], xLabel, yLabel });
    empty(svg, emptyText);
    return;
  }
  const ys = [Math.min(...all.map((p) => p[1])), Math.max(...all.map((p) => p[1]))];
  const { px, py } = frame(svg, { xs: [Math.min(xDomain[0], ...all.map((p) => p[0])), Math.max(xDomain[1], ...all.map((p) => p[0]))], ys, xLabel, yLabel });
  for (const s of series) {
    if (!s.points.length) continue;
    const d = s.points.map((p, i) => `${i ? 'L' : 'M'}${px(p[0]).toFixed(1)},${py(p[1]).toFixed(1)}`).join('');
    svg.append(el('path', { d, fill: 'none', stroke: s.color, 'stroke-width': s.width || 2, 'stroke-dasharray': s.dash, opacity: s.opacity, class: s.cls }));
    if (s.marks) {
      for (const p of s.points) svg.append(el('circle', { cx: px(p[0]), cy: py(p[1]), r: 2.6, fill: s.color, class: s.cls ? `${s.cls}-mark` : null }));
    }
  }
}

/**
 * groups: [{points: [[x, y]], color, r, stroke}], front: [[x, y]] joined as a staircase
 * (both objectives maximised).
 */
export function scatterChart(svg, { groups, front = [], xLabel, yLabel, emptyText = 'No population yet' }) {
  prepare(svg);
  const all = groups.flatMap((g) => g.points);
  if (!all.length) {
    frame(svg, { xs: [0, 1], ys: [0, 1], xLabel, yLabel });
    empty(svg, emptyText);
    return;
  }
  const { px, py } = frame(svg, {
    xs: [Math.min(...all.map((p) => p[0])), Math.max(...all.map((p) => p[0]))],
    ys: [Math.min(...all.map((p) => p[1])), Math.max(...all.map((p) => p[1]))],
    xLabel, yLabel,
  });
  if (front.length > 1) {
    const pts = [...front].sort((a, b) => a[0] - b[0]);
    let d = `M${px(pts[0][0])},${py(pts[0][1])}`;
    for (let i = 1; i < pts.length; i++) d += `H${px(pts[i][0])}V${py(pts[i][1])}`;
    svg.append(el('path', { d, fill: 'none', stroke: '#009E73', 'stroke-width': 2, class: 'front-line' }));
  }
  for (const g of groups) {
    for (const p of g.points) {
      svg.append(el('circle', { cx: px(p[0]), cy: py(p[1]), r: g.r || 3, fill: g.color, stroke: g.stroke, 'stroke-width': g.stroke ? 1.2 : null, opacity: g.opacity, class: g.cls }));
    }
  }
}

/** The non-dominated points of `pts` (both coordinates maximised). */
export function paretoFront(pts) {
  const sorted = [...pts].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
  const front = [];
  let bestY = -Infinity;
  for (const p of sorted) {
    if (p[1] > bestY) {
      front.push(p);
      bestY = p[1];
    }
  }
  return front;
}
