// The GPac replay (the Solve tab, labelled "Replay"): a world file (file, paste, drop,
// this game's or the lab's best), read and checked by the wasm GpacReplay (errors name
// the line and column), played on the shared ReplayPanel over its snapshots, drawn on
// the board from the walls, pills, fruit and units of each frame.

import { h, button, copyText } from '../../ui.js';
import { ReplayPanel } from '../../replay-panel.js';
import { terrain, sceneOfTurn } from './gpac-tiles.js';
import { letterOf } from './gpac-session.js';
import { SPEEDS } from './gpac-ui.js';

const ENDS = { caught: 'caught', swapped: 'caught (swapped)', allPills: 'all pills eaten', timeUp: 'time up' };

/** @extends {ReplayPanel<import('./gpac.js').GpacGame, import('../../../pkg/gridlab_play.js').GpacReplay>} */
export class GpacReplayPanel extends ReplayPanel {
  /**
   * @param {import('./gpac.js').GpacGame} game
   * @param {HTMLElement} panel
   */
  constructor(game, panel) {
    const stats = h('dl.stats#replay-stats');
    const renderBox = h('pre.output#replay-render');
    super(game, panel, {
      prefix: 'replay-', accept: '.txt,text/plain', placeholder: '35\n20\nm 0 19\n1 34 0\n…', label: 'World file text', rows: 5, what: 'world file',
      heading: 'World file',
      intro: 'Replay a game from its world file: from the CLI (gridlab gpac play --log FILE), the course framework, the Play tab or the lab. Open a file, paste it below, or drop it here or on the board.',
      empty: 'No world file open: the board shows the game of the Play tab.',
      thisGame: { id: 'replay-this', title: 'The world file of the game in the Play tab' },
      infoId: 'replay-info', downloadId: 'replay-download', closeId: 'replay-close', fileExt: '.txt',
      speeds: SPEEDS.map((rate) => ({ label: `${rate}/s`, rate })), speed: 4,
      bar: {
        labels: ['play'],
        ids: { first: 'replay-first', back: 'replay-back', play: 'replay-play', step: 'replay-fwd', end: 'replay-last', speed: 'replay-speed', 'speed-label': 'replay-speed-label', scrub: 'replay-scrub', pos: 'replay-pos' },
        titles: { first: 'First snapshot (Home)', back: 'Previous snapshot (←)', play: 'Play / pause (Space)', step: 'Next snapshot (→)', end: 'Last snapshot (End)', scrub: 'Snapshot' },
      },
      extra: [stats],
      actions: [button('.btn#replay-copy-frame', { icon: 'copy', label: 'Copy snapshot', title: 'Copy this snapshot as text (top row first)', onclick: () => copyText(this.model.render(this.index), 'Snapshot') })],
      after: [h('details.replay-text-view', { ontoggle: () => this.update() }, h('summary', {}, 'Snapshot as text'), renderBox)],
    });
    this.stats = stats;
    this.renderBox = renderBox;
  }

  parse(text) {
    return new this.api.GpacReplay(text);
  }

  adopt(r) {
    this.count = r.frame_count();
    this.w = r.width();
    this.h = r.height();
    const walls = new Set(r.walls().map((p) => `${p.x},${p.y}`));
    this.isWall = (row, col) => walls.has(`${col},${this.h - 1 - row}`);
    this.frameCache = new Array(this.count);
    this.terrains = new Map();
    this.index = 0;
    this.anim = null;
  }

  release(r) {
    r.free();
  }

  frames() {
    return this.count - 1;
  }

  position() {
    return this.index;
  }

  showFrame(i) {
    this.anim = null;
    this.index = i;
  }

  nextFrame({ animate }) {
    this.index++;
    if (animate) this.slide(this.index);
  }

  describe() {
    const last = this.frame(this.count - 1);
    return [h('b', {}, this.name), `: ${this.w} × ${this.h}, `, h('span#replay-frames', {}, `${this.count} snapshots`),
      `, ${last.ghosts.length} ghost${last.ghosts.length === 1 ? '' : 's'}, final score `, h('b#replay-final-score', {}, String(last.score)),
      last.end ? ` (${ENDS[last.end]})` : '', '.'];
  }

  onShown() {
    if (!this.stats) return;
    if (!this.model) {
      this.game.ui.updateStatus(this.game.drawing.shownState());
      return;
    }
    const f = this.frame(this.index);
    const row = (k, v, id) => [h('dt', {}, k), h('dd', { id }, String(v))];
    this.stats.replaceChildren(
      ...row('Snapshot', `${this.index} of ${this.count - 1}`, 'replay-turn'),
      ...row('Time left', f.time, 'replay-time'),
      ...row('Score', f.score, 'replay-score'),
      ...row('Pills left', f.pillsLeft, 'replay-pills'),
      ...row('Pac-Man', `(${f.pacman.x}, ${f.pacman.y})`, 'replay-pacman'),
      ...row('Fruit', f.fruit ? `(${f.fruit.x}, ${f.fruit.y})` : '—', 'replay-fruit'));
    this.game.ui.updateStatus(this.game.drawing.shownState());
    const details = /** @type {HTMLDetailsElement} */ (this.renderBox.parentElement);
    this.renderBox.textContent = details && details.open ? this.model.render(this.index) : '';
  }

