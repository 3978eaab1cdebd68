// GPac in the playground: owns the wasm GpacSession (the session contract every game
// keeps, through ../game-base.js), lets the agents step, play and run, lets a human play Pac-Man by
// turns or in real time, keeps the game's whole line so that undo and the scrub slider
// go back and forth (the same seed replays the same game), and hosts the Replay (world
// files) and Lab (map evolution in Web Workers) tabs in the Solve and Compare panels.

import { gpacPainter, tileSwatch, TILE_INFO, terrain, terrainOfTiles, sceneOfTurn } from './gpac-tiles.js';
import { catalog } from './gpac-levels.js';
import { GpacUi, SPEEDS } from './gpac-ui.js';
import { PACMEN, GHOSTS, DEFAULT_SETTINGS, MAX_CELLS, cleanSettings, blankMap, looksLikeWorldFile, letterOf, sizeError } from './gpac-session.js';
import { GpacReplayPanel } from './gpac-replay.js';
import { viewInt } from '../../view-state.js';
import { Transport } from '../../transport.js';
import { LabPanel } from './gpac-lab.js';
import { gpacKey } from './gpac-keys.js';
import { GameBase, gameModule, formatParseError } from '../../game-base.js';
import { load, save } from '../../storage.js';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const nextFrame = () => new Promise((r) => requestAnimationFrame(() => r()));
const SWIPE = { 8: 'u', 2: 'd', 4: 'l', 6: 'r' };
const TAB_LABELS = { solve: 'Replay', compare: 'Lab' };

