// What every game view shares: the wasm session's life cycle (parse with a visible
// error, load, replace, edit in place), moves with undo/redo/restart and replay, the
// animation loop, autosave, the URL hash, the shared panels (Edit, Solve with plan
// playback, Compare), pointer wiring, the common keys, the debug handle and the first
// load (shared link, autosave or the default level).
//
// A game subclasses GameBase with a description (see www/README.md, "Adding a game"):
//   super(shell, { id, Session, noun, moveNoun, catalog, painter, Ui, solve, edit,
//                  check, generate, shownTools, judge })
// (`check`: the editor's live verdict's limits; `generate`: the generator's form;
// `shownTools`: more registry tools the game's own panels run; `judge`: "Check a solution")
// (`solve` is optional: without it the game fills the Solve and Compare panels itself;
// `loadSolve` gives it after the first board instead; `panels`: the game's own panels,
// loaded after the first board with the shared ones)
// sets its own state, then calls this.mountPanels(). It implements scene(), and may
// override the hooks below (onNewSession, onLevelEdited, afterReplay, played, ...).

import { attachPointer, digitForKey } from './input.js';
import { LazyPanels } from './ui.js';
import { toolsOf, loadRegistry } from './tools.js';
import { debouncedSaver, read, remove } from './storage.js';

/** The most edits kept for the editor's undo before it comes (its own history keeps 300). */
const EDITS_BEFORE = 300;

/** @typedef {import('./contracts.js').Shell} Shell */
/** @typedef {import('./contracts.js').Controller} Controller */
/** @typedef {import('./contracts.js').GameSpec} GameSpec */
/** @typedef {import('./contracts.js').Session} Session */
/** @typedef {import('./contracts.js').SessionView} SessionView */
/** @typedef {import('./contracts.js').SharedState} SharedState */
/** @typedef {import('./contracts.js').View} View */
/** @typedef {import('./contracts.js').Cell} Cell */
/** @typedef {import('./contracts.js').KeyCommand} KeyCommand */
/** @typedef {import('./contracts.js').EditSpec} EditSpec */
/** @typedef {import('./contracts.js').Scene} Scene */
/** @typedef {import('./transport.js').Transport} Transport */
/** @typedef {import('./solver-panel.js').SolverPanel} SolverPanel */
/** @typedef {import('./compare.js').ComparePanel} ComparePanel */
/** @typedef {import('./tools-panel.js').ToolsPanel} ToolsPanel */
/**
 * The running animation (`animateFor`): the game's state, then its clock.
 * @typedef {{t0: number, t: number, duration: number, resolve: (done: boolean) => void, [field: string]: any}} Animation
 */

export const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

/** @type {(e: any) => string} */
export const formatParseError = (e) =>
  e && e.line != null ? `Line ${e.line}, column ${e.column}: ${e.message}` : (e && e.message) || String(e);

/** @type {(a: Cell | null | undefined, b: Cell | null | undefined) => boolean} */
export const sameCell = (a, b) => (a && b ? a.row === b.row && a.col === b.col : a === b);

const capitalize = (s) => s[0].toUpperCase() + s.slice(1);

/**
 * The history keys of every game: Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y, Backspace (undo a
 * move in every tab: `moves: true`); {type: null} for any other key with Ctrl, Meta or
 * Alt; undefined when the key is not one of these (the game reads it).
 * @param {KeyboardEvent} e
 * @returns {KeyCommand | undefined}
 */
export function historyKey(e) {
  const k = (e.key || '').toLowerCase();
  const mod = e.ctrlKey || e.metaKey;
  if (mod && k === 'z') return { type: e.shiftKey ? 'redo' : 'undo' };
  if (mod && k === 'y') return { type: 'redo' };
  if (mod || e.altKey) return { type: null };
  if (e.key === 'Backspace') return { type: 'undo', moves: true };
  return undefined;
}

/**
 * The common keys as commands: {type: 'undo'|'redo'|'restart'|'space'|'heat'|'move'},
 * {type: null}. Backspace undoes a move in every tab (`moves: true`).
 * @param {KeyboardEvent} e
 * @returns {KeyCommand}
 */
export function basicKey(e) {
  const history = historyKey(e);
  if (history) return history;
  const k = (e.key || '').toLowerCase();
  if (k === 'r' && !e.shiftKey) return { type: 'restart' };
  if (e.key === ' ') return { type: 'space' };
  if (k === 'h' && !e.shiftKey) return { type: 'heat' };
  const digit = digitForKey(e);
  return digit ? { type: 'move', symbol: digit } : { type: null };
}