  /** Snapshot i as a view: {pacman, ghosts, fruit ({x, y}), pillsLeft, time, score, end}. */
  frame(i) {
    if (!this.frameCache[i]) {
      const f = this.model.frame(i);
      const xy = (p) => ({ x: p[0], y: p[1] });
      const v = { pacman: xy(f.pacman), ghosts: f.ghosts.map(xy), fruit: f.fruit ? xy(f.fruit) : null, pills: f.pills, pillsLeft: f.pills.length, time: f.time, score: f.score, end: null };
      if (i === this.count - 1 && i > 0) {
        const prev = this.frame(i - 1);
        const same = (a, b) => a.x === b.x && a.y === b.y;
        const caught = v.ghosts.some((g) => same(g, v.pacman));
        const swapped = v.ghosts.some((g, j) => prev.ghosts[j] && same(g, prev.pacman) && same(prev.ghosts[j], v.pacman));
        v.end = caught ? 'caught' : swapped ? 'swapped' : !v.pillsLeft ? 'allPills' : v.time <= 0 ? 'timeUp' : null;
      }
      this.frameCache[i] = v;
    }
    return this.frameCache[i];
  }

  /** Pac-Man's facing at snapshot i: its last move that was not a hold. */
  heading(i) {
    for (let k = i; k > 0 && k > i - 60; k--) {
      const d = letterOf(this.frame(k - 1).pacman, this.frame(k).pacman);
      if (d !== 'h') return d;
    }
    return 'r';
  }

  terrainAt(i) {
    let t = this.terrains.get(i);
    if (!t) {
      const pills = new Set(this.frame(i).pills.map((p) => `${p[0]},${p[1]}`));
      t = terrain(this.h, this.w, this.isWall, (row, col) => pills.has(`${col},${this.h - 1 - row}`));
      if (this.terrains.size > 64) this.terrains.clear();
      this.terrains.set(i, t);
    }
    return t;
  }

  scene() {
    const i = this.index;
    const now = this.frame(i);
    const a = this.anim;
    const t = a ? Math.min(1, (performance.now() - a.t0) / a.duration) : 1;
    const turn = a && a.to === i && i > 0 ? { prev: this.frame(i - 1) } : null;
    const looks = i > 0 ? now.ghosts.map((g, j) => letterOf(this.frame(i - 1).ghosts[j] || g, g)) : [];
    const scene = { rows: this.h, cols: this.w, tiles: this.terrainAt(i), tilesKey: `r${this.serial}:${i}`, marks: [], actors: [], patches: [] };
    return sceneOfTurn(scene, { now, turn, t, heading: this.heading(i), looks, toCell: (p) => ({ row: this.h - 1 - p.y, col: p.x }) });
  }


  slide(to) {
    const rate = this.transport.rate;
    if (rate > 30 || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const anim = { to, t0: performance.now(), duration: this.playing ? Math.min(180, 850 / rate) : 150 };
    this.anim = anim;
    const tick = () => {
      if (this.anim !== anim) return;
      this.game.board.invalidate();
      if (performance.now() - anim.t0 < anim.duration) requestAnimationFrame(tick);
      else this.anim = null;
    };
    requestAnimationFrame(tick);
  }

  /** Keys while the Replay tab shows a world file. */
  key(k) {
    switch (k.type) {
      case 'dir':
        if (k.sym === 'l') this.step(-1);
        else if (k.sym === 'r') this.step(1);
        return true;
      case 'hold':
      case 'play':
        return this.command('toggle');
      case 'step':
        this.step(1);
        return true;
      case 'first':
      case 'last':
        return this.command(k.type);
      default:
        return false;
    }
  }

  /** The status bar's fields at the shown snapshot (the world file has no fruit count). */
  status() {
    const f = this.frame(this.index);
    const first = this.frame(0);
    return { score: f.score, time: f.time, totalTime: first.time, pillsLeft: f.pillsLeft, pillsTotal: first.pillsLeft, fruitEaten: null, turns: this.index, end: f.end, label: 'Replay' };
  }

  info() {
    if (!this.model) return { loaded: false };
    const f = this.frame(this.index);
    return { loaded: true, frames: this.count, index: this.index, width: this.w, height: this.h, score: f.score, time: f.time, finalScore: this.frame(this.count - 1).score, playing: this.playing };
  }
}
