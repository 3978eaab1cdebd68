// GPac in the playground: owns the wasm GpacSession (the session contract every game
// keeps, through ../game-base.js), lets the agents step, play and run, lets a human play Pac-Man by
// turns or in real time, keeps the game's whole line so that undo and the scrub slider
// go back and forth (the same seed replays the same game), and hosts the Replay (world
// files) and Lab (map evolution in Web Workers) tabs in the Solve and Compare panels.

import { toolsOf } from '../../tools.js';
import { gpacPainter, tileSwatch, TILE_INFO } from './gpac-tiles.js';
import { GpacFiles } from './gpac-files.js';
import { GpacScene } from './gpac-scene.js';
import { catalog } from './gpac-levels.js';
import { GpacUi, SPEEDS } from './gpac-ui.js';
import { PACMEN, GHOSTS, DEFAULT_SETTINGS, cleanSettings, blankMap, looksLikeWorldFile, letterOf } from './gpac-session.js';
import { viewInt } from '../../view-state.js';
import { AutoGame } from '../../auto-game.js';
import { gpacKey } from './gpac-keys.js';
import { gameModule, formatParseError } from '../../game-base.js';
import { load, save } from '../../storage.js';

const SWIPE = { 8: 'u', 2: 'd', 4: 'l', 6: 'r' };
const TAB_LABELS = { solve: 'Replay', compare: 'Lab' };

/** @extends {AutoGame<import('../../../pkg/gridlab_play.js').GpacSession>} */
export class GpacGame extends AutoGame {
  constructor(shell) {
    super(shell, {
      id: 'gpac',
      Session: 'GpacSession',
      noun: 'map',
      moveNoun: 'move',
      catalog,
      painter: gpacPainter,
      Ui: GpacUi,
      check: {}, // its options: checkOptions()
      // The Replay and Lab tabs: after the first board.
      panels: (q) => import(`./gpac-panels.js${q}`),
      edit: {
        info: TILE_INFO,
        swatch: tileSwatch,
        hero: 'm',
        paintHint: 'Click or drag on the board to paint walls; right button (or the Open swatch): open floor. Pac-Man starts top-left and the ghosts bottom-right: those cells stay open. An edit restarts the game.',
        formatHint: 'Course map format: first line "W H" (width, height), then H rows of W characters, top row first: "#" wall, "~" open. Dropping a world file (W and H on lines of their own) on the board opens it in the Replay tab.',
        skip(cell, sym) {
          const line = this.levelText().split('\n')[cell.row + 1] || '';
          return (line[cell.col] === '#') === (sym === '#');
        },
      },
    });
    const prefs = load('prefs') || {};
    const pick = (list, v, d) => (list.some(([id]) => id === v) ? v : d);
    /** @type {[string, string]} Pac-Man's and the ghosts' players */
    this.players = [pick(PACMEN, prefs.gpacPacman, 'avoid'), pick(GHOSTS, prefs.gpacGhosts, 'chase')];
    this.seed = Number.isSafeInteger(prefs.gpacSeed) && prefs.gpacSeed >= 0 ? prefs.gpacSeed : 3;
    this.settings = cleanSettings({ ...DEFAULT_SETTINGS, ...(prefs.gpacSettings || {}) });
    this.speedIndex = Number.isInteger(prefs.gpacSpeed) ? Math.max(0, Math.min(SPEEDS.length - 1, prefs.gpacSpeed)) : 3;
    this.realtime = prefs.gpacRealtime === true;
    /** @type {string | null} real time: the way the player asked to go */
    this.intent = null;
    this.heading = 'r'; // Pac-Man's facing
    /** @type {string[]} the ghosts' looks */
    this.looks = [];
    /** The world files, the replay check and random maps. */
    this.files = new GpacFiles(this, prefs);
    /** What the board and the status bar show. */
    this.drawing = new GpacScene(this);
    this.makeTransport(SPEEDS.map((rate) => ({ label: `${rate}/s`, rate })), this.speedIndex);
    /** @type {GpacUi} */
    this.ui = null; // mountPanels makes it
    /** @type {import('./gpac-replay.js').GpacReplayPanel | null} the Replay tab (after the first board) */
    this.replay = null;
    /** @type {import('./gpac-lab.js').LabPanel | null} the Lab tab (after the first board) */
    this.lab = null;
    this.mountPanels();
    shell.nameTabs(TAB_LABELS);
    shell.onTab(() => {
      if (this.ui) this.ui.update();
    });
  }