/**
 * What every game view shares (see the file's head and www/README.md).
 * @template {Session} [S=Session] the game's wasm session class
 * @implements {Controller}
 */
export class GameBase extends EventTarget {
  /**
   * spec: { id, Session (name of the wasm class), noun ('level'), moveNoun ('move'),
   *         catalog (levelCatalog()), painter, Ui, solve (solve adapter),
   *         edit: { info, swatch, hero, paintHint, formatHint, skip(cell, sym) } }
   * @param {Shell} shell
   * @param {GameSpec} spec
   */
  constructor(shell, spec) {
    super();
    this.spec = spec;
    this.id = spec.id;
    this.catalog = spec.catalog;
    this.shell = shell;
    this.api = shell.api;
    this.board = shell.board;
    /** @type {S} */
    this.session = null;
    /** @type {SessionView} */
    this.view = null;
    this.tilesKey = 0;
    this.baseText = '';
    this.levelName = '';
    /** @type {string[]} the undone moves, the next one last */
    this.redoMoves = [];
    /** @type {Animation | null} */
    this.anim = null;
    this.animSpeed = 1;
    /** @type {Cell | null} */
    this.hover = null;
    this.overlay = null;
    /** @type {string | null} banner text when a plan is played out short of a victory */
    this.planNote = null;
    this.saver = debouncedSaver(spec.id);
    /** @type {import('./game-ui.js').GameUi<any>} */
    this.ui = null;
    /** @type {import('./editor.js').Editor | null} the Edit tab's editor (after the first board) */
    this.editor = null;
    /** @type {string[]} the level texts an edit replaced before the editor came (its undo) */
    this.editsBefore = [];
    /** @type {SolverPanel | null} */
    this.solver = null;
    /** @type {ComparePanel | null} */
    this.compare = null;
    /** @type {import('./level-check.js').LevelCheck | null} */
    this.levelCheck = null;
    /** @type {import('./level-generator.js').LevelGenerator | null} */
    this.generator = null;
    /** @type {Transport | null} the game's own players on a Transport (AutoGame) */
    this.transport = null;
    /** @type {{loaded(): boolean, transport: Transport} | null} a replay panel on the Solve tab (GPac) */
    this.replay = null;
    /** @type {ToolsPanel | null} the Solve tab's "More tools" (mounted by `start`) */
    this.moreTools = null;
    /** @type {import('./check-solution.js').CheckSolution | null} "Check a solution" (Play and Solve tabs) */
    this.checker = null;
    /** @type {import('./heuristic-lab.js').HeuristicLab | null} the heuristic lab (Solve tab) */
    this.heuristicLab = null;
    /** @type {import('./state-space-view.js').StateSpaceView | null} the state space (Solve tab) */
    this.stateSpace = null;
    /** @type {import('./race-view.js').RacePanel | null} the race (Solve tab) */
    this.race = null;
    /** @type {View | null} a link's view waiting for the panels that load after the first board */
    this.pendingView = null;
    this.unmounted = false;
    /** The Edit, Solve and Compare tabs' panels, the shared ones and the game's own (`loadPanels`). */
    this.lazyPanels = new LazyPanels({
      modules: [
        (q) => /** @type {Promise<typeof import('./lazy-panels.js')>} */ (import(`./lazy-panels.js${q}`)).then(async (panels) => {
          await panels.loadSheets();
          return panels;
        }),
        spec.panels || (async () => null),
        () => loadRegistry(), // the tools' registry: the editor's palette, the tools' forms
        spec.loadSolve || (async () => null), // the solve adapter, when the game loads it later
      ],
      mount: ([panels, own, , solve]) => {
        if (solve) this.spec.solve = solve;
        this.mountLazyPanels(panels, own);
      },
      hosts: () => [shell.panels.edit, shell.panels.solve, shell.panels.compare],
      gone: () => this.unmounted,
    });
  }

  // ---- what a game implements -----------------------------------------------------

  /**
   * What the board draws now (null: nothing yet).
   * @returns {Scene | null}
   */
  scene() {
    return null;
  }

  /**
   * A tap or click on a cell of the Play tab.
   * @param {Cell} cell
   * @param {PointerEvent} e
   */
  tapCell(cell, e) {}

  /**
   * The pointer is over `cell` (null: off the board).
   * @param {Cell | null} cell
   * @param {PointerEvent} e
   */
  setHover(cell, e) {}

