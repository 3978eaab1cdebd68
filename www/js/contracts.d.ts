// The playground's contracts, in one place: what the shell gives a game, what a game
// module and its controller give the shell, the session every GameBase game wraps,
// the Transport's source, the panels' descriptions (solve adapter, editor, replay) and
// the board's painter. Types only: no page loads this file; `tsc` checks the
// JavaScript against it (`make lint`). A module names a contract in JSDoc, e.g.
//   /** @typedef {import('./contracts.js').Shell} Shell */

import type { Board } from './board.js';
import type { Transport } from './transport.js';

/**
 * The main thread's wasm-bindgen exports: the play module (`pkg/gridlab_play.d.ts`,
 * made by `make wasm`), the game sessions. A tool, the heuristic lab or the GIF
 * encoder is the full module's (`FullApi`): the workers', or `Shell.full()`.
 */
export type Api = typeof import('../pkg/gridlab_play.js');

/** The full module's exports (`pkg/gridlab.d.ts`). */
export type FullApi = typeof import('../pkg/gridlab.js');

/** The four panels of the side bar; a game may rename the last three (`nameTabs`). */
export type TabName = 'play' | 'edit' | 'solve' | 'compare';

/** A link's view: a flat {key: string} (`null` drops the key); see www/README.md "Links". */
export type View = Record<string, string | null | undefined>;

/** What a link or an autosave opens: the level, the moves and the view. */
export interface SharedState {
  game?: string;
  level?: string | null;
  moves?: string;
  view?: View;
}

/** A toast's colour. */
export type ToastKind = 'info' | 'warn' | 'error' | 'ok';

/** What main.js gives a game at mount (a fresh board each time). */
export interface Shell {
  /** The play module (loaded before any game mounts). */
  api: Api;
  /** The play module's memory (the boards' zero-copy views). */
  memory: WebAssembly.Memory;
  /** The full module, loaded (once) on first use: a tool, the GIF encoder. */
  full(): Promise<FullApi>;
  board: Board;
  /** Aborted when the mounted game is replaced: for listeners on shared elements. */
  signal: AbortSignal;
  abort?: AbortController;
  toolbar: HTMLElement;
  statusbar: HTMLElement;
  banner: HTMLElement;
  panels: Record<TabName, HTMLElement>;
  toast(message: string, kind?: ToastKind | string): void;
  /** Copy to the clipboard (with a toast): whether it worked. */
  copyText(text: string, what?: string): Promise<boolean>;
  activeTab(): TabName;
  onTab(fn: (tab: TabName) => void): void;
  selectTab(tab: TabName): void;
  nameTabs(names: Partial<Record<TabName, string>> | null): void;
  showError(message: string, heading?: string): void;
  clearError(): void;
  updateHash(state: SharedState): void;
  setHelp(nodes: Node[]): void;
  presenting(): boolean;
}

/** What a mounted game gives the shell (GameBase provides all of it; Arena its own). */
export interface Controller {
  /** A key the game handled (the shell then prevents its default). */
  onKey(e: KeyboardEvent): boolean;
  shareState(): SharedState;
  loadShared(shared: SharedState): void;
  unmount(): void;
  /** The `window.gridlab` test handle. */
  debug(): Record<string, unknown>;
  /**
   * What the presenter's keys and the embed bar step on the active tab; `hand` makes the
   * Play tab's transport over the moves played by hand (history-source.js's).
   */
  presenterTransport(hand?: (game: any) => Transport | null): Transport | null;
  /** The level's name, for exported file names. */
  levelName?: string;
  /** Load the panels the first board does not need; resolves once they are mounted (or failed). */
  panelsReady?(): Promise<boolean>;
}

/** A game module's default export (`js/games/<id>/<id>.js`). */
export interface GameModule {
  id: string;
  name: string;
  mount(shell: Shell, shared: SharedState | null): Controller;
}