class GpacGame extends GameBase {
  constructor(shell) {
    super(shell, {
      id: 'gpac',
      Session: 'GpacSession',
      noun: 'map',
      moveNoun: 'move',
      catalog,
      painter: gpacPainter,
      Ui: GpacUi,
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
    this.players = [pick(PACMEN, prefs.gpacPacman, 'avoid'), pick(GHOSTS, prefs.gpacGhosts, 'chase')];
    this.seed = Number.isInteger(prefs.gpacSeed) && prefs.gpacSeed >= 0 ? prefs.gpacSeed : 3;
    this.settings = cleanSettings({ ...DEFAULT_SETTINGS, ...(prefs.gpacSettings || {}) });
    this.speedIndex = Number.isInteger(prefs.gpacSpeed) ? Math.max(0, Math.min(SPEEDS.length - 1, prefs.gpacSpeed)) : 3;
    this.realtime = prefs.gpacRealtime === true;
    this.zeroIds = prefs.gpacZeroIds === true;
    this.randomPrefs = { w: 35, h: 20, density: 0.3, seed: 1, ...(prefs.gpacRandom || {}) };
    this.intent = null; // real time: the way the player asked to go
    this.heading = 'r'; // Pac-Man's facing
    this.looks = [];
    this.terrainCache = { key: null, bytes: null, edit: null, editKey: null };
    this.transport = new Transport(this.transportSource(), {
      speeds: SPEEDS.map((rate) => ({ label: `${rate}/s`, rate })),
      speed: this.speedIndex,
      onSpeed: (i) => this.setSpeed(i),
    });
    this.mountPanels();
    this.replay = new GpacReplayPanel(this, shell.panels.solve);
    this.lab = new LabPanel(this, shell.panels.compare);
    shell.nameTabs(TAB_LABELS);
    shell.onTab(() => {
      if (this.ui) this.ui.update();
    });
  }

  /** GPac maps are painted with walls and open floor, in the course format. */
  editSpec() {
    const e = this.spec.edit;
    return {
      palette: ['#', '~'],
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
    const tooLarge = sizeError(text);
    if (tooLarge) throw tooLarge;
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

  /** Resize within the browser's limit (at most MAX_CELLS cells, scaled down with a note). */
  resizeLevel(rows, cols) {
    if (rows * cols > MAX_CELLS) {
      const k = Math.sqrt(MAX_CELLS / (rows * cols));
      rows = Math.max(1, Math.floor(rows * k));
      cols = Math.max(2, Math.floor(cols * k));
      this.shell.toast(`At most ${MAX_CELLS} cells in the browser: resized to ${cols} × ${rows}`, 'warn');
    }
    super.resizeLevel(rows, cols);
  }

  /** A world file given where a map is expected (drop, Edit tab) opens in the Replay tab. */
  loadLevel(text, opts = {}) {
    if (looksLikeWorldFile(text) && this.replay) {
      const ok = this.replay.open(text, opts.name || 'world file');
      if (ok) this.shell.selectTab('solve');
      return ok;
    }
    return super.loadLevel(text, opts);
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
    if (!Number.isFinite(n)) {
      this.shell.toast('The seed is a whole number', 'warn');
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

  setZeroIds(on) {
    this.zeroIds = on;
    this.savePrefs({ gpacZeroIds: on });
  }

  /** A random map (repaired by the engine), loaded as the current map. */
  randomMap({ w, h, density, seed }) {
    if (!(w >= 1 && h >= 1 && w * h >= 2 && w * h <= MAX_CELLS)) {
      this.shell.toast(`A random map has 2 to ${MAX_CELLS} cells (e.g. 80 × 80)`, 'warn');
      return false;
    }
    let text;
    try {
      const s = this.api.GpacSession.random(Math.round(w), Math.round(h), density, this.settings, Math.max(0, Math.round(seed) || 0));
      text = s.level_text();
      s.free();
    } catch (err) {
      this.shell.toast(`No random map: ${formatParseError(err)}`, 'warn');
      return false;
    }
    this.randomPrefs = { w, h, density, seed };
    this.savePrefs({ gpacRandom: this.randomPrefs });
    return this.loadLevel(text, { name: `Random ${w}×${h} map (walls ${density}, seed ${seed})` });
  }

  // ---- world files -------------------------------------------------------------------

  worldFile() {
    return this.session.world_file(this.zeroIds);
  }

  worldFileName() {
    const name = (this.levelName || 'map').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    return `gpac-${name || 'map'}-seed${this.seed}-turn${this.view.turns}.txt`;
  }

  replayThisGame() {
    if (this.replay.open(this.worldFile(), `${this.levelName}, seed ${this.seed}`)) this.shell.selectTab('solve');
  }

  /** Play the same moves from the same seed in a fresh session; compare the world files. */
  verifySeed() {
    const out = this.ui.verifyResult;
    let fresh;
    try {
      fresh = this.newSession(this.levelText());
      fresh.replay(this.playedMoves());
      const same = fresh.world_file(this.zeroIds) === this.worldFile();
      const v = fresh.view();
      out.textContent = same
        ? `✓ Same seed, same game: a fresh session replayed ${v.turns} turn${v.turns === 1 ? '' : 's'} to score ${v.score}, with an identical world file.`
        : '✗ The fresh session\'s world file differs.';
      out.className = `small ${same ? 'goal-ok' : 'goal-no'}`;
    } catch (err) {
      out.textContent = `✗ ${err.message || err}`;
      out.className = 'small goal-no';
    } finally {
      if (fresh) fresh.free();
    }
  }

  // ---- the line: turns played and the ones undone (fullLine, seek: GameBase) -------------

  afterReplay() {
    const m = this.session.moves();
    const last = [...m].reverse().find((c) => c !== 'h');
    this.heading = last || 'r';
    this.looks = [];
  }

  undo() {
    const n = this.session ? this.playedMoves().length : 0;
    if (!n) return false;
    this.dispatchEvent(new Event('usermove'));
    this.seek(n - 1);
    return true;
  }

  redo() {
    if (this.fullLine().length === this.playedMoves().length) return false;
    this.dispatchEvent(new Event('usermove'));
    this.stopAll();
    if (this.human) super.move(this.redoMoves.pop(), { fromPlan: true });
    else this.stepAgent();
    return true;
  }

  restart() {
    if (!this.session) return;
    this.dispatchEvent(new Event('usermove'));
    this.seek(0);
  }

  // ---- turns ----------------------------------------------------------------------------

  stopAll() {
    this.pause();
    this.intent = null;
    this.finishAnimation();
  }

  overToast() {
    this.shell.toast('The game is over: Restart (R), Undo or scrub back to play on');
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


  /** The game as the Transport's source: its line, the agents (or you in real time) playing it. */
  transportSource() {
    return {
      position: () => this.playedMoves().length,
      length: () => this.fullLine().length,
      seek: (k) => this.seek(k),
      advance: ({ animate = true, batch = false } = {}) =>
        this.human ? this.move(this.realtimeMove(), { fromPlan: false }) : this.stepAgent({ animate, quiet: batch }) || false,
      batchDone: (n) => n && this.changed(),
      finished: () => !this.view || !!this.view.end,
      blocked: () => (this.session && this.human && !this.realtime ? 'Your move: a direction key (or switch on Real time)' : null),
      toEnd: () => this.runToEnd(),
      maxRate: () => (this.session && this.human ? 30 : Infinity),
    };
  }

  get playing() {
    return !!this.transport && this.transport.playing;
  }

  stepOnce() {
    this.stopAll();
    if (this.view.end) this.overToast();
    else if (this.human) this.shell.toast('You play Pac-Man: a direction key, or Space / H to hold');
    else this.transport.step();
  }

  runToEnd() {
    this.stopAll();
    if (this.human) {
      this.shell.toast('You play Pac-Man: choose an agent in the toolbar to watch');
      return;
    }
    const line = this.fullLine();
    let n = 0;
    while (this.session.step_agents()) n++;
    this.syncRedo(line);
    this.afterReplay();
    this.tilesKey++;
    this.changed();
    return n;
  }

  togglePlay() {
    if (this.playing) this.pause();
    else this.play();
  }

  play() {
    const why = this.transport.play();
    if (why === 'over') this.overToast();
    else if (why) this.shell.toast(why);
  }

  pause() {
    if (this.transport) this.transport.pause();
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

  // ---- pointer ----------------------------------------------------------------------------

  tapCell(cell) {
    const v = this.view;
    const at = this.toCell(v.pacman);
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

  // ---- drawing ----------------------------------------------------------------------------

  /** {x, y} (origin bottom-left) → {row, col} of the board. */
  toCell(p, rows = this.view.rows) {
    return { row: rows - 1 - p.y, col: p.x };
  }

  terrainNow() {
    const c = this.terrainCache;
    if (c.key !== this.tilesKey) {
      c.bytes = terrainOfTiles(this.tiles(), this.view.rows, this.view.cols);
      c.key = this.tilesKey;
    }
    return c.bytes;
  }

  scene() {
    if (!this.session || !this.view) return null;
    const tab = this.shell.activeTab();
    if (tab === 'solve' && this.replay.loaded()) return this.replay.scene();
    const v = this.view;
    const { rows, cols } = v;
    if (tab === 'edit') {
      const c = this.terrainCache;
      if (c.editKey !== this.tilesKey) {
        const tiles = this.tiles();
        c.edit = terrain(rows, cols, (r, col) => tiles[r * cols + col] === 35, () => false);
        c.editKey = this.tilesKey;
      }
      return {
        rows, cols, tiles: c.edit, tilesKey: `e${this.tilesKey}`, marks: this.hover ? [{ kind: 'target', ...this.hover }] : [],
        actors: [{ kind: 'pacman', row: 0, col: 0, dir: 'r' }, ...v.ghosts.map((_, i) => ({ kind: 'ghost', i, row: rows - 1, col: cols - 1, slot: i, count: v.ghosts.length }))],
      };
    }
    const scene = { rows, cols, tiles: this.terrainNow(), tilesKey: `p${this.tilesKey}`, marks: [], actors: [], patches: [] };
    return sceneOfTurn(scene, {
      now: v, turn: this.anim && this.anim.turn, t: this.anim ? Math.min(1, this.anim.t / this.anim.duration) : 1,
      heading: this.heading, looks: this.looks, toCell: (p) => this.toCell(p, rows),
    });
  }

  /** What the status bar shows: the replayed snapshot on the Replay tab, else the game. */
  shownState() {
    if (this.shell.activeTab() === 'solve' && this.replay.loaded()) return this.replay.status();
    const v = this.view;
    return { ...v, label: this.playing ? 'Playing' : v.turns ? 'Paused' : 'Ready' };
  }

  keyCommand(e) {
    return gpacKey(e);
  }

  gameKey(k) {
    if (this.shell.activeTab() === 'solve' && this.replay.loaded()) return this.replay.key(k);
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
      worldFile: () => this.worldFile(),
      replay: () => this.replay.info(),
      lab: () => this.lab.info(),
    };
  }

  unmount() {
    this.stopAll();
    this.replay.dispose();
    this.lab.dispose();
    super.unmount();
  }
}

export default gameModule('gpac', 'GPac', GpacGame);