  /** Wire the board, the game's UI and the shared panels (after the game's own state). */
  mountPanels() {
    const { shell, spec } = this;
    this.board.setPainter(spec.painter);
    this.board.setScene(() => this.withChecks(this.scene()));
    this.ui = new spec.Ui(this);
    // The Edit tab's panels (the editor, the live verdict, the generator), the Solve and
    // Compare panels (the solver, its debugger, the race, the lab, "More tools"; without
    // a solve adapter the game fills those tabs itself: its `panels`) and "Check a
    // solution" come after the first board, or when one of those tabs is first opened
    // (`loadPanels`).
    attachPointer(this.board, {
      mode: () => (shell.activeTab() === 'edit' ? 'edit' : 'play'),
      onTap: (cell, e) => this.tapCell(cell, e),
      onSwipe: (digit) => this.swipe(digit),
      onHover: (cell, e) => this.setHover(cell, e),
      onPaintStart: (cell, erase) => this.editor?.strokeStart(cell, erase),
      onPaintMove: (cell) => this.editor?.strokeMove(cell),
      onPaintEnd: () => this.editor?.strokeEnd(),
    });
    shell.onTab((tab) => {
      this.hover = null;
      this.board.invalidate();
      if (tab !== 'play') this.loadPanels();
    });
  }

  /**
   * Load and mount, once, the panels the first board does not need: the Edit, Solve and
   * Compare tabs' shared panels (`lazy-panels.js`) and the game's own (`spec.panels`),
   * then apply a link's view waiting for them. A failed load leaves a message on those
   * tabs and is tried again the next time a tab asks.
   * @returns {Promise<boolean>} whether they are mounted
   */
  loadPanels() {
    return this.lazyPanels.load();
  }

  /** Whether the panels `loadPanels` brings are mounted. */
  get panelsMounted() {
    return this.lazyPanels.mounted;
  }

  /**
   * Mount the lazily loaded panels: the Edit tab's, the game's own (`mountOwnPanels`),
   * then the shared Solve and Compare panels (after the game's, as "More tools" ends the
   * Solve tab); then a link's view waiting for them.
   * @param {typeof import('./lazy-panels.js')} panels
   * @param {any} own the module of the game's `spec.panels`, or null
   */
  mountLazyPanels(panels, own) {
    panels.mountEditPanels(this);
    if (own) this.mountOwnPanels(own);
    panels.mountSolvePanels(this);
    const view = this.pendingView;
    this.pendingView = null;
    if (view) for (const p of this.viewParts()) p.applyView(view);
    if (view) this.viewChanged();
  }

  /**
   * Hook: mount the game's own panels from `module` (its `spec.panels`), after the first
   * board.
   * @param {any} module
   */
  mountOwnPanels(module) {}

  /** The shell's contract: the Solve and Compare panels, loaded now (see `loadPanels`). */
  panelsReady() {
    return this.loadPanels();
  }

  /**
   * The registry's tools that the page's own panels run (so "More tools" leaves them
   * out): `solve` with a solve adapter, `verdict` with the live verdict, `generate` with
   * the generator, `judge` with "Check a solution", and the game's `shownTools`.
   * @returns {Set<string>}
   */
  shownTools() {
    const { spec } = this;
    const implied = { solve: 'solve', check: 'verdict', generate: 'generate', judge: 'judge' };
    return new Set([...Object.keys(implied).filter((k) => spec[k]).map((k) => implied[k]), ...(spec.shownTools || []), ...(this.stateSpace ? ['state-space'] : [])]);
  }

  /**
   * The scene with the editor verdict's marks (drawn by the board).
   * @param {Scene | null} scene
   */
  withChecks(scene) {
    if (scene && this.levelCheck) scene.checks = this.levelCheck.marks();
    return scene;
  }

  /**
   * What the shared editor needs to know about the game's tiles.
   * @returns {EditSpec}
   */
  editSpec() {
    const e = this.spec.edit;
    return {
      palette: toolsOf(this.api, this.id).palette,
      info: e.info,
      swatch: e.swatch,
      brush: '#',
      eraseSym: ' ',
      paintHint: e.paintHint,
      formatHint: e.formatHint,
      blank: (rows, cols) => blankLevel(rows, cols, e.hero),
      skip: (cell, sym) => e.skip.call(this, cell, sym),
    };
  }

  // ---- level and session -------------------------------------------------------