/** An entry of the game registry (`js/games/index.js`). */
export interface GameEntry {
  id: string;
  name: string;
  blurb: string;
  load?: () => Promise<{ default: GameModule }>;
  soon?: boolean;
}

/** A cell of the board. */
export interface Cell {
  row: number;
  col: number;
}

/** A wasm error: `{message}`, with `line`/`column` for a text, `index`/`symbol` for a move. */
export interface EngineError {
  message: string;
  line?: number;
  column?: number;
  index?: number;
  symbol?: string;
  cancelled?: boolean;
}

/** `session.view()`: the common fields, then the game's own. */
export interface SessionView {
  rows: number;
  cols: number;
  status: string;
  legal: string;
  moves: string;
  output?: string;
  score?: number;
  [field: string]: any;
}

/**
 * The session contract (`src/games/session.rs`, the class that `session_bindings!` makes
 * in `src/wasm/mod.rs`): every GameBase game's wasm class keeps it.
 */
export interface Session {
  rows(): number;
  cols(): number;
  tiles_ptr(): number;
  tiles_len(): number;
  level_text(): string;
  view(): SessionView;
  moves(): string;
  /** One move by its symbol: its report; throws `{index, symbol, message}`. */
  play(symbol: string): any;
  /** Restart and play a move string: the reports; throws at the first illegal move. */
  replay(moves: string): any;
  history(): any[];
  undo(): any;
  redo(line: string): boolean;
  restart(): void;
  paint(row: number, col: number, symbol: string): void;
  resize(rows: number, cols: number): void;
  free(): void;
}

/** The Transport's source: the positions are its, the timing the Transport's. */
export interface TransportSource {
  /** The step shown now (0 = the start). */
  position(): number;
  /** The last step that exists now. */
  length(): number;
  /** Show step k at once (no animation). */
  seek(k: number): void;
  /** One step forward (past `length()` in a live game); false when it cannot. */
  advance(opts: { animate?: boolean; batch?: boolean; rate?: number }): boolean | Promise<boolean>;
  /** Nothing comes after this step (default `position() >= length()`). */
  finished?(): boolean;
  /** Why auto-play cannot start (a person is to move), or null. */
  blocked?(): string | null;
  /** The "to the end" button (default `seek(length())`). */
  toEnd?(): unknown;
  /** After a batch of `n` unanimated steps. */
  batchDone?(n: number): unknown;
  /** A cap on the rate, in steps a second. */
  maxRate?(): number;
  /** Play at the end starts again from 0. */
  rewinds?: boolean;
  /** Its own picture for the GIF and WebM exports (drawn now), instead of the board. */
  recordFrame?(): HTMLCanvasElement;
  /** The largest side of its GIF, in pixels. */
  gifSide?: number;
}

/** A speed of a Transport: its label and steps a second. */
export interface Speed {
  label: string;
  rate: number;
}

/** Options of a Transport. */
export interface TransportOptions {
  speeds?: Speed[];
  speed?: number;
  onSpeed?: ((index: number) => void) | null;
  batchRate?: number;
}

/** A game-specific command from a key (`basicKey` and the games' own key maps). */
export interface KeyCommand {
  type: string | null | undefined;
  symbol?: string;
  moves?: boolean;
  [field: string]: any;
}

/** What a tile is, for the editor's palette and the legend. */
export interface TileInfo {
  name: string;
  hint?: string;
  [field: string]: any;
}

/** A GameBase game's description of its tiles for the Edit panel (`spec.edit`). */
export interface EditDescription {
  info: Record<string, TileInfo>;
  swatch(sym: string, px: number): HTMLElement;
  hero: string;
  paintHint: string;
  formatHint: string;
  /** Whether painting `sym` on `cell` changes nothing (`this` is the game). */
  skip(this: any, cell: Cell, sym: string): boolean;
}