  /**
   * The editor's verdict (the tool `verdict`): the mean score of seeded games (the
   * tool's default number) with this page's players and settings, as the tool's flat
   * options name them.
   */
  checkOptions() {
    const { ghosts: ghostsCount, ...settings } = this.settings;
    return { seed: this.seed, pacman: this.players[0], ghosts: this.players[1], ...settings, ghostsCount };
  }

  /** GPac maps are painted with walls and open floor (the registry's palette, `tools()`), in the course format. */
  editSpec() {
    const e = this.spec.edit;
    return {
      palette: toolsOf(this.api, this.id).palette,
      info: e.info,
      swatch: e.swatch,
      brush: '#',
      eraseSym: '~',
      paintHint: e.paintHint,
      formatHint: e.formatHint,
      blank: (rows, cols) => blankMap(rows, cols),
      skip: (cell, sym) => e.skip.call(this, cell, sym),
    };
  }

  // ---- level and session -------------------------------------------------------

  parse(text) {
    try {
      return { session: this.newSession(text) };
    } catch (err) {
      return { error: err };
    }
  }

  /** A wasm session on a map text with this game's settings, seed and players. */
  newSession(text) {
    const session = new this.api.GpacSession(text, this.settings, this.seed);
    try {
      session.set_players(...this.players);
    } catch (err) {
      session.free();
      throw err;
    }
    return session;
  }

  /** Whether you play Pac-Man. */
  get human() {
    return this.players[0] === 'keyboard';
  }

  /** Resize within the browser's limit (`gpac_browser_max_cells()`, scaled down with a note). */
  resizeLevel(rows, cols) {
    const maxCells = this.api.gpac_browser_max_cells();
    if (rows * cols > maxCells) {
      const k = Math.sqrt(maxCells / (rows * cols));
      rows = Math.max(1, Math.floor(rows * k));
      cols = Math.max(2, Math.floor(cols * k));
      this.shell.toast(`At most ${maxCells} cells in the browser: resized to ${cols} × ${rows}`, 'warn');
    }
    super.resizeLevel(rows, cols);
  }

  /** @param {typeof import('./gpac-panels.js')} panels */
  mountOwnPanels(panels) {
    panels.mountGpacPanels(this);
  }

  /**
   * A world file given where a map is expected (drop, Edit tab) opens in the Replay tab
   * (once it has loaded: then whether it opened is not known yet, and true is returned).
   */
  loadLevel(text, opts = {}) {
    if (looksLikeWorldFile(text) && this.session) {
      this.openWorldFile(text, opts.name || 'world file');
      return true;
    }
    return super.loadLevel(text, opts);
  }

  /**
   * Open a world file in the Replay tab (loading it first if need be) and show the tab.
   * @param {string} text
   * @param {string} name
   */
  async openWorldFile(text, name) {
    if (!this.replay && !(await this.loadPanels())) return;
    if (this.replay.open(text, name)) this.shell.selectTab('solve');
  }

  onNewSession() {
    this.stopAll();
    this.heading = 'r';
    this.looks = [];
    this.view = this.session.view();
  }

  onLevelEdited() {
    this.stopAll();
  }

  /** Players, seed, settings, speed, real time and the undone rest of the line, for a link. */
  viewState() {
    const changed = Object.fromEntries(Object.entries(this.settings).filter(([k, v]) => DEFAULT_SETTINGS[k] !== v));
    const line = this.fullLine();
    return {
      ...super.viewState(),
      pacman: this.players[0],
      ghosts: this.players[1],
      seed: String(this.seed),
      settings: Object.keys(changed).length ? JSON.stringify(changed) : null,
      speed: String(this.speedIndex),
      realtime: this.realtime ? '1' : null,
      line: line.length > this.playedMoves().length ? line : null,
    };
  }

  /** A link's view: the game restarts with its players, seed and settings, then replays the moves. */
  applyView(view) {
    super.applyView(view);
    const moves = this.playedMoves();
    const pick = (list, v, d) => (list.some(([id]) => id === v) ? v : d);
    this.stopAll();
    const players = [pick(PACMEN, view.pacman, this.players[0]), pick(GHOSTS, view.ghosts, this.players[1])];
    if (players.join() !== this.players.join()) this.setPlayers(...players);
    if ('seed' in view && viewInt(view, 'seed', this.seed) !== this.seed) this.setSeed(viewInt(view, 'seed', this.seed));
    let settings = {};
    try {
      settings = view.settings ? JSON.parse(view.settings) : {};
    } catch {
      this.shell.toast('The settings in this link are damaged: the defaults are used', 'warn');
    }
    const next = cleanSettings({ ...DEFAULT_SETTINGS, ...settings });
    if (JSON.stringify(next) !== JSON.stringify(this.settings)) this.setSettings(next);
    if ('speed' in view) this.setSpeed(viewInt(view, 'speed', this.speedIndex));
    this.setRealtime(view.realtime === '1');
    if (moves !== this.playedMoves()) this.replayMoves(moves);
    if (view.line && view.line.startsWith(moves)) this.syncRedo(view.line.replace(/[^udlrh]/g, ''));
    this.changed();
  }

