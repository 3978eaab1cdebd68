// Arena in the playground: real-time 4-player Pac-Man. Not a turn-based GameBase game:
// this controller honours the shell's module contract ({id, name, mount} and a
// controller with onKey / shareState / loadShared / unmount / debug) and owns
// - the Play tab's game: the wasm ArenaSession (you and three bots, or four bots)
//   stepped by a requestAnimationFrame clock at 20 steps a second (slow motion ×¼ ×½,
//   fast ×2 ×4 when watching), drawn at 60 fps between the last two states;
// - the Replay tab (arena-replay.js), the Live tab (arena-live.js, the Edit tab, named through shell.nameTabs)
//   and the League tab (arena-league.js, the Compare tab), loaded after the first board
//   (arena-panels.js, `loadPanels`);
// - keys, swipes and taps, the status bar and the end-of-game banner (arena-ui.js).

import { arenaPainter, Track, STEP_MS, SIDE } from './arena-draw.js';
import { Transport } from '../../transport.js';
import { ArenaUi, SPEEDS } from './arena-ui.js';
import { download, LazyPanels } from '../../ui.js';
import { ArenaInput } from './arena-input.js';
import { ArenaPhase } from './arena-phase.js';
import { cleanSetup, setupFromHash, mergedSetup, DEFAULT_SETUP } from './arena-setup.js';
import { load, save } from '../../storage.js';

/** @typedef {import('./arena-phase.js').ArenaPhaseName} ArenaPhaseName */
/** @typedef {import('../../contracts.js').Controller} Controller */

const TAB_LABELS = { edit: 'Live', solve: 'Replay', compare: 'League' };
const STEPS_PER_SECOND = 1000 / STEP_MS;

/**
 * Arena's controller (the shell's contract, not a GameBase).
 * @implements {Controller}
 */
export class ArenaGame {
  /** @param {import('../../contracts.js').Shell} shell */
  constructor(shell) {
    this.shell = shell;
    this.api = shell.api;
    this.board = shell.board;
    this.signal = shell.signal;
    const prefs = (load('prefs') || {}).arena || {};
    const fromHash = setupFromHash(location.hash);
    this.setup = mergedSetup({ ...DEFAULT_SETUP, ...prefs.setup }, fromHash);
    this.speed = SPEEDS.includes(fromHash.speed) ? fromHash.speed : SPEEDS.includes(prefs.speed) ? prefs.speed : 1;
    /** @type {import('../../../pkg/gridlab_play.js').ArenaSession} */
    this.session = null;
    this.stepAt = 0;
    this.track = new Track();
    /** @type {ArenaPhaseName} */
    this.phase = ArenaPhase.READY;
    /** @type {typeof DEFAULT_SETUP} the setup of the game on the board (`setup` is the next one's) */
    this.gameSetup = null;
    /** @type {string[]} the players' names, seat by seat */
    this.names = [];
    this.powerSteps = 200;
    this.bannerClosed = false;
    this.gameId = 0;
    this.you = -1;
    this.intent = null;
    this.queued = null;
    this.lastCommand = null;
    this.commandsSent = [];
    this.raf = 0;
    this.dead = false;

    this.board.setPainter(arenaPainter);
    this.board.setGrid(SIDE, SIDE);
    this.board.setScene(() => this.scene());
    this.board.canvas.setAttribute('aria-label', 'Arena board');
    shell.nameTabs(TAB_LABELS);
    // The game on the one Transport: 20 steps a second at ×1, each drawn sliding from the
    // last (animated up to ×4); it cannot seek back (its replay can, on the Replay tab).
    this.transport = new Transport(this.gameSource(), {
      speeds: SPEEDS.map((x) => ({ label: `×${x}`, rate: STEPS_PER_SECOND * x })),
      speed: SPEEDS.indexOf(this.speed),
      batchRate: 100,
    });
    this.ui = new ArenaUi(this);
    /** @type {import('./arena-replay.js').ArenaReplayPanel | null} the Replay tab (after the first board) */
    this.replay = null;
    /** @type {import('./arena-live.js').LivePanel | null} the Live tab (after the first board) */
    this.live = null;
    /** @type {import('./arena-league.js').LeaguePanel | null} the League tab (after the first board) */
    this.league = null;
    /** The Replay, Live and League tabs' panels, loaded after the first board (`loadPanels`). */
    this.lazyPanels = new LazyPanels({
      modules: [(q) => import(`./arena-panels.js${q}`)],
      mount: ([panels]) => {
        panels.mountArenaPanels(this);
        this.ui.update();
        this.board.invalidate();
      },
      hosts: () => [shell.panels.edit, shell.panels.solve, shell.panels.compare],
      gone: () => this.dead,
    });
    /** The pointer, drops and keys. */
    this.input = new ArenaInput(this);
    this.input.attach();
    shell.onTab((tab) => {
      if (tab !== 'play') this.loadPanels();
      if (tab !== 'play' && this.phase === ArenaPhase.RUNNING) this.pause();
      if (tab !== 'solve' && this.replay) this.replay.pause();
      this.ui.update();
      this.board.invalidate();
      this.ensureLoop();
    });
    document.addEventListener('visibilitychange', () => {
      if (document.hidden && this.phase === ArenaPhase.RUNNING && this.you >= 0) this.pause();
    }, { signal: this.signal });
    this.newGame({ start: false });
    this.ui.syncSetup();
  }