  /**
   * A new session on a level text, or the error that the text has.
   * @param {string} text
   * @returns {{session?: S, error?: any}}
   */
  parse(text) {
    try {
      return { session: new this.api[this.spec.Session](text) };
    } catch (err) {
      return { error: err };
    }
  }

  /** @param {S} session */
  setSession(session) {
    this.finishAnimation();
    if (this.session) this.session.free();
    this.session = session;
    this.redoMoves = [];
    this.planNote = null;
    this.tilesKey++;
    this.view = session.view();
    this.onNewSession();
    this.board.setGrid(this.view.rows, this.view.cols);
    // Text after the grid read as notes (Pengu, Act-Man): after the editor's "Level loaded".
    const warnings = this.view.warnings || [];
    if (warnings.length) setTimeout(() => this.shell.toast(warnings.join('; '), 'warn'));
  }

  /** Hook: a new session (level loaded or replaced); `this.view` is its start. */
  onNewSession() {}

  levelText() {
    return this.session ? this.session.level_text() : '';
  }

  /**
   * Load a level text. Bad text: visible error, the current level stays.
   * @param {string} text
   * @param {{name?: string, moves?: string, base?: boolean, record?: boolean, keepError?: boolean}} [options]
   * @returns {boolean} whether it loaded
   */
  loadLevel(text, { name, moves = '', base = true, record = true, keepError = false } = {}) {
    const { session, error } = this.parse(text);
    if (error) {
      this.shell.showError(formatParseError(error));
      this.dispatchEvent(new CustomEvent('parseerror', { detail: error }));
      return false;
    }
    const before = this.session ? this.levelText() : null;
    this.setSession(session);
    if (base) {
      this.baseText = session.level_text();
      const bundled = this.catalog.levelByText(this.baseText);
      this.levelName = name || (bundled ? bundled.name : `Custom ${this.spec.noun}`);
    }
    if (record && before !== null && before !== this.levelText()) {
      if (this.editor) this.editor.record(before);
      else if (this.editsBefore.push(before) > EDITS_BEFORE) this.editsBefore.shift();
    }
    if (!keepError) this.shell.clearError();
    if (moves) this.replayMoves(moves, { quiet: false });
    this.levelChanged();
    return true;
  }

  /**
   * Replace the level by an edited text (editor undo/redo): no new base.
   * @param {string} text
   */
  replaceLevel(text) {
    const { session, error } = this.parse(text);
    if (error) return false;
    this.setSession(session);
    this.levelChanged();
    return true;
  }

  /** After the session's level was modified in place (paint, resize). */
  levelEdited({ quiet = false } = {}) {
    this.tilesKey++;
    this.view = this.session.view();
    this.onLevelEdited();
    this.redoMoves = [];
    this.planNote = null;
    this.board.setGrid(this.view.rows, this.view.cols);
    if (quiet) {
      this.board.invalidate();
      this.ui.update();
      return;
    }
    this.levelChanged();
  }

  /** Hook: the level was edited in place. */
  onLevelEdited() {}

  levelChanged() {
    this.dispatchEvent(new Event('level'));
    this.changed();
  }

  /**
   * The name a shared level gets: the bundled one's, else "Shared <noun>".
   * @param {string} text
   */
  sharedName(text) {
    return this.catalog.levelByText(text) ? undefined : `Shared ${this.spec.noun}`;
  }

  /**
   * Open a shared state `{level, moves, view}` (a link): the level, then the view.
   * @param {SharedState} shared
   */
  loadShared(shared) {
    if (shared.level != null) this.loadLevel(shared.level, { name: this.sharedName(shared.level), moves: shared.moves || '' });
    this.applyView(shared.view || {});
  }

  /**
   * What a link carries: the level, the moves and the view (see viewState).
   * @returns {SharedState}
   */
  shareState() {
    return { level: this.levelText(), moves: this.playedMoves(), view: this.viewState() };
  }

  /**
   * The game's part of the view as flat {key: string} (players, seed, settings,
   * overlays, the solve form and its replay positions); `applyView` reads it back.
   * Games add their keys to super's.
   * @returns {View}
   */
  viewState() {
    // A link's view for panels still loading stays in the link meanwhile.
    return Object.assign({}, this.lazyView(this.pendingView), ...this.viewParts().map((p) => p.viewState()));
  }

  /**
   * The panels that keep a part of the view (all of them load after the first board), in
   * the order `applyView` reads it; a game adds its own.
   * @returns {{viewState(): View, applyView(view: View): void}[]}
   */
  viewParts() {
    return [this.compare, this.solver, this.generator, this.moreTools, this.checker, this.race, this.heuristicLab].filter(Boolean);
  }

