// The Arena replay (the Solve tab, labelled "Replay"): a command log (a file of
// `gridlab arena serve --replays DIR`, this page's "Download replay", pasted or dropped)
// replayed by the wasm ArenaSession.from_log on the shared ReplayPanel: its Transport
// plays the steps (20 a second at ×1), the board interpolates between them as in the
// live game. Errors are shown in the panel; the board keeps its last good picture.

import { h } from '../../ui.js';
import { ReplayPanel } from '../../replay-panel.js';
import { Track, STEP_MS, clock } from './arena-draw.js';
import { SPEEDS, displayName, rankingList } from './arena-ui.js';

const speedText = (x) => (x === 0.25 ? '×¼' : x === 0.5 ? '×½' : `×${x}`);
const REPLAY_SPEEDS = [...SPEEDS, 16];
/** Steps in a second of game time: the ←/→ keys skip this many. */
const SECOND = 1000 / STEP_MS;

/**
 * A command log open on the Replay tab: its session, the final scores, the log's meta.
 * @typedef {{session: import('../../../pkg/gridlab_play.js').ArenaSession, finals: any[], meta: any}} ArenaReplayModel
 */

/** @extends {ReplayPanel<import('./arena.js').ArenaGame, ArenaReplayModel>} */
export class ArenaReplayPanel extends ReplayPanel {
  /**
   * @param {import('./arena.js').ArenaGame} game
   * @param {HTMLElement} panel
   */
  constructor(game, panel) {
    const ranking = h('div#arena-replay-result');
    super(game, panel, {
      prefix: 'arena-replay-', accept: '.json,application/json,text/plain', placeholder: '{"seed":3,"config":{…},"names":[…],"steps":[[…],…]}', label: 'Replay text', what: 'replay',
      heading: 'Replay file',
      intro: 'A game\'s command log: written by `gridlab arena serve --replays DIR` or `gridlab arena play --replay FILE`, or downloaded from the Play tab. Open a file, paste it below, or drop it here or on the board.',
      empty: 'No replay open: the board shows the game of the Play tab.',
      thisGame: { id: 'arena-replay-game', title: 'The game of the Play tab (so far)' },
      infoId: 'arena-replay-info', downloadId: 'arena-replay-download', closeId: 'arena-replay-close', fileExt: '.json',
      speeds: REPLAY_SPEEDS.map((x) => ({ label: speedText(x), rate: SECOND * x })),
      speed: REPLAY_SPEEDS.indexOf(1),
      bar: {
        prefix: 'arena-rp-', labels: ['play'], unit: 'step',
        titles: { first: 'To the start (Home)', back: 'A step back', play: 'Play / pause (Space)', step: 'A step on', end: 'To the end (End)', scrub: 'Step of the replay' },
        posText: (k, n) => `${k} / ${n} · ${clock(k)}`,
      },
      extra: [ranking],
    });
    this.ranking = ranking;
    this.track = new Track();
  }

  parse(text) {
    const session = this.api.ArenaSession.from_log(text);
    try {
      return { session, finals: Array.from(this.api.arena_replay_scores(text)), meta: JSON.parse(text) };
    } catch (err) {
      session.free();
      throw err;
    }
  }

  adopt({ session, meta }) {
    this.len = session.script_len();
    this.steps = session.steps();
    this.names = session.names();
    this.seed = meta.seed;
    this.powerSteps = (meta.config && meta.config.powerSteps) || 200;
    this.track = new Track();
    this.track.push(session.state(true));
    this.stepAt = 0;
  }

  release({ session }) {
    session.free();
  }

  frames() {
    return this.len;
  }

  position() {
    return this.track.tick;
  }

  showFrame(tick) {
    const { session } = this.model;
    session.seek(tick);
    this.track.push(session.state(true));
    this.track.still();
    this.stepAt = 0;
  }

  nextFrame({ animate }) {
    const { session } = this.model;
    session.step(1);
    this.track.push(session.state(false));
    this.stepAt = animate ? performance.now() : 0;
    if (animate) this.game.ensureLoop();
  }

  /** How far the board is between the previous step and this one (1: at this one). */
  alpha() {
    if (!this.stepAt || !this.playing) return 1;
    return Math.min(1, ((performance.now() - this.stepAt) * this.transport.rate) / 1000);
  }

  describe() {
    const names = this.names.map(displayName).join(', ');
    return [h('b', {}, this.name), `: seed ${this.seed}, `, h('span#arena-replay-steps', {}, `${this.len} steps`),
      ` (${clock(this.len)}${this.len < this.steps ? ` of ${clock(this.steps)}` : ''}); ${names}. Final scores `,
      h('b#arena-replay-final', {}, this.model.finals.join(', ')), '.'];
  }

  onShown() {
    if (!this.ranking) return;
    this.game.ui.updateStatus();
    const atEnd = !!this.model && this.track.tick >= this.len;
    const key = `${this.serial}:${atEnd}`;
    if (this.ranking.dataset.key === key) return;
    this.ranking.dataset.key = key;
    const scores = atEnd ? this.track.cur.players.map((p) => p.score) : [];
    this.ranking.replaceChildren(...(atEnd ? [h('h3', {}, 'Result'), rankingList(scores, this.names, { id: 'arena-replay-ranking' })] : []));
  }

  /** What the board and the status bar show. */
  view() {
    const end = this.track.tick >= this.len;
    return {
      track: this.track,
      alpha: this.alpha(),
      you: -1,
      names: this.names,
      steps: this.steps,
      powerSteps: this.powerSteps,
      status: end ? 'Replay: end' : this.playing ? `Replay ${this.transport.speeds[this.transport.speedIndex].label}` : 'Replay: paused',
      statusKind: end ? 'victory' : 'playing',
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
        return this.command('toggle');
      case 'ArrowLeft':
        this.step(-SECOND);
        return true;
      case 'ArrowRight':
        this.step(SECOND);
        return true;
      case 'Home':
        return this.command('first');
      case 'End':
        return this.command('last');
      default:
        return false;
    }
  }

  /** A second back or on (from the board's swipes). */
  skip(d) {
    this.step(d);
  }

  info() {
    if (!this.model) return { loaded: false };
    const st = this.track.cur;
    return {
      loaded: true, name: this.name, tick: this.track.tick, len: this.len, steps: this.steps, seed: this.seed,
      names: [...this.names], scores: st.players.map((p) => p.score), finalScores: [...this.model.finals], playing: this.playing,
      speed: REPLAY_SPEEDS[this.transport.speedIndex],
    };
  }
}
