// Arena on the board: the states of a game as the server sends them (`{tick, state}`)
// kept in a `Track` (the maze of the round, the previous and the current state), and
// their drawing: the maze as thin walls with the hub, pellets, power pellets, landmines
// (to collect, dropped, armed), the four players (Okabe–Ito colours, seat numbers,
// power glow and countdown ring, greyed with a countdown while they wait in the hub)
// and the four ghosts, units interpolated between the two states (a jump of more than
// a cell, a trip to the hub, snaps).

import { arena_tournament_points } from '../../../pkg/gridlab_play.js';

export const SIDE = 16; // cells a side
export const CELL = 25; // points a cell
export const STEP_MS = 50; // a step of game time
export const HUB = [7 * SIDE + 7, 7 * SIDE + 8, 8 * SIDE + 7, 8 * SIDE + 8];

/** Okabe–Ito colours of the four seats (orange, sky blue, bluish green, reddish purple). */
export const SEAT_COLORS = ['#E69F00', '#56B4E9', '#009E73', '#CC79A7'];
const FLOOR = '#0b1326';
const WALL = '#5d86c7';
const PELLET = '#f3e9cf';
const POWER = '#F0E442';
const GHOST = '#e4e9f2';
const SCARED = '#0072B2';
const ARMED = '#D55E00';
const MINE = '#98a3b4';

const HEADING_ANGLE = { R: 0, D: Math.PI / 2, L: Math.PI, U: -Math.PI / 2 };
const HEADING_DELTA = { R: [1, 0], D: [0, 1], L: [-1, 0], U: [0, -1] };

/** The states of one game: the maze of the round, the previous and the current state. */
export class Track {
  constructor() {
    this.reset();
  }

  reset() {
    this.maze = null;
    this.mazeKey = 0;
    this.prev = null;
    this.cur = null;
    this.tick = 0;
  }

  /** A server line `{tick, state}` (text or object). Units keep their facing when they stand. */
  push(msg) {
    const m = typeof msg === 'string' ? JSON.parse(msg) : msg;
    const st = m && m.state;
    if (!st || !Array.isArray(st.players) || !Array.isArray(st.ghosts)) throw new Error('not an Arena state');
    if (Array.isArray(st.maze) && st.maze.length === SIDE * SIDE) {
      this.maze = st.maze;
      this.mazeKey++;
    }
    const old = this.cur;
    const face = (list, i, u) => u.dir || (old && old[list][i] && old[list][i].face) || (list === 'players' ? 'R' : 'L');
    st.players.forEach((p, i) => (p.face = face('players', i, p)));
    st.ghosts.forEach((g, i) => (g.face = face('ghosts', i, g)));
    const follows = old && m.tick === this.tick + 1 && st.round === old.round;
    this.prev = follows ? old : null;
    this.cur = st;
    this.tick = m.tick;
    return st;
  }

  /** Forget the previous state (after a seek: nothing to slide from). */
  still() {
    this.prev = null;
  }
}

/** A unit between its previous and current positions (snaps on a jump over a cell). */
export function lerpUnit(prev, cur, alpha) {
  if (!prev || alpha >= 1) return cur;
  const dx = cur.x - prev.x;
  const dy = cur.y - prev.y;
  if (Math.abs(dx) + Math.abs(dy) > CELL) return cur;
  const a = Math.max(0, alpha);
  return { ...cur, x: prev.x + dx * a, y: prev.y + dy * a, moved: prev };
}