  // ---- the game --------------------------------------------------------------------------

  /**
   * A new session from the setup; `start` runs it at once.
   * @param {{start: boolean}} options
   */
  newGame({ start }) {
    const seats = this.seats();
    let session;
    try {
      session = new this.api.ArenaSession(seats, this.setup.seed, this.setup.steps);
    } catch (err) {
      this.shell.toast(`No game: ${(err && err.message) || err}`, 'error');
      return false;
    }
    if (this.session) this.session.free();
    this.session = session;
    this.gameSetup = { ...this.setup, bots: [...this.setup.bots] };
    this.gameId++;
    this.names = session.names();
    this.you = seats.indexOf('human');
    try {
      this.powerSteps = JSON.parse(session.command_log()).config.powerSteps || 200;
    } catch {
      this.powerSteps = 200;
    }
    this.transport.pause();
    this.track = new Track();
    this.track.push(session.state(true));
    this.stepAt = 0;
    if (this.you >= 0 && this.speed > 1) this.speed = 1;
    this.transport.setSpeed(SPEEDS.indexOf(this.speed));
    this.intent = null;
    this.queued = null;
    this.lastCommand = null;
    this.commandsSent = [];
    this.bannerClosed = false;
    this.phase = start ? ArenaPhase.RUNNING : ArenaPhase.READY;
    if (start) this.transport.play();
    this.ui.update();
    this.board.invalidate();
    if (start) this.ensureLoop();
    return true;
  }

  startGame() {
    if (this.shell.activeTab() !== 'play') this.shell.selectTab('play');
    if (this.newGame({ start: true })) this.board.canvas.focus({ preventScroll: true });
  }

  pause() {
    if (this.phase !== ArenaPhase.RUNNING) return;
    this.phase = ArenaPhase.PAUSED;
    this.transport.pause();
    this.ui.update();
    this.board.invalidate();
  }

  resume() {
    if (this.phase === ArenaPhase.READY) return this.startCurrent();
    if (this.phase !== ArenaPhase.PAUSED) return;
    if (this.shell.activeTab() !== 'play') this.shell.selectTab('play');
    this.phase = ArenaPhase.RUNNING;
    this.transport.play();
    this.ui.update();
    this.ensureLoop();
  }

  /** Run the game prepared in the ready phase (the board already shows it). */
  startCurrent() {
    if (this.phase !== ArenaPhase.READY) return;
    this.phase = ArenaPhase.RUNNING;
    this.transport.play();
    this.ui.update();
    this.ensureLoop();
  }

  togglePause() {
    if (this.phase === ArenaPhase.RUNNING) this.pause();
    else if (this.phase === ArenaPhase.PAUSED) this.resume();
    else if (this.phase === ArenaPhase.READY) this.startCurrent();
  }

  /** One step: your queued command (once you are out of the hub), the step, its state. */
  stepGame() {
    const s = this.session;
    if (this.you >= 0 && this.queued && this.track.cur.players[this.you].wait === 0) {
      this.send(this.queued);
      this.queued = null;
    }
    const on = s.step(1);
    this.track.push(s.state(false));
    const me = this.you >= 0 ? this.track.cur.players[this.you] : null;
    if (me && this.intent && me.dir === this.intent) this.intent = null;
    if (!on) this.finish();
    return on;
  }