/** What the shared editor needs (`GameBase.editSpec()`). */
export interface EditSpec {
  palette: string | string[];
  info: Record<string, TileInfo>;
  swatch(sym: string, px: number): HTMLElement;
  brush: string;
  eraseSym?: string;
  paintHint: string;
  formatHint: string;
  blank(rows: number, cols: number): string;
  skip(cell: Cell, sym: string): boolean;
}

/** A field of the level generator's form. */
export interface GeneratorField {
  key: string;
  label: string;
  type?: 'number' | 'select' | 'checkbox';
  min?: number;
  max?: number;
  value: number | string | boolean;
  title?: string;
  options?: [string, string][];
}

/** The level generator's description (`spec.generate`). */
export interface GenerateSpec {
  fields: GeneratorField[];
  /** What the measure counts (moves, turns): the progress's "best so far 12 moves". */
  unit?: string;
  name(options: Record<string, any>): string;
  summary(result: any): string;
}

/** An algorithm of a solve adapter: [id, short label, long label]. */
export type Algorithm = string[];

/** The Solve panel's game controls (`adapter.controls()`). */
export interface SolveControls {
  main: Node[];
  random: Node[];
  limits: Node[];
  options(): Record<string, any>;
  apply(preset: Record<string, any>): void;
  /** After the algorithm changed (`algo`: its id). */
  sync(algo?: string): void;
  [field: string]: any;
}

/** The Compare panel's game controls (`adapter.compareControls()`). */
export interface CompareControls {
  nodes: Node[];
  options(): Record<string, any>;
  describe(): string;
}

/**
 * A solve adapter (`pengu-solve.js`, `actman-solve.js`): the worker's solver, the
 * algorithms, presets, the controls and how a result reads.
 */
export interface SolveAdapter {
  game: string;
  algorithms: Algorithm[];
  /** [value, label, preset] (the first, with no preset, is the picker's title). */
  presets?: any[][];
  unit: string;
  successLabel: string;
  controls(): SolveControls;
  compareControls(): CompareControls;
  plan(result: any): string;
  success(result: any): boolean;
  successText(ok: boolean): string;
  describe(options: Record<string, any>): string;
  optimal(options?: Record<string, any>): string[];
  compareNote: string;
  statsRows(result: any, solver: string): any[];
  summaryExtra?(rows: any[], goal: any): string;
}

/** A GameBase game's description (`super(shell, spec)`); see www/README.md. */
export interface GameSpec {
  id: string;
  /** The wasm class: `new api[Session](text)` parses or throws `{line, column, message}`. */
  Session: string;
  noun: string;
  moveNoun: string;
  catalog: Catalog;
  painter: Painter;
  Ui: new (game: any) => import('./game-ui.js').GameUi<any>;
  /** The solve adapter (only the panels after the first board read it: see `loadSolve`). */
  solve?: SolveAdapter;
  /**
   * The solve adapter's module imported after the first board, with the panels (`query`
   * as for `panels`): resolves to the adapter, which becomes `solve`.
   */
  loadSolve?: (query: string) => Promise<SolveAdapter>;
  edit: EditDescription;
  /** The editor's live verdict (its options; `{}` for none). */
  check?: Record<string, any>;
  generate?: GenerateSpec;
  /**
   * Tools of the registry that the game's own panels run besides `solve`, `verdict`
   * and `generate` (which `solve`, `check` and `generate` imply): "More tools" leaves
   * them out.
   */
  shownTools?: string[];
  /** "Check a solution" (check-solution.js): the `judge` tool's goal or limit and the boards' scene. */
  judge?: JudgeSpec;
  /**
   * The game's own panels, loaded after the first board with the shared ones: imports
   * their module (`query` after its address: '' the first time, `?try=N` after a failed
   * load), which the game's `mountOwnPanels(module)` mounts.
   */
  panels?: (query: string) => Promise<any>;
}