  // ---- players and settings (each kept in the prefs, each a restart of the match) --------

  savePrefs(patch) {
    save('prefs', { ...(load('prefs') || {}), ...patch });
  }

  /** After the session restarted by itself (players, seed, settings). */
  restarted({ level = false } = {}) {
    this.redoMoves = [];
    this.heading = 'r';
    this.looks = [];
    this.tilesKey++;
    if (level) this.levelChanged();
    else this.changed();
  }

  setPlayers(pacman, ghosts) {
    this.stopAll();
    this.players = [pacman, ghosts];
    this.session.set_players(pacman, ghosts);
    this.savePrefs({ gpacPacman: pacman, gpacGhosts: ghosts });
    this.restarted();
  }

  setSeed(seed) {
    const n = Math.max(0, Math.floor(Number(seed)));
    if (!Number.isSafeInteger(n)) {
      this.shell.toast('The seed is a whole number from 0 to 2^53 − 1', 'warn');
      this.ui.update();
      return;
    }
    this.stopAll();
    this.seed = n;
    this.session.set_seed(n);
    this.savePrefs({ gpacSeed: n });
    this.restarted();
  }

  setSettings(settings) {
    this.stopAll();
    const clean = cleanSettings(settings || DEFAULT_SETTINGS);
    try {
      this.session.set_settings(clean);
    } catch (err) {
      this.shell.toast(formatParseError(err), 'warn');
      this.ui.syncSettings();
      return;
    }
    this.settings = clean;
    this.savePrefs({ gpacSettings: clean });
    this.ui.syncSettings();
    this.restarted({ level: true });
  }

  /** The Transport calls this when its speed changes. */
  setSpeed(index) {
    this.speedIndex = Math.max(0, Math.min(SPEEDS.length - 1, index));
    if (this.transport && this.transport.speedIndex !== this.speedIndex) this.transport.setSpeed(this.speedIndex);
    this.savePrefs({ gpacSpeed: this.speedIndex });
    this.ui.update();
    this.viewChanged();
  }

  setRealtime(on) {
    this.stopAll();
    this.realtime = on;
    this.savePrefs({ gpacRealtime: on });
    this.ui.update();
    this.viewChanged();
  }

  // ---- the world file ---------------------------------------------------------------------

  /** Open this game's world file in the Replay tab. */
  replayThisGame() {
    this.openWorldFile(this.files.worldFile(), `${this.levelName}, seed ${this.seed}`);
  }

  // ---- the line: turns played and the ones undone (fullLine, seek: GameBase) -------------

  afterReplay() {
    const m = this.session.moves();
    const last = [...m].reverse().find((c) => c !== 'h');
    this.heading = last || 'r';
    this.looks = [];
  }

  // ---- turns ----------------------------------------------------------------------------

  stopAll() {
    this.pause();
    this.intent = null;
    this.finishAnimation();
  }

  get overText() {
    return 'The game is over: Restart (R), Undo or scrub back to play on';
  }

  overToast() {
    this.shell.toast(this.overText);
  }

  /** A direction (u d l r) or hold (h) from a key, the pad, a tap or a swipe. */
  keyMove(sym) {
    if (!this.session) return;
    if (!this.human) {
      if (sym === 'h') this.stepOnce();
      else this.shell.toast('Pac-Man is played by an agent: choose "You (keyboard)" in the toolbar to play');
      return;
    }
    if (this.view.end) {
      this.overToast();
      return;
    }
    if (this.realtime) {
      this.intent = sym;
      if (!this.playing) this.play();
      return;
    }
    this.move(sym);
  }

  /** Pac-Man's move by the player. */
  move(sym, opts = {}) {
    if (!this.session) return Promise.resolve(false);
    if (opts.fromPlan) return super.move(sym, opts);
    if (!this.realtime) this.stopAll();
    else this.finishAnimation();
    const line = this.fullLine();
    const before = this.playedMoves().length;
    const done = super.move(sym, { fromPlan: true });
    if (this.playedMoves().length > before) {
      this.syncRedo(line);
      this.dispatchEvent(new Event('usermove'));
      this.ui.update();
    }
    return done;
  }