  finish() {
    this.phase = ArenaPhase.OVER;
    this.stepAt = 0;
    this.ui.update();
    this.board.invalidate();
  }

  /** Bots only: the rest of the game at once (the Transport's "to the end"). */
  toEnd() {
    if (this.you >= 0 || this.phase === ArenaPhase.OVER) return;
    this.transport.toEnd();
  }

  runRest() {
    while (this.session.step(500)) {
      /* the engine plays 500 steps a call */
    }
    this.track.push(this.session.state(true));
    this.track.still();
    this.finish();
  }

  /** @param {string} word */
  send(word) {
    try {
      this.session.command(this.you, word);
      this.lastCommand = word;
      this.commandsSent.push([this.track.tick, word]);
      if (this.commandsSent.length > 200) this.commandsSent.shift();
    } catch (err) {
      this.shell.toast(err.message || String(err), 'warn');
    }
  }

  /**
   * A command from a key, a swipe, a tap or the pad: U D L R REV DROP.
   * @param {string} word
   */
  human(word) {
    if (this.shell.activeTab() !== 'play') this.shell.selectTab('play');
    if (this.you < 0) {
      this.shell.toast('Bots only: choose "You vs bots" in the Play panel to play', 'warn');
      return false;
    }
    if (this.phase === ArenaPhase.OVER) {
      this.shell.toast('The game is over: Play again (Enter) or replay it');
      return false;
    }
    const me = this.track.cur.players[this.you];
    if (word === 'DROP' && !me.mines) this.shell.toast('No landmine to drop: walk over one (grey, spiky) to pick it up');
    if ('UDLR'.includes(word)) this.intent = word;
    if (word === 'REV') this.intent = null;
    if (me.wait > 0 && word !== 'DROP') this.queued = word;
    else this.send(word);
    if (this.phase === ArenaPhase.READY) this.startCurrent();
    else if (this.phase === ArenaPhase.PAUSED) this.shell.toast('Paused: P goes on');
    this.board.invalidate();
    return true;
  }

  async replayThisGame() {
    if (!this.session) return;
    if (this.phase === ArenaPhase.RUNNING) this.pause();
    const name = `this game (seed ${this.gameSetup.seed}${this.phase === ArenaPhase.OVER ? '' : `, ${this.track.tick} steps so far`})`;
    const log = this.session.command_log();
    if (!(await this.loadPanels())) return;
    if (this.replay.open(log, name)) this.shell.selectTab('solve');
  }

  /**
   * Load and mount the Replay, Live and League panels (once; after the first board, or
   * when one of their tabs is opened first). A failed load says so on those tabs and is
   * tried again the next time a tab asks.
   * @returns {Promise<boolean>} whether they are mounted
   */
  loadPanels() {
    return this.lazyPanels.load();
  }

  /** The shell's contract: the panels after the first board (see `loadPanels`). */
  panelsReady() {
    return this.loadPanels();
  }

  /** Whether the Replay tab has a replay open. */
  replaying() {
    return !!this.replay && this.replay.loaded();
  }

  /**
   * The name of the board's exported images (PNG, GIF, WebM): the seed and the players
   * of the replay shown on the Replay tab, else of the game on the board.
   */
  get levelName() {
    const [seed, names] = this.shell.activeTab() === 'solve' && this.replaying() ? [this.replay.seed, this.replay.names] : [this.gameSetup?.seed, this.names];
    if (seed == null) return 'board';
    return `seed ${seed} ${names.map((n) => n.replace(/^bot:/, '')).join(' ')}`;
  }

  logFileName() {
    return `arena-seed-${this.gameSetup.seed}-${this.names.map((n) => n.replace(/^bot:/, '')).join('-')}-${this.track.tick}.json`;
  }

  downloadLog() {
    if (this.session) download(this.logFileName(), this.session.command_log());
  }

  // ---- the clock: the Transport steps, the frames draw ----------------------------------