/** What "Check a solution" needs of a game (its spec's `judge`). */
export interface JudgeSpec {
  /** The goal or limit field: null (the assignment's), 'all' (when `all` names it) or a number. */
  limit: {
    /** The `judge` option (`goal`, `turns`). */
    key: string;
    label: string;
    /** The choice of no number ("All fish"), if the option has one. */
    all?: string;
    /** The choice of a number ("At least N fish"). */
    n: string;
    /** The tool's option for a value. */
    option(value: null | 'all' | number): any;
  };
  /** What a board draws of `session` (the game's wasm session) at rest. */
  scene(game: any, session: any): Scene;
}

/** A tool of the wasm registry (`tools()`): its name, summary, defaults and options' schema. */
export type GameTool = ReturnType<FullApi['tools']>['games'][number]['tools'][number];

/** A level of a catalog. */
export interface Level {
  id: string;
  name: string;
  text: string;
  [field: string]: any;
}

/** A game's levels (`levelCatalog()` in collection.js). */
export interface Catalog {
  levelByText(text: string): Level | null | undefined;
  defaultLevel(): Level;
  [field: string]: any;
}

/** What the board draws: the grid, its tiles and what lies on them. */
export interface Scene {
  rows: number;
  cols: number;
  tiles: Uint8Array | null;
  tilesKey?: string | number;
  marks?: any[];
  actors?: any[];
  top?: any[];
  patches?: any[];
  heat?: any;
  checks?: any[];
  [field: string]: any;
}

/** A game's painter: how the board draws its tiles, actors and marks (`s` px a cell). */
export interface Painter {
  drawTile(g: CanvasRenderingContext2D, sym: string, x: number, y: number, s: number): void;
  /** A tile's colour when cells are too small to draw: [r, g, b]. */
  flatColor(sym: string): number[];
  drawActor(g: CanvasRenderingContext2D, actor: any, x: number, y: number, s: number): void;
  drawMark(g: CanvasRenderingContext2D, mark: any, x: number, y: number, s: number): void;
  [hook: string]: any;
}

/** The description of a replay panel (`ReplayPanel`'s `spec`). */
export interface ReplaySpec {
  /** The file widgets' id prefix. */
  prefix: string;
  accept: string;
  placeholder: string;
  label: string;
  what: string;
  heading: string;
  intro: string;
  /** The info line with no file. */
  empty: string;
  /** The button that opens the game of the Play tab. */
  thisGame: { id: string; title: string };
  rows?: number;
  speeds?: Speed[];
  speed?: number;
  bar?: Record<string, any>;
  fileExt: string;
  actions?: Node[];
  closeId: string;
  downloadId: string;
  infoId: string;
  extra?: Node[];
  after?: Node[];
}

/** A game that hosts a replay panel: the panel's "This game" button opens its game. */
export interface ReplayHost {
  api: Api;
  shell: Shell;
  board: Board;
  replayThisGame(): void;
}

declare global {
  interface Window {
    /** The test handle of the mounted game (main.js). */
    gridlab?: Record<string, unknown>;
  }
}

/** The tag of an `h()` spec: `'input#seed.small'` → `'input'`, `'.row'` → `'div'`. */
export type TagOf<S extends string> = S extends `${infer T}.${string}`
  ? TagOf<T>
  : S extends `${infer T}#${string}`
    ? TagOf<T>
    : S extends ''
      ? 'div'
      : S;

/** The element `h(spec)` makes: `h('input#seed')` is an HTMLInputElement. */
export type ElementOf<S extends string> = TagOf<S> extends keyof HTMLElementTagNameMap
  ? HTMLElementTagNameMap[TagOf<S>]
  : HTMLElement;

/** `h()`'s attributes: properties, attributes, `on…` listeners, `dataset`, `html`. */
export type Attrs = Record<string, any>;

/** `h()`'s children: nodes, text, numbers; null, undefined and false are skipped; arrays are flattened. */
export type Child = Node | string | number | null | undefined | false | Child[];