  /**
   * The keys of `view` that the lazily loaded panels read (`s.` the Solve panel, `c.`
   * Compare, `t.` "More tools", `j.` "Check a solution", `r.` the race, `hl.` the lab,
   * `g.` the generator); a game adds its own panels' keys.
   * @param {View | null} view
   * @returns {View}
   */
  lazyView(view) {
    return Object.fromEntries(Object.entries(view || {}).filter(([k]) => /^(s|c|t|j|r|hl|g)\./.test(k)));
  }

  /**
   * Apply a shared view (missing keys take their defaults).
   * @param {View} view
   */
  applyView(view) {
    for (const p of this.viewParts()) p.applyView(view);
    // The Solve and Compare panels read it once loaded; a view naming nothing (keys of
    // the game's own, or none) does not load them.
    if (this.panelsMounted) return;
    const mine = this.lazyView(view);
    this.pendingView = Object.keys(mine).length ? view : null;
    if (this.pendingView) this.loadPanels();
  }

  /** The view changed (a setting, an overlay, a panel position): refresh the link. */
  viewChanged() {
    if (this.session) this.shell.updateHash(this.shareState());
  }

  // ---- moves ----------------------------------------------------------------------

  /**
   * The move string played so far (the plan player compares it with the plan).
   * @returns {string}
   */
  playedMoves() {
    return this.view ? this.view.moves : '';
  }

  /**
   * Replay a move string from the start (no animation).
   * @param {string} moves
   * @param {{quiet?: boolean}} [options] quiet: no toast for an illegal move
   * @returns {boolean} whether every move was legal
   */
  replayMoves(moves, { quiet = true } = {}) {
    this.finishAnimation();
    let ok = true;
    try {
      this.session.replay(moves);
    } catch (err) {
      ok = false;
      if (!quiet) this.shell.toast(`${capitalize(this.spec.moveNoun)} ${err.index + 1} ('${err.symbol}') is not possible: ${err.message}`, 'warn');
    }
    this.afterReplay(this.session.history());
    this.tilesKey++;
    this.changed();
    return ok;
  }

  /**
   * Resize the level through the session (the Edit panel's Resize); a refusal is a toast.
   * @param {number} rows
   * @param {number} cols
   */
  resizeLevel(rows, cols) {
    try {
      this.session.resize(rows, cols);
    } catch (err) {
      this.shell.toast(formatParseError(err), 'warn');
    }
  }

  /**
   * Hook: the session was replayed; `history` is its list of move reports.
   * @param {any[]} history
   */
  afterReplay(history) {}

  /**
   * Play one move; resolves when its animation ends.
   * @param {string} symbol
   * @param {{fromPlan?: boolean, toMove?: boolean}} [options] fromPlan: not a user's move (the redo line stays)
   * @returns {Promise<boolean>}
   */
  move(symbol, { fromPlan = false } = {}) {
    if (!this.session) return Promise.resolve(false);
    this.finishAnimation();
    const prev = this.view;
    let report;
    try {
      report = this.session.play(symbol);
    } catch (err) {
      this.ui.illegal(symbol, err);
      return Promise.resolve(false);
    }
    if (!fromPlan) {
      this.redoMoves = [];
      this.dispatchEvent(new Event('usermove'));
    }
    this.planNote = null;
    const done = this.played(prev, report, symbol);
    this.tilesKey++;
    this.changed();
    return done;
  }

  /**
   * Hook: `symbol` was played (`prev`: the view before it); returns its animation.
   * @param {SessionView | null} prev
   * @param {any} report
   * @param {string} [symbol]
   * @returns {Promise<boolean>}
   */
  played(prev, report, symbol) {
    return Promise.resolve(true);
  }

  /**
   * A move by the game's own player (a strategy, an agent): `next()` plays it on the
   * session and returns its report (null when nothing was played). The undone rest of
   * the line stays when the move follows it. Resolves when `animate(report)` ends;
   * unanimated, `still(report)` notes it. Null when nothing was played.
   * @template R
   * @param {() => R | null | undefined} next
   * @param {{animate?: boolean, quiet?: boolean}} options
   * @param {{animate: (report: R) => Promise<boolean>, still?: (report: R) => void}} hooks
   * @returns {Promise<boolean> | null}
   */
  autoMove(next, { animate = true, quiet = false } = {}, hooks) {
    if (!this.session) return null;
    this.finishAnimation();
    const line = this.fullLine();
    const report = next();
    if (!report) return null;
    this.syncRedo(line);
    this.planNote = null;
    this.tilesKey++;
    if (!animate && hooks.still) hooks.still(report);
    const done = animate ? hooks.animate(report) : Promise.resolve(true);
    if (!quiet) this.changed();
    return done;
  }