  /**
   * The game as the Transport's source.
   * @returns {import('../../contracts.js').TransportSource}
   */
  gameSource() {
    return {
      position: () => this.track.tick,
      length: () => (this.session ? this.session.steps() : 0),
      seek: () => {},
      advance: ({ animate = true } = {}) => {
        if (this.phase !== ArenaPhase.RUNNING) return false;
        const on = this.stepGame();
        this.stepAt = animate ? performance.now() : 0;
        this.ensureLoop();
        return on;
      },
      batchDone: () => this.ui.updateStatus(),
      finished: () => !this.session || this.phase === ArenaPhase.OVER,
      toEnd: () => this.runRest(),
    };
  }

  /** How far the units are between the last step and the one before (1: at the last). */
  alpha() {
    if (!this.stepAt || !this.transport.playing) return 1;
    return Math.min(1, ((performance.now() - this.stepAt) * this.transport.rate) / 1000);
  }

  ensureLoop() {
    if (this.raf || this.dead) return;
    this.raf = requestAnimationFrame(() => this.frame());
  }

  frame() {
    this.raf = 0;
    if (this.dead) return;
    const stepping = this.transport.playing || (this.replay && this.replay.playing);
    if (stepping) this.ui.updateStatus();
    // Our next frame is asked for before the board's: the board draws after a step.
    if (stepping || (this.live && this.live.connected())) this.raf = requestAnimationFrame(() => this.frame());
    this.board.invalidate();
  }

  // ---- what the board shows -------------------------------------------------------------

  /** The source on the board: the Replay tab's file, the Live feed, else the Play game. */
  activeView() {
    const tab = this.shell.activeTab();
    if (tab === 'solve' && this.replaying()) return this.replay.view();
    if (tab === 'edit' && this.live) return this.live.view();
    const phase = this.phase;
    const status = { ready: 'Ready', running: this.you >= 0 ? 'Playing' : 'Watching', paused: 'Paused', over: 'Game over' }[phase];
    let message = null;
    if (phase === ArenaPhase.READY) message = ['Ready', this.you >= 0 ? 'Start, Enter or an arrow key' : 'Start (Enter) to watch the bots'];
    else if (phase === ArenaPhase.PAUSED) message = ['Paused', 'P to go on'];
    return {
      track: this.track,
      alpha: phase === ArenaPhase.OVER ? 1 : this.alpha(),
      you: this.you,
      intent: this.intent,
      names: this.names,
      steps: this.session ? this.session.steps() : 0,
      powerSteps: this.powerSteps,
      status: this.speed !== 1 && phase === ArenaPhase.RUNNING ? `${status} ×${this.speed}` : status,
      statusKind: phase === ArenaPhase.OVER ? 'victory' : 'playing',
      message,
    };
  }

  scene() {
    const view = { ...this.activeView(), now: performance.now() };
    return {
      rows: SIDE,
      cols: SIDE,
      tiles: FLOOR_TILES,
      tilesKey: 'arena',
      top: [{ kind: 'arena', row: 0, col: 0, view }],
    };
  }

  // ---- the setup (who sits where, seed, length) and speed: kept in the prefs and the link --

  /**
   * Who sits where: 'human' or a bot kind, seat by seat.
   * @param {typeof DEFAULT_SETUP} [setup]
   */
  seats(setup = this.setup) {
    return setup.bots.map((k, i) => (setup.mode === 'human' && i === setup.seat ? 'human' : k));
  }

  setupDiffers() {
    return !!this.gameSetup && JSON.stringify(this.seats()) + this.setup.seed + ':' + this.setup.steps !==
      JSON.stringify(this.seats(this.gameSetup)) + this.gameSetup.seed + ':' + this.gameSetup.steps;
  }

  /** Keep the setup for the next visit and in the link. */
  savePrefs() {
    const prefs = load('prefs') || {};
    save('prefs', { ...prefs, arena: { setup: this.setup, speed: this.speed } });
    this.shell.updateHash(this.shareState());
  }

  /**
   * Change the setup; before the first step the board shows the new game at once.
   * @param {Record<string, unknown>} patch setup fields (`cleanSetup` makes them safe)
   */
  setSetup(patch) {
    this.setup = cleanSetup({ ...this.setup, ...patch });
    this.savePrefs();
    this.ui.syncSetup();
    if (this.phase === ArenaPhase.READY) this.newGame({ start: false });
    else this.ui.update();
  }

