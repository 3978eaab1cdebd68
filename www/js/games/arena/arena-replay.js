// The Arena replay (the Solve tab, labelled "Replay"): open a command log (a file of
// `gridlab arena serve --replays DIR`, this page's "Download replay", pasted or dropped),
// replay it with the wasm ArenaSession.from_log, then play / pause / speed / scrub
// (seek) over its steps, drawn on the board as the live game is. Errors are shown in
// the panel; the board keeps its last good picture.

import { FileInput } from '../../file-input.js';
import { h, button, icon, download } from '../../ui.js';
import { Track, StepClock, STEP_MS, clock } from './arena-draw.js';
import { SPEEDS, displayName, rankingList } from './arena-ui.js';

const speedText = (x) => (x === 0.25 ? '×¼' : x === 0.5 ? '×½' : `×${x}`);
const REPLAY_SPEEDS = [...SPEEDS, 16];

export class ReplayPanel {
  constructor(game, panel) {
    this.game = game;
    this.panel = panel;
    this.api = game.api;
    this.session = null;
    this.track = new Track();
    this.clock = new StepClock();
    this.speed = 1;
    this.playing = false;
    this.build();
  }

  build() {
    this.input = new FileInput({
      prefix: 'arena-replay-', accept: '.json,application/json,text/plain', placeholder: '{"seed":3,"config":{…},"names":[…],"steps":[[…],…]}', label: 'Replay text', rows: 4, what: 'replay',
      extra: [button('.btn#arena-replay-game', { icon: 'play', label: 'This game', title: 'The game of the Play tab (so far)', onclick: () => this.game.replayThisGame() })],
      dropOn: [this.panel], signal: this.game.shell.signal,
      onText: (text, name) => this.openText(text, name),
    });
    this.text = this.input.text;
    this.infoBox = h('p#arena-replay-info.small', {}, 'No replay open: the board shows the game of the Play tab.');
    this.firstBtn = button('.btn.icon-only#arena-rp-first', { icon: 'first', title: 'To the start (Home)', 'aria-label': 'To the start', onclick: () => this.seek(0) });
    this.backBtn = button('.btn.icon-only#arena-rp-back', { icon: 'stepb', title: 'A second back (←)', 'aria-label': 'A second back', onclick: () => this.skip(-20) });
    this.playBtn = button('.btn.primary#arena-rp-play', { icon: 'play', label: 'Play', title: 'Play / pause (Space)', onclick: () => this.toggle() });
    this.fwdBtn = button('.btn.icon-only#arena-rp-fwd', { icon: 'stepf', title: 'A second on (→)', 'aria-label': 'A second on', onclick: () => this.skip(20) });
    this.lastBtn = button('.btn.icon-only#arena-rp-last', { icon: 'last', title: 'To the end (End)', 'aria-label': 'To the end', onclick: () => this.seek(this.len) });
    this.speedGroup = h('div.btn-group.arena-speeds#arena-rp-speeds', { role: 'group', 'aria-label': 'Replay speed' },
      ...REPLAY_SPEEDS.map((x) => h(`button.btn.small#arena-rp-speed-${String(x).replace('.', '_')}`, { type: 'button', dataset: { speed: String(x) },
        onclick: (e) => {
          this.setSpeed(x);
          e.currentTarget.blur();
        } }, speedText(x))));
    this.scrub = h('input#arena-rp-scrub', { type: 'range', min: '0', max: '0', value: '0', step: '1', 'aria-label': 'Step of the replay', oninput: () => this.seek(Number(this.scrub.value), { keepPlaying: true }) });
    this.pos = h('span.plan-pos#arena-rp-pos', {}, '–');
    this.ranking = h('div#arena-replay-result');
    this.controls = h('div.replay-controls', {},
      h('h3', {}, 'Playback'),
      h('div.row.transport', {}, this.firstBtn, this.backBtn, this.playBtn, this.fwdBtn, this.lastBtn),
      h('div.row.speed-row', {}, h('span.small.muted', {}, 'Speed'), this.speedGroup),
      h('div.scrub-row', {}, this.scrub, this.pos),
      this.ranking,
      h('div.row', {},
        button('.btn#arena-replay-download', { icon: 'download', label: 'Download', title: 'Download this replay file', onclick: () => download(this.fileName(), this.source) }),
        button('.btn.ghost#arena-replay-close', { icon: 'close', label: 'Close', title: 'Close the replay (the board shows the Play tab\'s game again)', onclick: () => this.close() })));
    this.panel.replaceChildren(
      h('h3', {}, 'Replay file'),
      h('p.small.muted', {}, 'A game\'s command log: written by `gridlab arena serve --replays DIR` or `gridlab arena play --replay FILE`, or downloaded from the Play tab. Open a file, paste it below, or drop it here or on the board.'),
      ...this.input.nodes,
      this.infoBox,
      this.controls,
    );
    this.update();
  }