/** mm:ss of a number of steps. */
export function clock(steps) {
  const s = Math.max(0, Math.ceil((steps * STEP_MS) / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

// ---- the maze, cached by maze and cell size --------------------------------------------

const mazeCache = { key: null, canvas: null };

function mazeImage(maze, mazeKey, s) {
  const key = `${mazeKey}:${s}:${maze ? 1 : 0}`;
  if (mazeCache.key === key) return mazeCache.canvas;
  const c = mazeCache.canvas || document.createElement('canvas');
  c.width = c.height = s * SIDE;
  const g = c.getContext('2d');
  g.clearRect(0, 0, c.width, c.height);
  // The hub: a lighter floor and a dashed outline.
  g.fillStyle = 'rgba(86, 180, 233, 0.10)';
  g.fillRect(7 * s, 7 * s, 2 * s, 2 * s);
  g.save();
  g.setLineDash([Math.max(2, s * 0.12), Math.max(2, s * 0.1)]);
  g.strokeStyle = 'rgba(200, 225, 255, 0.35)';
  g.lineWidth = Math.max(1, s * 0.03);
  g.strokeRect(7 * s + 1, 7 * s + 1, 2 * s - 2, 2 * s - 2);
  g.restore();
  if (maze) {
    g.strokeStyle = WALL;
    g.lineWidth = Math.max(2, s * 0.09);
    g.lineCap = 'round';
    g.beginPath();
    for (let cy = 0; cy < SIDE; cy++) {
      for (let cx = 0; cx < SIDE; cx++) {
        const m = maze[cy * SIDE + cx];
        const x = cx * s;
        const y = cy * s;
        const lw = g.lineWidth / 2;
        // Each wall once: top and left of every cell, right and bottom on the border.
        if (!(m & 1)) {
          g.moveTo(x, y + (cy ? 0 : lw));
          g.lineTo(x + s, y + (cy ? 0 : lw));
        }
        if (!(m & 8)) {
          g.moveTo(x + (cx ? 0 : lw), y);
          g.lineTo(x + (cx ? 0 : lw), y + s);
        }
        if (cx === SIDE - 1 && !(m & 2)) {
          g.moveTo(x + s - lw, y);
          g.lineTo(x + s - lw, y + s);
        }
        if (cy === SIDE - 1 && !(m & 4)) {
          g.moveTo(x, y + s - lw);
          g.lineTo(x + s, y + s - lw);
        }
      }
    }
    g.stroke();
  }
  mazeCache.key = key;
  mazeCache.canvas = c;
  return c;
}

// ---- the pieces --------------------------------------------------------------------------

function mineIcon(g, x, y, r, body, spikes) {
  g.save();
  g.strokeStyle = spikes;
  g.lineWidth = Math.max(1, r * 0.28);
  g.lineCap = 'round';
  g.beginPath();
  for (let k = 0; k < 8; k++) {
    const a = (k * Math.PI) / 4;
    g.moveTo(x + Math.cos(a) * r * 0.7, y + Math.sin(a) * r * 0.7);
    g.lineTo(x + Math.cos(a) * r * 1.35, y + Math.sin(a) * r * 1.35);
  }
  g.stroke();
  g.fillStyle = body;
  g.beginPath();
  g.arc(x, y, r, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = 'rgba(255, 255, 255, 0.55)';
  g.beginPath();
  g.arc(x - r * 0.35, y - r * 0.35, r * 0.28, 0, Math.PI * 2);
  g.fill();
  g.restore();
}

function drawItems(g, st, s, now) {
  const c = (cell) => [((cell % SIDE) + 0.5) * s, (Math.floor(cell / SIDE) + 0.5) * s];
  g.fillStyle = PELLET;
  const pr = Math.max(1.5, s * 0.075);
  g.beginPath();
  for (const cell of st.pellets || []) {
    const [x, y] = c(cell);
    g.moveTo(x + pr, y);
    g.arc(x, y, pr, 0, Math.PI * 2);
  }
  g.fill();
  const pulse = 1 + 0.1 * Math.sin(now / 160);
  g.strokeStyle = POWER;
  g.fillStyle = 'rgba(240, 228, 66, 0.35)';
  g.lineWidth = Math.max(2, s * 0.08);
  for (const cell of st.power || []) {
    const [x, y] = c(cell);
    g.beginPath();
    g.arc(x, y, s * 0.25 * pulse, 0, Math.PI * 2);
    g.fill();
    g.stroke();
  }
  for (const cell of st.mines || []) {
    const [x, y] = c(cell);
    mineIcon(g, x, y, s * 0.16, MINE, '#c9d2de');
  }
}

function drawLandmines(g, st, s, now) {
  const k = s / CELL;
  for (const m of st.landmines || []) {
    const x = (m.x + 0.5) * k;
    const y = (m.y + 0.5) * k;
    if (m.active) {
      g.save();
      g.strokeStyle = 'rgba(213, 94, 0, 0.7)';
      g.lineWidth = Math.max(1.5, s * 0.05);
      g.beginPath();
      g.arc(x, y, s * (0.3 + 0.05 * Math.sin(now / 120)), 0, Math.PI * 2);
      g.stroke();
      g.restore();
      mineIcon(g, x, y, s * 0.16, ARMED, '#ffb27a');
    } else {
      g.save();
      g.globalAlpha = 0.75;
      mineIcon(g, x, y, s * 0.14, '#5d6878', MINE);
      g.setLineDash([Math.max(2, s * 0.06), Math.max(2, s * 0.06)]);
      g.strokeStyle = '#c9d2de';
      g.lineWidth = Math.max(1, s * 0.03);
      g.beginPath();
      g.arc(x, y, s * 0.3, 0, Math.PI * 2);
      g.stroke();
      g.restore();
    }
  }
}

function countdown(g, x, y, s, wait) {
  const secs = Math.ceil((wait * STEP_MS) / 1000);
  g.save();
  g.globalAlpha = 1;
  g.font = `700 ${Math.max(9, Math.round(s * 0.34))}px system-ui, sans-serif`;
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  g.lineWidth = Math.max(2, s * 0.08);
  g.strokeStyle = 'rgba(0, 0, 0, 0.85)';
  g.strokeText(`${secs}s`, x, y - s * 0.5);
  g.fillStyle = '#ffffff';
  g.fillText(`${secs}s`, x, y - s * 0.5);
  g.restore();
}

function drawPlayer(g, p, i, s, { you, powerSteps, intent }) {
  const k = s / CELL;
  const x = (p.x + 0.5) * k;
  const y = (p.y + 0.5) * k;
  const r = s * 0.42;
  const color = SEAT_COLORS[i];
  const waiting = p.wait > 0;
  const angle = HEADING_ANGLE[p.face] || 0;
  const travelled = p.face === 'L' || p.face === 'R' ? p.x : p.y;
  const mouth = waiting ? 0.08 : 0.06 + 0.26 * Math.abs(Math.sin((travelled / 14) * Math.PI));
  g.save();
  if (waiting) g.globalAlpha = 0.45;
  if (p.power > 0 && !waiting) {
    g.shadowColor = color;
    g.shadowBlur = s * 0.6;
  }
  g.fillStyle = waiting ? '#8893a3' : color;
  g.beginPath();
  g.moveTo(x, y);
  g.arc(x, y, r, angle + mouth * Math.PI, angle + (2 - mouth) * Math.PI);
  g.closePath();
  g.fill();
  g.shadowBlur = 0;
  g.lineWidth = Math.max(1, s * 0.05);
  g.strokeStyle = waiting ? color : 'rgba(0, 0, 0, 0.55)';
  g.stroke();
  if (i === you) {
    // You: a white outline and a marker above.
    g.strokeStyle = '#ffffff';
    g.lineWidth = Math.max(1.5, s * 0.06);
    g.beginPath();
    g.arc(x, y, r + s * 0.07, 0, Math.PI * 2);
    g.stroke();
    g.fillStyle = '#ffffff';
    g.beginPath();
    g.moveTo(x - s * 0.14, y - r - s * 0.3);
    g.lineTo(x + s * 0.14, y - r - s * 0.3);
    g.lineTo(x, y - r - s * 0.13);
    g.closePath();
    g.fill();
  }
  // The seat number, on the body away from the mouth.
  const back = angle + Math.PI;
  const nx = x + Math.cos(back) * r * 0.35;
  const ny = y + Math.sin(back) * r * 0.35;
  g.font = `800 ${Math.max(8, Math.round(s * 0.4))}px system-ui, sans-serif`;
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  g.fillStyle = '#111820';
  g.fillText(String(i), nx, ny + s * 0.02);
  if (p.power > 0 && !waiting) {
    // The power countdown: a ring that empties.
    const f = Math.max(0, Math.min(1, p.power / (powerSteps || 200)));
    g.strokeStyle = 'rgba(255, 255, 255, 0.25)';
    g.lineWidth = Math.max(2, s * 0.08);
    g.beginPath();
    g.arc(x, y, r + s * 0.17, 0, Math.PI * 2);
    g.stroke();
    g.strokeStyle = POWER;
    g.beginPath();
    g.arc(x, y, r + s * 0.17, -Math.PI / 2, -Math.PI / 2 + f * Math.PI * 2);
    g.stroke();
  }
  if (intent && i === you && !waiting && intent !== p.dir) {
    // The turn you asked for, waiting for an open cell centre.
    const [dx, dy] = HEADING_DELTA[intent] || [0, 0];
    const ax = x + dx * s * 0.72;
    const ay = y + dy * s * 0.72;
    g.fillStyle = 'rgba(255, 255, 255, 0.9)';
    g.beginPath();
    g.moveTo(ax + dx * s * 0.16, ay + dy * s * 0.16);
    g.lineTo(ax - dy * s * 0.13, ay + dx * s * 0.13);
    g.lineTo(ax + dy * s * 0.13, ay - dx * s * 0.13);
    g.closePath();
    g.fill();
  }
  g.restore();
  if (waiting) countdown(g, x, y, s, p.wait);
}

function drawGhost(g, u, s, scared) {
  const k = s / CELL;
  const x = (u.x + 0.5) * k;
  const y = (u.y + 0.5) * k;
  const r = s * 0.38;
  const waiting = u.wait > 0;
  g.save();
  if (waiting) g.globalAlpha = 0.4;
  g.fillStyle = waiting ? '#8893a3' : scared ? SCARED : GHOST;
  g.beginPath();
  g.arc(x, y - r * 0.15, r, Math.PI, 0);
  const bottom = y + r * 0.85;
  g.lineTo(x + r, bottom);
  const waves = 3;
  for (let w = 0; w < waves; w++) {
    const x1 = x + r - ((w + 0.5) * 2 * r) / waves;
    const x2 = x + r - ((w + 1) * 2 * r) / waves;
    g.quadraticCurveTo(x1, bottom - r * 0.35, x2, bottom);
  }
  g.closePath();
  g.fill();
  g.lineWidth = Math.max(1, s * 0.04);
  g.strokeStyle = 'rgba(0, 0, 0, 0.5)';
  g.stroke();
  const [dx, dy] = HEADING_DELTA[u.face] || [0, 0];
  for (const side of [-1, 1]) {
    const ex = x + side * r * 0.38;
    const ey = y - r * 0.2;
    if (scared && !waiting) {
      g.fillStyle = '#ffffff';
      g.beginPath();
      g.arc(ex, ey, r * 0.14, 0, Math.PI * 2);
      g.fill();
    } else {
      g.fillStyle = '#ffffff';
      g.beginPath();
      g.ellipse(ex, ey, r * 0.25, r * 0.3, 0, 0, Math.PI * 2);
      g.fill();
      g.fillStyle = '#16202e';
      g.beginPath();
      g.arc(ex + dx * r * 0.11, ey + dy * r * 0.12, r * 0.13, 0, Math.PI * 2);
      g.fill();
    }
  }
  if (scared && !waiting) {
    g.strokeStyle = '#ffffff';
    g.lineWidth = Math.max(1, s * 0.035);
    g.beginPath();
    const my = y + r * 0.35;
    for (let j = 0; j <= 4; j++) {
      const mx = x - r * 0.5 + (j * r) / 4;
      if (j === 0) g.moveTo(mx, my);
      else g.lineTo(mx, my + (j % 2 ? -r * 0.12 : 0));
    }
    g.stroke();
  }
  g.restore();
  if (waiting) countdown(g, x, y, s, u.wait);
}

/** A ghost looks frightened when a player in power mode is within six cells. */
function scaredOf(ghost, players) {
  return players.some((p) => p.power > 0 && !p.wait && Math.abs(p.x - ghost.x) + Math.abs(p.y - ghost.y) <= 6 * CELL);
}

function banner(g, s, text, sub, top = false) {
  const w = s * SIDE;
  const cy = top ? s * 1.5 : w / 2;
  const big = `800 ${Math.round(s * 0.9)}px system-ui, sans-serif`;
  const small = `600 ${Math.round(s * 0.42)}px system-ui, sans-serif`;
  g.save();
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  g.font = big;
  let tw = g.measureText(text).width;
  if (sub) {
    g.font = small;
    tw = Math.max(tw, g.measureText(sub).width);
  }
  const bw = Math.min(w - s, tw + s * 1.4);
  const bh = sub ? s * 2.1 : s * 1.4;
  g.fillStyle = 'rgba(8, 14, 28, 0.8)';
  g.beginPath();
  if (g.roundRect) g.roundRect((w - bw) / 2, cy - bh / 2, bw, bh, s * 0.3);
  else g.rect((w - bw) / 2, cy - bh / 2, bw, bh);
  g.fill();
  g.font = big;
  g.fillStyle = '#ffffff';
  g.fillText(text, w / 2, cy - (sub ? s * 0.35 : 0), bw - s * 0.4);
  if (sub) {
    g.font = small;
    g.fillStyle = '#c9d7ea';
    g.fillText(sub, w / 2, cy + s * 0.55, bw - s * 0.4);
  }
  g.restore();
}

/**
 * The whole picture at cell size `s` (device pixels): view = {track, alpha, you,
 * intent, powerSteps, message: [title, sub] | null, now}.
 */
export function drawArena(g, s, view) {
  const { track, alpha = 1, you = -1, intent = null, powerSteps = 200, message = null, messageTop = false, now = performance.now() } = view;
  const st = track && track.cur;
  g.drawImage(mazeImage(track && track.maze, track ? track.mazeKey : 0, s), 0, 0);
  if (st) {
    const prev = track.prev;
    drawItems(g, st, s, now);
    drawLandmines(g, st, s, now);
    const players = st.players.map((p, i) => lerpUnit(prev && prev.players[i], p, alpha));
    st.ghosts.forEach((u, i) => drawGhost(g, lerpUnit(prev && prev.ghosts[i], u, alpha), s, scaredOf(u, st.players)));
    const order = players.map((_, i) => i).sort((a, b) => Number(a === you) - Number(b === you) || Number(players[b].wait > 0) - Number(players[a].wait > 0));
    for (const i of order) drawPlayer(g, players[i], i, s, { you, powerSteps, intent });
  }
  if (message) banner(g, s, message[0], message[1], messageTop);
}

/** The board painter: a plain floor under everything; drawArena runs as the one mark on top. */
export const arenaPainter = {
  drawTile(g, sym, x, y, s) {
    g.fillStyle = FLOOR;
    g.fillRect(x, y, s, s);
  },
  flatColor() {
    return [11, 19, 38];
  },
  drawMark(g, m, x, y, s) {
    if (m.kind === 'arena') drawArena(g, s, m.view);
  },
  drawActor() {},
};

/** A small swatch of a seat's colour with its number (scoreboard, setup). */
export function seatSwatch(i, px = 22) {
  const c = document.createElement('canvas');
  const dpr = window.devicePixelRatio || 1;
  c.width = c.height = Math.round(px * dpr);
  c.style.width = c.style.height = `${px}px`;
  c.className = 'seat-swatch';
  const g = c.getContext('2d');
  const s = c.width;
  g.fillStyle = SEAT_COLORS[i];
  g.beginPath();
  g.moveTo(s / 2, s / 2);
  g.arc(s / 2, s / 2, s * 0.46, 0.22 * Math.PI, 1.78 * Math.PI);
  g.closePath();
  g.fill();
  g.font = `800 ${Math.round(s * 0.45)}px system-ui, sans-serif`;
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  g.fillStyle = '#111820';
  g.fillText(String(i), s * 0.4, s * 0.52);
  return c;
}

/**
 * A game's ranking: the seats by score (`order`), each seat's place (ties share the
 * better place) and its tournament points from the engine (5, 3, 2, 1, ties share).
 */
export function rankPoints(scores) {
  const order = scores.map((_, i) => i).sort((a, b) => scores[b] - scores[a] || a - b);
  const place = scores.map((s) => 1 + scores.filter((t) => t > s).length);
  const points = Array.from(arena_tournament_points(Float64Array.from(scores)));
  return { order, points, place };
}

/** "1st", "2nd", … */
export const ordinal = (n) => `${n}${['th', 'st', 'nd', 'rd'][n % 100 >> 3 === 1 ? 0 : n % 10] || 'th'}`;

/** A legend entry drawn as on the board: pellet, power, mine, armed, dropped, ghost, scared, hub. */
export function legendSwatch(kind, px = 26) {
  const c = document.createElement('canvas');
  const dpr = window.devicePixelRatio || 1;
  c.width = c.height = Math.round(px * dpr);
  c.style.width = c.style.height = `${px}px`;
  const g = c.getContext('2d');
  const s = c.width;
  g.fillStyle = FLOOR;
  g.fillRect(0, 0, s, s);
  const centre = { x: 12, y: 12, face: 'L', wait: 0 };
  switch (kind) {
    case 'pellet':
      drawItems(g, { pellets: [0] }, s, 0);
      break;
    case 'power':
      drawItems(g, { power: [0] }, s, 0);
      break;
    case 'mine':
      drawItems(g, { mines: [0] }, s, 0);
      break;
    case 'armed':
    case 'dropped':
      drawLandmines(g, { landmines: [{ x: 12, y: 12, active: kind === 'armed' }] }, s, 0);
      break;
    case 'ghost':
    case 'scared':
      drawGhost(g, centre, s, kind === 'scared');
      break;
    case 'hub':
      g.fillStyle = 'rgba(86, 180, 233, 0.18)';
      g.fillRect(0, 0, s, s);
      g.setLineDash([3, 3]);
      g.strokeStyle = 'rgba(200, 225, 255, 0.5)';
      g.strokeRect(1.5, 1.5, s - 3, s - 3);
      break;
    default:
      break;
  }
  return c;
}