  /**
   * A swipe on the board, as a direction digit (moves by default).
   * @param {string} digit
   * @returns {Promise<boolean> | void}
   */
  swipe(digit) {
    return this.move(digit);
  }

  undo() {
    const moves = this.session ? this.playedMoves() : '';
    if (!moves) return false;
    this.redoMoves.push(moves[moves.length - 1]);
    this.dispatchEvent(new Event('usermove'));
    return this.replayMoves(moves.slice(0, -1));
  }

  redo() {
    const d = this.redoMoves.pop();
    if (!d) return false;
    this.move(d, { fromPlan: true });
    this.dispatchEvent(new Event('usermove'));
    return true;
  }

  /** Stop whatever runs on its own (timers, animations); games add theirs. */
  stopAll() {
    this.finishAnimation?.();
  }

  /** The whole line: the moves played, then those undone (redo, scrub forward). */
  fullLine() {
    return this.playedMoves() + this.redoMoves.slice().reverse().join('');
  }

  /** After new moves: keep the rest of `line` if they followed it, else drop it. */
  syncRedo(line) {
    const now = this.playedMoves();
    this.redoMoves = line.length > now.length && line.startsWith(now) ? [...line.slice(now.length)].reverse() : [];
  }

  /**
   * Go to move k of the line (replaying it from the start).
   * @param {number} k
   */
  seek(k) {
    this.stopAll();
    const line = this.fullLine();
    const to = Math.max(0, Math.min(line.length, k));
    if (to === this.playedMoves().length) return;
    this.redoMoves = [...line.slice(to)].reverse();
    this.replayMoves(line.slice(0, to));
  }

  restart() {
    if (!this.session) return;
    this.dispatchEvent(new Event('usermove'));
    this.redoMoves = [];
    this.replayMoves('');
  }

  /**
   * A plan has been played to its end: show `note` when the game is still on.
   * @param {string} note
   */
  showPlanNote(note) {
    this.planNote = note;
    this.ui.updateBanner();
  }

  // ---- animation ------------------------------------------------------------------