  openText(text, filename) {
    const ok = this.open(text, filename || 'pasted replay');
    if (ok && filename) this.game.shell.toast(`Loaded ${filename}`);
    return ok;
  }

  showError(message) {
    this.input.showError(message);
  }

  /** Read a command log; on success show its first step. Errors leave the current replay. */
  open(text, name) {
    let session;
    let finals;
    let meta;
    try {
      if (!String(text || '').trim()) throw { message: 'the text is empty' };
      session = this.api.ArenaSession.from_log(text);
      finals = Array.from(this.api.arena_replay_scores(text));
      meta = JSON.parse(text);
    } catch (err) {
      if (session) session.free();
      this.showError((err && err.message) || String(err));
      if (text.length < 200000) this.text.value = text;
      return false;
    }
    this.pause();
    if (this.session) this.session.free();
    this.session = session;
    this.source = text;
    this.serial = (this.serial || 0) + 1;
    this.name = name || 'replay';
    this.len = session.script_len();
    this.steps = session.steps();
    this.names = session.names();
    this.finals = finals;
    this.seed = meta.seed;
    this.powerSteps = (meta.config && meta.config.powerSteps) || 200;
    this.track = new Track();
    this.track.push(session.state(true));
    this.clock.reset();
    this.input.clearError();
    this.text.value = text.length < 200000 ? text : '';
    this.update();
    this.game.board.invalidate();
    return true;
  }

  close() {
    this.pause();
    if (this.session) this.session.free();
    this.session = null;
    this.update();
    this.game.ui.updateStatus();
    this.game.board.invalidate();
  }

  loaded() {
    return !!this.session;
  }

  fileName() {
    return `${(this.name || 'replay').replace(/\.json$/i, '').replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'replay'}.json`;
  }

  // ---- playback ------------------------------------------------------------------------------

  seek(tick, { keepPlaying = false } = {}) {
    if (!this.session) return;
    if (!keepPlaying) this.pause();
    const to = Math.max(0, Math.min(this.len, Math.round(tick)));
    this.session.seek(to);
    this.track.push(this.session.state(true));
    this.track.still();
    this.clock.reset();
    this.update();
    this.game.ui.updateStatus();
    this.game.board.invalidate();
  }

  skip(d) {
    this.seek(this.track.tick + d, { keepPlaying: this.playing });
  }

  setSpeed(x) {
    this.speed = x;
    this.clock.speed = x;
    this.update();
  }

  toggle() {
    if (this.playing) this.pause();
    else this.play();
  }

  play() {
    if (!this.session) return;
    if (this.track.tick >= this.len) this.seek(0);
    this.playing = true;
    this.clock.speed = this.speed;
    this.clock.reset();
    this.update();
    this.game.ensureLoop();
  }

  pause() {
    if (!this.playing) return;
    this.playing = false;
    this.update();
    this.game.board.invalidate();
  }

