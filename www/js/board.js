// The board canvas: HiDPI-crisp tile rendering (integer device pixels per cell), a
// cached static layer, per-frame overlays (patches, heat-map, frontier, marks), the
// actors and marks on top of them. Game-agnostic: a game supplies a painter and a
// scene function.

import { viridis, checkMark } from './draw.js';

let firstBoardMarked = false;

/** The narrow layout of style.css (one column). */
const NARROW = matchMedia('(max-width: 960px)');
/** The narrow layout, but not the embed view (its board fills the iframe). */
const narrow = () => NARROW.matches && !document.body.classList.contains('embed');
/** A pointer that moves less than this (CSS px) taps. */
export const TAP_SLOP = 10;

/** Largest cell when zoomed in, in CSS pixels. */
const MAX_ZOOM_CELL = 64;
/** Largest canvas side in device pixels (browsers refuse much larger canvases). */
const MAX_CANVAS = 8192;

export class Board {
  /** @param {HTMLElement} host element that the canvas fills (its size drives the cell size) */
  constructor(host) {
    this.host = host;
    this.canvas = document.createElement('canvas');
    this.canvas.id = 'board';
    this.canvas.setAttribute('role', 'img');
    this.canvas.setAttribute('aria-label', 'game board');
    this.canvas.tabIndex = 0;
    host.append(this.canvas);
    this.ctx = this.canvas.getContext('2d');
    this.static = document.createElement('canvas');
    this.sctx = this.static.getContext('2d');
    this.rows = 1;
    this.cols = 1;
    this.cell = 8; // device pixels per cell
    this.dpr = 1;
    this.maxCell = 96; // CSS pixels
    this.zoom = 1; // × the cell size that fits the host; above 1 the host scrolls (pan)
    /** Whether `fit` waits for the next drawing (`fitSoon`). */
    this.fitPending = false;
    /** @type {import('./contracts.js').Painter | null} */
    this.painter = null;
    /** @type {() => import('./contracts.js').Scene | null} */
    this.sceneFn = () => null;
    /** @type {((zoom: number) => void) | null} told of every zoom change (the zoom buttons) */
    this.onZoom = null;
    this.staticKey = null;
    this.sprites = new Map();
    this.frame = 0;
    this.onResize = () => this.fit();
    this.observer = new ResizeObserver(this.onResize);
    this.observer.observe(host);
    addEventListener('resize', this.onResize);
    NARROW.addEventListener('change', this.onResize);
    // Ctrl+wheel (a trackpad pinch sends it too) zooms at the pointer; the wheel
    // alone scrolls the zoomed board (pan); two fingers pinch to zoom and pan.
    this.canvas.addEventListener('wheel', (e) => {
      if (!e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      this.zoomBy(Math.exp(-e.deltaY * 0.0025), e.clientX, e.clientY);
    }, { passive: false });
    /** Whether a one-pointer drag pans (input.js narrows it: not while painting). */
    this.dragPans = () => this.zoom > 1;
    this.gesture = new Gesture(this);
  }

  /** Remove the canvas and stop listening (when another game takes the stage). */
  destroy() {
    this.observer.disconnect();
    removeEventListener('resize', this.onResize);
    NARROW.removeEventListener('change', this.onResize);
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = -1; // never schedule again
    this.sceneFn = () => null;
    this.canvas.remove();
    this.host.style.height = '';
    this.host.classList.remove('zoomed');
  }

  setPainter(painter) {
    this.painter = painter;
    this.sprites.clear();
    this.staticKey = null;
    this.invalidate();
  }

  setScene(fn) {
    this.sceneFn = fn;
    this.invalidate();
  }

  setGrid(rows, cols) {
    if (rows === this.rows && cols === this.cols) return;
    this.rows = rows;
    this.cols = cols;
    this.zoom = 1; // another size of board: fit it first
    this.host.classList.remove('zoomed');
    this.fitSoon();
    if (this.onZoom) this.onZoom(this.zoom);
  }

  setMaxCell(px) {
    this.maxCell = px;
    this.fitSoon();
  }

  /**
   * Fit the board at its next drawing (`draw`), not now: reading the host's size lays
   * the page out, which is done once for the frame rather than after each change (a
   * game's mount changes the grid and the panels around the board).
   */
  fitSoon() {
    this.fitPending = true;
    this.invalidate();
  }

  /** The CSS cell size that fits the host (zoom 1). */
  fitCss() {
    const w = Math.max(40, this.host.clientWidth - (narrow() ? 8 : 24));
    // Narrow screens: the frame follows the board, so the width and 70% of the
    // viewport's height decide (as the CSS of max-width 960px says).
    const hgt = narrow() ? Math.max(40, innerHeight * 0.7 - 24) : Math.max(40, this.host.clientHeight - 24);
    // Not rounded: `fit` rounds the cell to whole device pixels (a HiDPI phone gets
    // half-pixel CSS cells and a board that fills its width).
    return Math.max(3, Math.min(this.maxCell, Math.min(w / this.cols, hgt / this.rows)));
  }

  /** The largest zoom: cells of MAX_ZOOM_CELL CSS px, canvases of MAX_CANVAS device px a side. */
  maxZoom() {
    const dpr = window.devicePixelRatio || 1;
    const fit = this.fitCss();
    const bySide = MAX_CANVAS / (dpr * Math.max(this.rows, this.cols) * fit);
    return Math.max(1, Math.min(MAX_ZOOM_CELL / fit, bySide));
  }

  /**
   * Zoom to `z` (1 = fit the host), keeping the point (clientX, clientY) of the board
   * where it is (default: the host's centre).
   */
  setZoom(z, clientX, clientY) {
    const next = Math.max(1, Math.min(this.maxZoom(), z));
    if (Math.abs(next - this.zoom) < 1e-3) return;
    const host = this.host;
    const hr = host.getBoundingClientRect();
    const ax = clientX ?? hr.left + hr.width / 2;
    const ay = clientY ?? hr.top + hr.height / 2;
    const cr = this.canvas.getBoundingClientRect();
    const fx = cr.width ? (ax - cr.left) / cr.width : 0.5;
    const fy = cr.height ? (ay - cr.top) / cr.height : 0.5;
    this.zoom = next;
    this.fit();
    const nr = this.canvas.getBoundingClientRect();
    host.scrollLeft += nr.left + fx * nr.width - ax;
    host.scrollTop += nr.top + fy * nr.height - ay;
    this.host.classList.toggle('zoomed', this.zoom > 1);
    if (this.onZoom) this.onZoom(this.zoom);
  }

  /** Scroll the zoomed board by (dx, dy) CSS px (a drag pans it). */
  panBy(dx, dy) {
    this.host.scrollLeft += dx;
    this.host.scrollTop += dy;
  }

  /** Zoom in (f > 1) or out around a client point. */
  zoomBy(f, clientX, clientY) {
    this.setZoom(this.zoom * f, clientX, clientY);
  }

  /** Recompute the cell size from the host's size, the zoom and the device-pixel ratio. */
  fit() {
    this.fitPending = false;
    const dpr = window.devicePixelRatio || 1;
    const fitCss = this.fitCss();
    const css = fitCss * Math.min(this.zoom, this.maxZoom());
    this.keepHost(Math.max(2, Math.floor(fitCss * dpr)) * this.rows / dpr);
    const cell = Math.max(2, Math.floor(css * dpr));
    if (cell !== this.cell || dpr !== this.dpr || this.canvas.width !== cell * this.cols ||
        this.canvas.height !== cell * this.rows) {
      this.cell = cell;
      this.dpr = dpr;
      this.canvas.width = cell * this.cols;
      this.canvas.height = cell * this.rows;
      this.canvas.style.width = `${(cell * this.cols) / dpr}px`;
      this.canvas.style.height = `${(cell * this.rows) / dpr}px`;
      this.static.width = this.canvas.width;
      this.static.height = this.canvas.height;
      this.sprites.clear();
      this.staticKey = null;
    }
    this.invalidate();
  }

  /**
   * In the narrow layout the host follows the board's height; zoomed, it keeps the
   * fitted board's height (`fitted` CSS px) and scrolls, so the page does not grow.
   * @param {number} fitted
   */
  keepHost(fitted) {
    let height = '';
    if (narrow() && this.zoom > 1) {
      const cs = getComputedStyle(this.host);
      const px = (k) => parseFloat(cs.getPropertyValue(k)) || 0;
      height = `${fitted + px('padding-top') + px('padding-bottom') + px('border-top-width') + px('border-bottom-width')}px`;
    }
    if (this.host.style.height !== height) this.host.style.height = height;
  }

  /** Cell under a client point, or null. */
  cellAt(clientX, clientY) {
    const r = this.canvas.getBoundingClientRect();
    const col = Math.floor(((clientX - r.left) / r.width) * this.cols);
    const row = Math.floor(((clientY - r.top) / r.height) * this.rows);
    if (row < 0 || col < 0 || row >= this.rows || col >= this.cols) return null;
    return { row, col };
  }

  /** Centre of a cell in client coordinates. */
  cellCenter(row, col) {
    const r = this.canvas.getBoundingClientRect();
    return { x: r.left + ((col + 0.5) * r.width) / this.cols, y: r.top + ((row + 0.5) * r.height) / this.rows };
  }

  invalidate() {
    if (this.frame === -1) return;
    if (!this.frame) this.frame = requestAnimationFrame(() => this.draw());
  }

  sprite(sym) {
    let c = this.sprites.get(sym);
    if (!c) {
      c = document.createElement('canvas');
      c.width = c.height = this.cell;
      this.painter.drawTile(c.getContext('2d'), sym, 0, 0, this.cell);
      this.sprites.set(sym, c);
    }
    return c;
  }

  drawStatic(scene) {
    const { sctx: g, cell: s, rows, cols } = this;
    const tiles = scene.tiles;
    g.clearRect(0, 0, this.static.width, this.static.height);
    if (s < 6) {
      // Tiny cells: one flat colour per cell, scaled up without smoothing.
      const img = new ImageData(cols, rows);
      for (let i = 0; i < rows * cols; i++) {
        const [r, gr, b] = this.painter.flatColor(String.fromCharCode(tiles[i]));
        img.data[i * 4] = r;
        img.data[i * 4 + 1] = gr;
        img.data[i * 4 + 2] = b;
        img.data[i * 4 + 3] = 255;
      }
      const tmp = document.createElement('canvas');
      tmp.width = cols;
      tmp.height = rows;
      tmp.getContext('2d').putImageData(img, 0, 0);
      g.imageSmoothingEnabled = false;
      g.drawImage(tmp, 0, 0, cols * s, rows * s);
      return;
    }
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        g.drawImage(this.sprite(String.fromCharCode(tiles[r * cols + c])), c * s, r * s);
      }
    }
    if (s >= 14) {
      g.strokeStyle = 'rgba(20, 40, 70, 0.10)';
      g.lineWidth = 1;
      g.beginPath();
      for (let r = 1; r < rows; r++) {
        g.moveTo(0, r * s + 0.5);
        g.lineTo(cols * s, r * s + 0.5);
      }
      for (let c = 1; c < cols; c++) {
        g.moveTo(c * s + 0.5, 0);
        g.lineTo(c * s + 0.5, rows * s);
      }
      g.stroke();
    }
  }

  draw() {
    this.frame = 0;
    const scene = this.sceneFn();
    if (!scene || !this.painter) return;
    if (scene.rows !== this.rows || scene.cols !== this.cols) {
      this.setGrid(scene.rows, scene.cols);
      return;
    }
    if (this.fitPending) {
      this.fit();
      // This drawing is the fitted board's: the one `fit` asked for is not needed.
      if (this.frame > 0) cancelAnimationFrame(this.frame);
      if (this.frame > 0) this.frame = 0;
    }
    const key = `${scene.tilesKey}:${this.cell}`;
    if (key !== this.staticKey) {
      this.drawStatic(scene);
      this.staticKey = key;
    }
    const { ctx, cell: s, cols } = this;
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.drawImage(this.static, 0, 0);
    for (const p of scene.patches || []) {
      const r = Math.floor(p.index / cols);
      const c = p.index % cols;
      if (s >= 6) ctx.drawImage(this.sprite(p.sym), c * s, r * s);
    }
    if (scene.heat) this.drawHeat(scene.heat, scene.tiles);
    for (const m of scene.marks || []) this.painter.drawMark(ctx, m, m.col * s, m.row * s, s);
    for (const m of scene.checks || []) checkMark(ctx, m.kind, m.col * s, m.row * s, s);
    for (const a of scene.actors || []) this.painter.drawActor(ctx, a, a.col * s, a.row * s, s);
    if (scene.actor) {
      const a = scene.actor;
      this.painter.drawActor(ctx, a, a.col * s, a.row * s, s);
    }
    for (const m of scene.top || []) this.painter.drawMark(ctx, m, m.col * s, m.row * s, s);
    if (!firstBoardMarked) {
      firstBoardMarked = true;
      performance.mark('gridlab:first-board'); // read by benches/first_board.mjs
    }
  }

  drawHeat(heat, tiles) {
    const { ctx, cell: s, cols, rows } = this;
    const { counts, max, frontier } = heat;
    const n = rows * cols;
    const denom = Math.log1p(Math.max(1, max));
    ctx.save();
    ctx.globalAlpha = 0.74;
    for (let i = 0; i < n; i++) {
      const v = counts[i];
      if (!v) continue;
      ctx.fillStyle = viridis(Math.log1p(v) / denom).css;
      ctx.fillRect((i % cols) * s, Math.floor(i / cols) * s, s, s);
    }
    ctx.restore();
    if (s >= 30) {
      ctx.font = `600 ${Math.round(s * 0.28)}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      for (let i = 0; i < n; i++) {
        const v = counts[i];
        if (!v) continue;
        const col = viridis(Math.log1p(v) / denom);
        ctx.fillStyle = col.light ? '#111' : '#fff';
        const label = v >= 10000 ? `${Math.round(v / 1000)}k` : String(v);
        ctx.fillText(label, (i % cols) * s + s / 2, Math.floor(i / cols) * s + s * 0.78);
      }
    }
    if (frontier && s < 12) {
      // Small cells: a dot in the middle, so the heat colour stays readable around it.
      const d = Math.max(1, Math.round(s / 3));
      const o = Math.floor((s - d) / 2);
      ctx.fillStyle = '#D55E00';
      for (let i = 0; i < n; i++) if (frontier[i]) ctx.fillRect((i % cols) * s + o, Math.floor(i / cols) * s + o, d, d);
    } else if (frontier) {
      const lw = Math.max(2, Math.round(s * 0.05));
      for (let i = 0; i < n; i++) {
        if (!frontier[i]) continue;
        const x = (i % cols) * s;
        const y = Math.floor(i / cols) * s;
        ctx.lineWidth = lw;
        ctx.strokeStyle = '#D55E00';
        ctx.strokeRect(x + lw / 2, y + lw / 2, s - lw, s - lw);
        if (s >= 12) {
          ctx.lineWidth = 1;
          ctx.strokeStyle = '#fff';
          ctx.strokeRect(x + lw + 0.5, y + lw + 0.5, s - 2 * lw - 1, s - 2 * lw - 1);
        }
      }
    }
    if (heat.current >= 0 && heat.current < n) {
      // The node expanded last: a black and white ring (on any heat colour).
      const x = (heat.current % cols) * s;
      const y = Math.floor(heat.current / cols) * s;
      const lw = Math.max(2, Math.round(s * 0.09));
      ctx.lineWidth = lw;
      ctx.strokeStyle = '#000';
      ctx.strokeRect(x + lw / 2, y + lw / 2, s - lw, s - lw);
      ctx.lineWidth = Math.max(1, lw / 2);
      ctx.strokeStyle = '#fff';
      ctx.strokeRect(x + lw * 1.25, y + lw * 1.25, s - lw * 2.5, s - lw * 2.5);
    }
    void tiles;
  }
}

/**
 * Pinch and pan on the board: the pointers down on the canvas, a pinch (two pointers)
 * zooming around their midpoint and panning with it, a one-pointer drag panning a
 * zoomed board. What it leaves to input.js: `multi` (a second pointer came down: the
 * sequence plays nothing) and `pans` (the first pointer's drag pans: only a tap plays).
 */
class Gesture {
  /** @param {Board} board */
  constructor(board) {
    this.board = board;
    /** @type {Map<number, {x: number, y: number}>} */
    this.points = new Map();
    this.multi = false;
    this.pans = false;
    /** @type {{d: number, z: number, x: number, y: number} | null} */
    this.pinch = null;
    const c = board.canvas;
    c.addEventListener('pointerdown', (e) => this.down(e));
    c.addEventListener('pointermove', (e) => this.move(e));
    c.addEventListener('pointerup', (e) => this.up(e));
    c.addEventListener('pointercancel', (e) => this.up(e));
  }

  /** The first two pointers' spread and midpoint. */
  span() {
    const [a, b] = [...this.points.values()];
    return { d: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  }

  /** @param {PointerEvent} e */
  down(e) {
    if (!this.points.size) {
      this.multi = false;
      this.pans = this.board.dragPans();
    }
    this.points.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (this.points.size === 2) {
      this.multi = true;
      this.pinch = { ...this.span(), z: this.board.zoom };
    }
  }

  /** @param {PointerEvent} e */
  move(e) {
    const p = this.points.get(e.pointerId);
    if (!p) return;
    const dx = p.x - e.clientX;
    const dy = p.y - e.clientY;
    p.x = e.clientX;
    p.y = e.clientY;
    if (this.pinch) {
      // Zoom around the fingers' midpoint, then follow its move (a two-finger pan).
      const s = this.span();
      this.board.setZoom(this.pinch.z * (s.d / this.pinch.d), s.x, s.y);
      this.board.panBy(this.pinch.x - s.x, this.pinch.y - s.y);
      this.pinch.x = s.x;
      this.pinch.y = s.y;
    } else if (this.pans && !this.multi) {
      this.board.panBy(dx, dy);
    }
  }

  /** @param {PointerEvent} e */
  up(e) {
    this.points.delete(e.pointerId);
    if (this.points.size < 2) this.pinch = null;
  }
}
