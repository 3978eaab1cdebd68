// The GPac replay (the Solve tab, labelled "Replay"): open a world file (file, paste,
// drop, this game's or the lab's best), read and checked by the wasm GpacReplay (errors
// name the line and column), then play / pause / step / speed / scrub over its
// snapshots, drawn on the board from the walls, pills, fruit and units of each frame.

import { h, button, download, copyText } from '../../ui.js';
import { formatParseError } from '../../game-base.js';
import { terrain, sceneOfTurn } from './gpac-tiles.js';
import { letterOf } from './gpac-session.js';
import { SPEEDS } from './gpac-ui.js';
import { Transport } from '../../transport.js';
import { FileInput } from '../../file-input.js';
import { TransportBar } from '../../transport-bar.js';


export class ReplayPanel {
  constructor(game, panel) {
    this.game = game;
    this.panel = panel;
    this.api = game.api;
    this.replay = null;
    this.index = 0;
    this.anim = null;
    this.transport = new Transport(this.frameSource(), { speeds: SPEEDS.map((rate) => ({ label: `${rate}/s`, rate })), speed: 4 });
    this.build();
    game.shell.onTab((tab) => {
      if (tab !== 'solve') this.pause();
      this.game.board.invalidate();
    });
  }

  build() {
    this.input = new FileInput({
      prefix: 'replay-', accept: '.txt,text/plain', placeholder: '35\n20\nm 0 19\n1 34 0\n…', label: 'World file text', rows: 5, what: 'world file',
      extra: [button('.btn#replay-this', { icon: 'play', label: 'This game', title: 'The world file of the game in the Play tab', onclick: () => this.game.replayThisGame() })],
      dropOn: [this.panel], signal: this.game.shell.signal,
      onText: (text, name) => this.openText(text, name),
    });
    this.text = this.input.text;
    this.infoBox = h('p#replay-info.small', {}, 'No world file open: the board shows the game of the Play tab.');
    this.bar = new TransportBar(this.transport, {
      labels: ['play'],
      ids: { first: 'replay-first', back: 'replay-back', play: 'replay-play', step: 'replay-fwd', end: 'replay-last', speed: 'replay-speed', 'speed-label': 'replay-speed-label', scrub: 'replay-scrub', pos: 'replay-pos' },
      titles: { first: 'First snapshot (Home)', back: 'Previous snapshot (←)', play: 'Play / pause (Space)', step: 'Next snapshot (→)', end: 'Last snapshot (End)', scrub: 'Snapshot' },
    });
    this.stats = h('dl.stats#replay-stats');
    this.renderBox = h('pre.output#replay-render');
    this.controls = h('div.replay-controls', {},
      h('h3', {}, 'Playback'),
      this.bar.root,
      this.stats,
      h('div.row', {},
        button('.btn#replay-download', { icon: 'download', label: 'Download', title: 'Download the world file', onclick: () => download(this.fileName(), this.source) }),
        button('.btn#replay-copy-frame', { icon: 'copy', label: 'Copy snapshot', title: 'Copy this snapshot as text (top row first)', onclick: () => copyText(this.replay.render(this.index), 'Snapshot') }),
        button('.btn.ghost#replay-close', { icon: 'close', label: 'Close', title: 'Close the world file (the board shows the game again)', onclick: () => this.close() })),
      h('details.replay-text-view', { ontoggle: () => this.update() }, h('summary', {}, 'Snapshot as text'), this.renderBox));
    this.panel.replaceChildren(
      h('h3', {}, 'World file'),
      h('p.small.muted', {}, 'Replay a game from its world file: from the CLI (gridlab gpac play --log FILE), the course framework, the Play tab or the lab. Open a file, paste it below, or drop it here or on the board.'),
      ...this.input.nodes,
      this.infoBox,
      this.controls,
    );
    this.update();
  }

  openText(text, filename) {
    const ok = this.open(text, filename || 'pasted world file');
    if (ok && filename) this.game.shell.toast(`Loaded ${filename}`);
    return ok;
  }

  showError(message) {
    this.input.showError(message);
  }

  /** Read and check a world file; on success show its first snapshot. */
  open(text, name) {
    let r;
    try {
      r = new this.api.GpacReplay(text);
    } catch (err) {
      this.showError(formatParseError(err));
      this.text.value = text;
      this.selectError(err);
      return false;
    }
    this.pause();
    if (this.replay) this.replay.free();
    this.replay = r;
    this.source = text;
    this.name = name || 'world file';
    this.count = r.frame_count();
    this.w = r.width();
    this.h = r.height();
    const walls = new Set(r.walls().map((p) => `${p.x},${p.y}`));
    this.isWall = (row, col) => walls.has(`${col},${this.h - 1 - row}`);
    this.frames = new Array(this.count);
    this.terrains = new Map();
    this.index = 0;
    this.input.clearError();
    if (text.length < 200000) this.text.value = text;
    this.update();
    this.game.board.invalidate();
    return true;
  }