  /** The game's clock: the steps due; returns whether the picture changed. */
  advance(dt) {
    if (!this.session || !this.playing) return false;
    const n = this.clock.due(dt);
    for (let i = 0; i < n; i++) {
      if (this.track.tick >= this.len) break;
      this.session.step(1);
      this.track.push(this.session.state(false));
    }
    if (this.track.tick >= this.len) {
      this.playing = false;
      this.clock.acc = STEP_MS;
    }
    if (n) this.update();
    return n > 0;
  }

  /** What the board and the status bar show. */
  view() {
    const status = this.track.tick >= this.len ? 'Replay: end' : this.playing ? `Replay ${speedText(this.speed)}` : 'Replay: paused';
    return {
      track: this.track,
      alpha: this.playing ? this.clock.alpha : 1,
      you: -1,
      names: this.names,
      steps: this.steps,
      powerSteps: this.powerSteps,
      status,
      statusKind: this.track.tick >= this.len ? 'victory' : 'playing',
      message: null,
    };
  }

  /** Keys while a replay is open in its tab. */
  key(e) {
    if (e.repeat && e.key === ' ') return true;
    switch (e.key) {
      case ' ':
      case 'p':
      case 'P':
        this.toggle();
        return true;
      case 'ArrowLeft':
        this.skip(-20);
        return true;
      case 'ArrowRight':
        this.skip(20);
        return true;
      case 'Home':
        this.seek(0);
        return true;
      case 'End':
        this.seek(this.len);
        return true;
      default:
        return false;
    }
  }

  update() {
    this.controls.hidden = !this.session;
    for (const b of this.speedGroup.children) b.setAttribute('aria-pressed', String(Number(b.dataset.speed) === this.speed));
    if (!this.session) {
      this.infoBox.textContent = 'No replay open: the board shows the game of the Play tab.';
      return;
    }
    const tick = this.track.tick;
    const names = this.names.map(displayName).join(', ');
    if (this.infoBox.dataset.for !== String(this.serial)) {
      this.infoBox.dataset.for = String(this.serial);
      this.infoBox.replaceChildren(h('b', {}, this.name), `: seed ${this.seed}, `, h('span#arena-replay-steps', {}, `${this.len} steps`),
        ` (${clock(this.len)}${this.len < this.steps ? ` of ${clock(this.steps)}` : ''}); ${names}. Final scores `,
        h('b#arena-replay-final', {}, this.finals.join(', ')), '.');
    }
    this.scrub.max = String(this.len);
    if (document.activeElement !== this.scrub || !this.playing) this.scrub.value = String(tick);
    this.pos.textContent = `${tick} / ${this.len} · ${clock(tick)}`;
    this.firstBtn.disabled = this.backBtn.disabled = tick === 0;
    this.fwdBtn.disabled = this.lastBtn.disabled = tick >= this.len;
    this.playBtn.replaceChildren(icon(this.playing ? 'pause' : 'play'), h('span', {}, this.playing ? 'Pause' : 'Play'));
    const atEnd = tick >= this.len;
    if (atEnd !== (this.ranking.dataset.end === 'true') || this.ranking.dataset.for !== String(this.serial)) {
      this.ranking.dataset.end = String(atEnd);
      this.ranking.dataset.for = String(this.serial);
      const scores = this.track.cur.players.map((p) => p.score);
      this.ranking.replaceChildren(...(atEnd ? [h('h3', {}, 'Result'), rankingList(scores, this.names, { id: 'arena-replay-ranking' })] : []));
    }
  }

  info() {
    if (!this.session) return { loaded: false };
    const st = this.track.cur;
    return {
      loaded: true, name: this.name, tick: this.track.tick, len: this.len, steps: this.steps, seed: this.seed,
      names: [...this.names], scores: st.players.map((p) => p.score), finalScores: [...this.finals], playing: this.playing, speed: this.speed,
    };
  }

  dispose() {
    this.playing = false;
    if (this.session) this.session.free();
    this.session = null;
  }
}