  /** One turn by the agents. Resolves when its animation ends; null when the game is over. */
  stepAgent(opts = {}) {
    return this.autoMove(() => this.agentTurn(), opts, {
      animate: (report) => this.played(report.prev, report),
      still: (report) => this.noteTurn(report),
    });
  }


  // ---- the agents (or you in real time) on the Transport (AutoGame) ---------------------

  advance({ animate = true, batch = false } = {}) {
    return this.human ? this.move(this.realtimeMove(), { fromPlan: false }) : this.stepAgent({ animate, quiet: batch });
  }

  autoStep(opts) {
    return this.stepAgent(opts);
  }

  autoRun() {
    let n = 0;
    while (this.session.step_agents()) n++;
    return n;
  }

  autoFinished() {
    return !!this.view.end;
  }

  autoBlocked() {
    return this.human && !this.realtime ? 'Your move: a direction key (or switch on Real time)' : null;
  }

  stepBlocked() {
    return this.human ? 'You play Pac-Man: a direction key, or Space / H to hold' : null;
  }

  maxRate() {
    return this.human ? 30 : Infinity;
  }

  /** Real time: the way asked if legal, else straight on if legal, else hold. */
  realtimeMove() {
    const legal = this.view.legal;
    if (this.intent && legal.includes(this.intent)) return this.intent;
    if (this.heading && legal.includes(this.heading) && this.intent !== 'h') return this.heading;
    return 'h';
  }

  /** Facing and the ghosts' looks after a turn. */
  noteTurn(report) {
    if (report.sym !== 'h') this.heading = report.sym;
    this.looks = report.view.ghosts.map((g, i) => letterOf(report.prev.ghosts[i] || g, g));
  }

  /** The agents' turn as `{prev, view, sym}` (null when the game is over). */
  agentTurn() {
    const prev = this.view;
    const turn = this.session.step_agents();
    return turn && { prev, view: this.session.view(), sym: turn.pacman };
  }

  /** A turn was played: everyone slides to their new cell. */
  played(prev, turn) {
    const report = turn.view ? turn : { prev, view: this.session.view(), sym: turn.pacman };
    this.noteTurn(report);
    const rate = SPEEDS[this.speedIndex];
    const ms = this.playing ? Math.min(180, 850 / rate) : 150;
    return this.animateFor({ turn: report }, ms);
  }

  /** What the board draws (gpac-scene.js). */
  scene() {
    return this.drawing.scene();
  }

  // ---- pointer ----------------------------------------------------------------------------

  tapCell(cell) {
    const v = this.view;
    const at = this.drawing.toCell(v.pacman);
    const dr = cell.row - at.row;
    const dc = cell.col - at.col;
    if (!dr && !dc) return this.keyMove('h');
    if (Math.abs(dc) >= Math.abs(dr)) return this.keyMove(dc > 0 ? 'r' : 'l');
    return this.keyMove(dr > 0 ? 'd' : 'u');
  }

  swipe(digit) {
    if (SWIPE[digit]) this.keyMove(SWIPE[digit]);
  }

  setHover(cell) {
    if ((cell && this.hover && cell.row === this.hover.row && cell.col === this.hover.col) || cell === this.hover) return;
    this.hover = cell;
    this.ui.showCoords(cell);
    this.board.invalidate();
  }

  keyCommand(e) {
    return gpacKey(e);
  }

  gameKey(k) {
    if (this.shell.activeTab() === 'solve' && this.replay && this.replay.loaded()) return this.replay.key(k);
    switch (k.type) {
      case 'dir':
        this.keyMove(k.sym);
        return true;
      case 'hold':
        this.keyMove('h');
        return true;
      case 'step':
        this.stepOnce();
        return true;
      case 'play':
        this.togglePlay();
        return true;
      case 'first':
        this.seek(0);
        return true;
      case 'last':
        this.seek(this.fullLine().length);
        return true;
      default:
        return false;
    }
  }

  debug() {
    return {
      ...super.debug(),
      api: this.api,
      players: () => [...this.players],
      setPlayers: (p, g) => this.setPlayers(p, g),
      seed: () => this.seed,
      setSeed: (s) => this.setSeed(s),
      settings: () => ({ ...this.settings }),
      line: () => this.fullLine(),
      playing: () => this.playing,
      worldFile: () => this.files.worldFile(),
      replay: () => (this.replay ? this.replay.info() : null),
      lab: () => (this.lab ? this.lab.info() : null),
    };
  }

  unmount() {
    this.stopAll();
    if (this.replay) this.replay.dispose();
    if (this.lab) this.lab.dispose();
    super.unmount();
  }
}

export default gameModule('gpac', 'GPac', GpacGame);