  /** @param {number} x ×¼ … ×4 (SPEEDS) */
  setSpeed(x) {
    if (!SPEEDS.includes(x)) return;
    if (x > 1 && this.you >= 0 && this.shell.activeTab() === 'play') {
      this.shell.toast('×2 and ×4 are for watching: slow motion or real speed when you play', 'warn');
      return;
    }
    this.speed = x;
    this.transport.setSpeed(SPEEDS.indexOf(x));
    this.savePrefs();
    this.ui.update();
  }

  /** Arena has no level text to share: a link carries the setup (seats, seed, length) and the speed. */
  /** @returns {import('../../contracts.js').SharedState} */
  shareState() {
    const s = this.setup;
    return { view: { seats: this.seats().join(','), seed: String(s.seed), steps: String(s.steps), speed: this.speed === 1 ? null : String(this.speed) } };
  }

  /**
   * Open a link's setup (a pasted link while the page is open).
   * @param {import('../../contracts.js').SharedState} shared
   */
  loadShared(shared) {
    const fromHash = setupFromHash(shared.view || {});
    this.setSetup(mergedSetup(this.setup, fromHash));
    if (SPEEDS.includes(fromHash.speed)) this.setSpeed(fromHash.speed);
  }

  // ---- the shell's contract ---------------------------------------------------------------

  /**
   * A key on the page: whether the game handled it.
   * @param {KeyboardEvent} e
   */
  onKey(e) {
    return this.input.key(e);
  }

  /** What a presenter's keys and the embed bar drive: the replay (Replay tab) or the game. */
  presenterTransport() {
    const tab = this.shell.activeTab();
    if (tab === 'solve' && this.replaying()) return this.replay.transport;
    return tab === 'play' ? this.transport : null;
  }

  debug() {
    const info = () => {
      const st = this.track.cur;
      return {
        phase: this.phase,
        tick: this.track.tick,
        steps: this.session ? this.session.steps() : 0,
        over: this.session ? this.session.over() : false,
        you: this.you,
        names: this.names ? [...this.names] : [],
        scores: st ? st.players.map((p) => p.score) : [],
        round: st ? st.round : 0,
        speed: this.speed,
        setup: { ...this.gameSetup, bots: [...this.gameSetup.bots] },
        intent: this.intent,
      };
    };
    return {
      api: this.api,
      animating: () => false,
      info,
      view: info,
      state: () => (this.track.cur ? JSON.parse(JSON.stringify(this.track.cur)) : null),
      setup: () => ({ ...this.setup, bots: [...this.setup.bots] }),
      /** Start a game now: {mode, seat, bots, seed, steps} over the current setup. */
      start: (patch = {}) => {
        this.setup = cleanSetup({ ...this.setup, ...patch });
        this.ui.syncSetup();
        this.startGame();
        return info();
      },
      pause: () => this.pause(),
      resume: () => this.resume(),
      setSpeed: (x) => this.setSpeed(x),
      toEnd: () => this.toEnd(),
      commandLog: () => (this.session ? this.session.command_log() : ''),
      lastCommand: () => this.lastCommand,
      commands: () => this.commandsSent.map(([t, w]) => ({ tick: t, word: w })),
      replay: () => (this.replay ? this.replay.info() : null),
      live: () => (this.live ? this.live.info() : null),
      league: () => (this.league ? this.league.info() : null),
    };
  }

  unmount() {
    this.dead = true;
    if (this.raf) cancelAnimationFrame(this.raf);
    this.raf = 0;
    if (this.replay) this.replay.dispose();
    if (this.live) this.live.dispose();
    if (this.league) this.league.dispose();
    if (this.session) this.session.free();
    this.session = null;
    const banner = this.shell.banner;
    delete banner.dataset.arena;
  }
}

/** The board's static layer: floor everywhere (the painter's '.'; the maze is drawn on top). */
const FLOOR_TILES = new Uint8Array(SIDE * SIDE).fill('.'.charCodeAt(0));

/** @type {import('../../contracts.js').GameModule} */
export default {
  id: 'arena',
  name: 'Arena',
  mount(shell) {
    return new ArenaGame(shell);
  },
};