  selectError(err) {
    if (!err || err.line == null) return;
    const lines = this.text.value.split('\n');
    let offset = 0;
    for (let i = 0; i < err.line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
    try {
      this.text.setSelectionRange(offset, offset + Math.max(1, (lines[err.line - 1] || '').length));
    } catch {
      /* not focused */
    }
  }

  close() {
    this.pause();
    if (this.replay) this.replay.free();
    this.replay = null;
    this.update();
    this.game.board.invalidate();
  }

  loaded() {
    return !!this.replay;
  }

  fileName() {
    return `${(this.name || 'world').replace(/\.txt$/i, '').replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'world'}.txt`;
  }

  /** Snapshot i as a view: {pacman, ghosts, fruit ({x, y}), pillsLeft, time, score, end}. */
  frame(i) {
    if (!this.frames[i]) {
      const f = this.replay.frame(i);
      const xy = (p) => ({ x: p[0], y: p[1] });
      const v = { pacman: xy(f.pacman), ghosts: f.ghosts.map(xy), fruit: f.fruit ? xy(f.fruit) : null, pills: f.pills, pillsLeft: f.pills.length, time: f.time, score: f.score, end: null };
      if (i === this.count - 1 && i > 0) {
        const prev = this.frame(i - 1);
        const same = (a, b) => a.x === b.x && a.y === b.y;
        const caught = v.ghosts.some((g) => same(g, v.pacman));
        const swapped = v.ghosts.some((g, j) => prev.ghosts[j] && same(g, prev.pacman) && same(prev.ghosts[j], v.pacman));
        v.end = caught ? 'caught' : swapped ? 'swapped' : !v.pillsLeft ? 'allPills' : v.time <= 0 ? 'timeUp' : null;
      }
      this.frames[i] = v;
    }
    return this.frames[i];
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
    const scene = { rows: this.h, cols: this.w, tiles: this.terrainAt(i), tilesKey: `r${this.serial()}:${i}`, marks: [], actors: [], patches: [] };
    return sceneOfTurn(scene, { now, turn, t, heading: this.heading(i), looks, toCell: (p) => ({ row: this.h - 1 - p.y, col: p.x }) });
  }

  serial() {
    if (!this.replay) return 0;
    if (this.replay !== this.serialOf) {
      this.serialOf = this.replay;
      this.serialN = (this.serialN || 0) + 1;
    }
    return this.serialN;
  }

  // ---- playback -------------------------------------------------------------------------

  /** The snapshots as the Transport's source. */
  frameSource() {
    const show = () => {
      this.update();
      this.game.board.invalidate();
    };
    return {
      position: () => this.index,
      length: () => (this.replay ? this.count - 1 : 0),
      rewinds: true,
      seek: (i) => {
        this.anim = null;
        this.index = i;
        show();
      },
      advance: ({ animate = true, batch = false } = {}) => {
        if (!this.replay || this.index >= this.count - 1) return false;
        this.index++;
        if (animate) this.slide(this.index);
        if (!batch) show();
        return true;
      },
      batchDone: show,
    };
  }

  get playing() {
    return this.transport.playing;
  }

  seek(i) {
    if (this.replay) this.transport.seek(i);
  }

  step(d) {
    if (!this.replay) return;
    if (d === 1) this.transport.step();
    else this.transport.back();
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

  toggle() {
    if (this.replay) this.transport.toggle();
  }

  pause() {
    this.transport.pause();
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
        this.toggle();
        return true;
      case 'step':
        this.step(1);
        return true;
      case 'first':
        this.seek(0);
        return true;
      case 'last':
        this.seek(this.count - 1);
        return true;
      default:
        return false;
    }
  }

  update() {
    const r = this.replay;
    this.controls.hidden = !r;
    if (!r) {
      this.infoBox.textContent = 'No world file open: the board shows the game of the Play tab.';
      return;
    }
    const last = this.frame(this.count - 1);
    this.infoBox.replaceChildren(h('b', {}, this.name), `: ${this.w} × ${this.h}, `, h('span#replay-frames', {}, `${this.count} snapshots`),
      `, ${last.ghosts.length} ghost${last.ghosts.length === 1 ? '' : 's'}, final score `, h('b#replay-final-score', {}, String(last.score)),
      last.end ? ` (${{ caught: 'caught', swapped: 'caught (swapped)', allPills: 'all pills eaten', timeUp: 'time up' }[last.end]})` : '', '.');
    const f = this.frame(this.index);
    this.transport.refresh();
    const row = (k, v, id) => [h('dt', {}, k), h('dd', { id }, String(v))];
    this.stats.replaceChildren(
      ...row('Snapshot', `${this.index} of ${this.count - 1}`, 'replay-turn'),
      ...row('Time left', f.time, 'replay-time'),
      ...row('Score', f.score, 'replay-score'),
      ...row('Pills left', f.pillsLeft, 'replay-pills'),
      ...row('Pac-Man', `(${f.pacman.x}, ${f.pacman.y})`, 'replay-pacman'),
      ...row('Fruit', f.fruit ? `(${f.fruit.x}, ${f.fruit.y})` : '—', 'replay-fruit'));
    this.game.ui.updateStatus(this.game.shownState());
    const details = this.renderBox.parentElement;
    this.renderBox.textContent = details && details.open ? r.render(this.index) : '';
  }

  /** The status bar's fields at the shown snapshot (the world file has no fruit count). */
  status() {
    const f = this.frame(this.index);
    const first = this.frame(0);
    return { score: f.score, time: f.time, totalTime: first.time, pillsLeft: f.pillsLeft, pillsTotal: first.pillsLeft, fruitEaten: null, turns: this.index, end: f.end, label: 'Replay' };
  }

  info() {
    if (!this.replay) return { loaded: false };
    const f = this.frame(this.index);
    return { loaded: true, frames: this.count, index: this.index, width: this.w, height: this.h, score: f.score, time: f.time, finalScore: this.frame(this.count - 1).score, playing: this.playing };
  }

  dispose() {
    this.pause();
    if (this.replay) this.replay.free();
    this.replay = null;
  }
}