  /**
   * Run an animation of `duration` ms: `this.anim` = {...state, t0, t, duration}, and
   * `frame(anim, t01)` before each redraw. Resolves when it ends or is cut short.
   * @param {Record<string, any>} state
   * @param {number} duration
   * @param {(anim: Animation, t01: number) => void} [frame]
   * @returns {Promise<boolean>}
   */
  animateFor(state, duration, frame) {
    if (reducedMotion.matches) return Promise.resolve(true);
    return new Promise((resolve) => {
      this.anim = { ...state, t0: performance.now(), t: 0, duration, resolve };
      const tick = (now) => {
        const a = this.anim;
        if (!a || a.resolve !== resolve) return;
        a.t = now - a.t0;
        if (frame) frame(a, Math.max(0, Math.min(1, a.t / a.duration)));
        this.board.invalidate();
        if (a.t >= a.duration) this.finishAnimation();
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  }

  finishAnimation() {
    const a = this.anim;
    if (!a) return;
    this.anim = null;
    a.resolve(true);
    this.board.invalidate();
    this.ui.updateBanner();
  }

  // ---- drawing --------------------------------------------------------------------

  /**
   * The session's tile bytes, straight from the wasm memory.
   * @param {S} [session]
   */
  tiles(session = this.session) {
    return new Uint8Array(this.shell.memory.buffer, session.tiles_ptr(), session.tiles_len());
  }

  setOverlay(overlay) {
    this.overlay = overlay;
    this.board.invalidate();
  }

  // ---- change propagation ---------------------------------------------------------

  /** Hook: `this.view` was refreshed (drop caches that depend on it). */
  onViewChanged() {}

  changed() {
    this.view = this.session.view();
    this.onViewChanged();
    this.ui.update();
    this.board.invalidate();
    const state = this.shareState();
    this.saver.save({ level: state.level, moves: state.moves, base: this.baseText, name: this.levelName });
    this.shell.updateHash(state);
    this.dispatchEvent(new Event('change'));
  }

  /**
   * The command of a key event (games with more keys override it).
   * @param {KeyboardEvent} e
   * @returns {KeyCommand}
   */
  keyCommand(e) {
    return basicKey(e);
  }

  /**
   * Hook: a command the shared keys do not know; returns whether it was handled.
   * @param {KeyCommand} command
   * @param {KeyboardEvent} e
   * @returns {boolean}
   */
  gameKey(command, e) {
    return false;
  }

  /**
   * A key on the page (the shell's contract): whether the game handled it.
   * @param {KeyboardEvent} e
   */
  onKey(e) {
    const tab = this.shell.activeTab();
    const k = this.keyCommand(e);
    switch (k.type) {
      case 'undo':
        if (tab === 'edit' && !k.moves) this.editor?.undo();
        else this.undo();
        return true;
      case 'redo':
        if (tab === 'edit') this.editor?.redo();
        else this.redo();
        return true;
      case 'restart':
        this.restart();
        return true;
      case 'space':
        return tab === 'solve' && this.solver ? this.solver.togglePlay() : false;
      case 'heat':
        if (!this.solver || !this.solver.trace.replay) return false;
        this.solver.trace.toggleHeat();
        return true;
      case 'move':
      case 'fire':
        this.move(k.symbol);
        return true;
      case null:
      case undefined:
        return false;
      default:
        return this.gameKey(k, e);
    }
  }

  /**
   * What a presenter's keys and the embed bar drive on this tab: the race or the search
   * debugger or replay on screen (Solve), else the plan; on the Play tab the game's own players
   * (`this.transport`) or the plan. Null when nothing steps here. `hand` makes the
   * transport over the moves played by hand (history-source.js's `handTransport`, which
   * comes with the presenter's module, after the first board).
   * @param {(game: any) => Transport | null} [hand]
   * @returns {Transport | null}
   */
  presenterTransport(hand) {
    const byHand = hand && this.shell.activeTab() === 'play' ? hand(this) : null;
    if (byHand) return byHand; // moves played by hand
    const tab = this.shell.activeTab();
    const s = this.solver;
    if (tab === 'solve' && this.race && this.race.onScreen()) return this.race.transport;
    if (tab === 'solve' && s && s.searchTransport()) return s.searchTransport();
    if ((tab === 'solve' || tab === 'play') && s && s.plan) return s.player.transport;
    if (tab === 'play' && this.transport) return this.transport;
    if (tab === 'solve' && this.replay && this.replay.loaded()) return this.replay.transport;
    return null;
  }

  /**
   * The `window.gridlab` test handle (games add their own entries).
   * @returns {Record<string, any>}
   */
  debug() {
    return {
      levelText: () => this.levelText(),
      moves: () => this.playedMoves(),
      status: () => this.view.status,
      score: () => this.view.score,
      view: () => this.session.view(),
      plan: () => (this.solver ? this.solver.plan : ''),
      debugger: () => (this.solver ? this.solver.debugger.info() : { loaded: false }),
      check: () => (this.levelCheck ? this.levelCheck.info() : null),
      generator: () => (this.generator ? this.generator.info() : null),
      registryTools: () => toolsOf(this.api, this.id).tools,
      moreTools: () => (this.moreTools ? this.moreTools.info() : null),
      checkSolution: () => (this.checker ? this.checker.info() : null),
      race: () => (this.race ? this.race.info() : null),
      raceView: () => this.race,
      animating: () => !!this.anim,
      overlay: () => !!this.overlay,
      loadLevel: (text, moves) => this.loadLevel(text, { moves }),
    };
  }

  /** Another game takes the stage: stop workers, timers and animations. */
  unmount() {
    this.unmounted = true;
    this.finishAnimation();
    this.saver.flush();
    if (this.solver) this.solver.dispose();
    if (this.compare) this.compare.dispose();
    if (this.levelCheck) this.levelCheck.dispose();
    if (this.generator) this.generator.dispose();
    if (this.moreTools) this.moreTools.dispose();
    if (this.heuristicLab) this.heuristicLab.dispose();
    if (this.checker) this.checker.dispose();
    if (this.race) this.race.dispose();
    if (this.session) this.session.free();
    this.session = null;
  }

  /**
   * The first load: a shared link, else the autosave, else the default level. An error
   * already showing (a link that could not be read) stays until the user acts; an
   * autosave that is damaged or no longer loads is discarded with a note.
   * @param {SharedState | null} shared
   */
  start(shared) {
    let { save: saved, damaged } = checkSave(read(this.id));
    const view = shared && shared.view;
    if (shared && (shared.level == null || (saved && saved.level === shared.level))) {
      // A reload keeps the hash: the autosave knows more (the level as first loaded).
      if (saved && shared.level != null) saved = { ...saved, moves: shared.moves || '' };
      shared = null;
    }
    let ok = false;
    let discard = damaged;
    if (shared) {
      ok = this.loadLevel(shared.level, { moves: shared.moves || '', name: this.sharedName(shared.level), record: false, keepError: true });
    } else if (saved) {
      ok = this.loadLevel(saved.base || saved.level, { name: saved.name, record: false, keepError: true });
      if (ok && saved.base && saved.base !== saved.level) ok = this.replaceLevel(saved.level);
      if (ok && saved.moves) this.replayMoves(saved.moves);
      if (!ok) discard = `its ${this.spec.noun} does not load`;
    }
    const fallback = !ok;
    if (fallback) this.loadLevel(this.catalog.defaultLevel().text, { record: false, keepError: true });
    if (discard) {
      remove(this.id);
      const loaded = fallback ? `, and the default ${this.spec.noun} is loaded` : '';
      this.shell.showError(`The saved game was damaged (${discard}): it is discarded${loaded}.`, 'Your saved game was not restored. ');
    }
    if (this.editor) this.editor.resetHistory();
    this.editsBefore = [];
    if (view) this.applyView(view);
  }
}

/**
 * An autosave as `read` from storage (`{value}` or `{damaged}`): `{save}` when it is
 * one this page writes (`level` text; `moves`, `base`, `name` text when present),
 * `{save: null}` when there is none, `{save: null, damaged}` (what is wrong) otherwise.
 * @param {{value?: any, damaged?: string}} stored
 * @returns {{save: {level: string, moves?: string, base?: string, name?: string} | null, damaged?: string}}
 */
export function checkSave({ value, damaged }) {
  if (damaged) return { save: null, damaged };
  if (value == null) return { save: null };
  if (typeof value !== 'object' || Array.isArray(value)) return { save: null, damaged: 'it is not an object' };
  if (typeof value.level !== 'string' || !value.level) return { save: null, damaged: '`level` is not a level text' };
  for (const key of ['moves', 'base', 'name']) {
    if (value[key] != null && typeof value[key] !== 'string') return { save: null, damaged: `\`${key}\` is not text` };
  }
  return { save: value };
}

/**
 * The module a game exports: `export default gameModule('pengu', 'Pengu', PenguGame)`.
 * @param {string} id
 * @param {string} name
 * @param {new (shell: Shell) => GameBase<any>} Game
 * @returns {import('./contracts.js').GameModule}
 */
export function gameModule(id, name, Game) {
  return {
    id,
    name,
    mount(shell, shared) {
      const game = new Game(shell);
      game.start(shared);
      return game;
    },
  };
}

/** The text of an empty walled level with `actor` at row 1, column 1 (the editor's blank level). */
export function blankLevel(rows, cols, actor) {
  const lines = [`${rows} ${cols}`];
  for (let i = 0; i < rows; i++) {
    if (i === 0 || i === rows - 1) lines.push('#'.repeat(cols));
    else lines.push('#' + (i === 1 ? actor + ' '.repeat(cols - 3) : ' '.repeat(cols - 2)) + '#');
  }
  return lines.join('\n') + '\n';
}

// ---- the games' generator forms share these fields (the form is level-generator.js's) ---

/**
 * The size fields: rows and columns (border included; their limits from the module).
 * @param {{rows: number, cols: number, rowsTitle?: string}} size
 * @returns {import('./contracts.js').GeneratorField[]}
 */
export const sizeFields = ({ rows, cols, rowsTitle = 'Rows, border included' }) => [
  { key: 'rows', label: 'Rows', value: rows, title: rowsTitle },
  { key: 'cols', label: 'Cols', value: cols, title: 'Columns, border included' },
];

/**
 * The seed field: one seed, one level, the same as the command line's.
 * @param {string} game the `gridlab <game> generate` command
 * @param {string} noun what a level is called
 * @returns {import('./contracts.js').GeneratorField}
 */
export const seedField = (game, noun) => ({
  key: 'seed', label: 'Seed', min: 0, max: 4294967295, value: 1,
  title: `One seed, one ${noun}: the same here and with gridlab ${game} generate --seed`,
});

/**
 * A generated level's name, from its rows, columns and seed.
 * @param {Record<string, any>} o
 */
export const generatedName = (o) => `Generated ${o.rows}×${o.cols}, seed ${o.seed}`;
