// The scaffolding every game's UI shares: the level picker (bundled levels and the
// collection), undo/redo/restart, the status bar (chips, move string, coordinates),
// the direction pad, the legend, the course output, the end-of-game banner, the
// illegal-move feedback and the help table. A game subclasses GameUi and implements
// buildToolbar(), buildStatus(), buildPlayPanel(), update(), levelSummary(view),
// bannerContent(kind, view), illegalText(sym) and helpContent().

import { h, button, copyText, download } from './ui.js';

/** @typedef {import('./contracts.js').SessionView} SessionView */
/**
 * The end-of-game banner of a game (`bannerContent(kind, view)`).
 * @typedef {{title: string, sub: import('./contracts.js').Child, stats: any[][],
 *   extra: Node[], buttons: Node[], undo?: boolean, dataKind?: string, dataStatus?: string}} BannerContent
 */

export const DPAD = ['7', '8', '9', '4', null, '6', '1', '2', '3'];
export const ARROW = { 7: '↖', 8: '↑', 9: '↗', 4: '←', 6: '→', 1: '↙', 2: '↓', 3: '↘' };
export const NAME = { 7: 'north-west', 8: 'north', 9: 'north-east', 4: 'west', 6: 'east', 1: 'south-west', 2: 'south', 3: 'south-east', N: 'north', S: 'south', E: 'east', W: 'west' };
export const KEYS = { 7: 'Q', 8: 'W', 9: 'E', 4: 'A', 6: 'D', 1: 'Z', 2: 'X', 3: 'C' };

export const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function sameLevel(a, b) {
  const norm = (t) => t.replace(/\r/g, '').split('\n').map((l) => l.trimEnd()).join('\n').trim();
  return norm(a) === norm(b);
}

/** A status-bar chip: {label, value}. */
export const chip = (id, label) => h(`div.chip#${id}`, {}, h('span.label', {}, label), h('span.value', {}, '0'));
export const setChip = (el, value) => (el.querySelector('.value').textContent = value);

/** The help's key table: rows of [keys, what]. */
export function keyTable(rows) {
  const row = (keys, what) => h('tr', {}, h('td', {}, ...keys.map((k) => h('kbd', {}, k))), h('td', {}, what));
  return h('table.keys', {}, h('tbody', {}, ...rows.map(([keys, what]) => row(keys, what))));
}

/**
 * The page's own keys, the same in every game and the last rows of every game's help:
 * the presenter's (slides.js; `steps`: what they step in this game), the board's zoom
 * (main.js; `zoom: false` where + and − are the game's own, as Arena's speed), the embed
 * view's, the search debugger's (`searchDebugger`: the game's Solve tab has it), the
 * presentation mode and the help.
 * @param {{steps?: string, zoom?: boolean, searchDebugger?: boolean}} [options]
 * @returns {any[][]} rows of [keys, what]
 */
export function pageKeyRows({ steps = '', zoom = true, searchDebugger = false } = {}) {
  steps ||= searchDebugger
    ? 'the moves played or the plan (Play tab); the search debugger, the search replay with its heat-map, or the plan (Solve tab)'
    : 'the game or the plan';
  return [
    [['PageDown', 'PageUp'], `Step on / back through what the tab shows, as a presenter's clicker does: ${steps}`],
    [['B'], 'In presentation mode or the embed view: black the screen out (B or Esc brings it back)'],
    zoom ? [['+', '−', '0'], 'Zoom the board in, out, back to fit (also Ctrl+wheel, or a pinch on a touch screen; a drag pans a zoomed board)']
      : [['0'], 'Zoom the board back to fit (in and out: the zoom buttons, Ctrl+wheel or a pinch; + and − set the speed here)'],
    [['→', '←', 'Space'], 'In the embed view (embed=1 in a link: only the board and a control bar, for an iframe in a slide): step on, back, play / pause; PageDown / PageUp too'],
    ...(searchDebugger ? [[['←', '→', 'Home', 'End'], 'Search debugger (Solve tab, under the search replay): PageDown / PageUp step it while it is on screen; on its step slider a step back / on, the first / last step; a click on an open-list row shows that state on the board']] : []),
    [['.'], 'Presentation mode (large tiles and fonts)'],
    [['?'], 'This help'],
  ];
}

/**
 * The key rows every game has: directions first, then `extra`, then history and the
 * page's keys (`page`: pageKeyRows's options).
 */
export function commonKeyRows({ verb, move, level, extra = [], page = {} }) {
  return [
    [['7', '8', '9', '4', '6', '1', '2', '3'], `${verb} in a direction (numpad digits, as in the course format)`],
    [['Q', 'W', 'E', 'A', 'D', 'Z', 'X', 'C'], 'The same eight directions on letters (lowercase z = south-west)'],
    [['←', '↑', '→', '↓'], 'West, north, east, south'],
    ...extra,
    [['Ctrl+Z', 'Backspace'], `Undo ${move} (in the Edit tab: undo an edit)`],
    [['Ctrl+Y', 'Ctrl+Shift+Z'], 'Redo'],
    [['R'], `Restart the ${level}`],
    [['Space'], 'Play / pause the plan (Solve tab)'],
    ...pageKeyRows(page),
  ];
}

/**
 * A game's UI: a subclass a game's (`G`: its game class).
 * @template {import('./game-base.js').GameBase<any>} [G=import('./game-base.js').GameBase<any>]
 */
export class GameUi {
  /** @param {G} game */
  constructor(game) {
    this.game = game;
    this.shell = game.shell;
    /** @type {HTMLElement} the level's info line (a game's Play panel makes it) */
    this.levelInfo = null;
    /** Whether the moves box was scrolled to its end (there were moves). */
    this.movesScrolled = false;
    this.buildToolbar();
    this.buildStatus();
    this.buildPlayPanel();
    this.shell.setHelp(this.helpContent());
    game.addEventListener('level', () => this.updateLevelInfo());
  }

  // ---- what a game's UI implements ------------------------------------------------

  /** The toolbar (`setToolbar(label, what, ...extra)`). */
  buildToolbar() {}

  /** The status bar (`chip(id, label)`, `setStatusBar(chips, {...})`). */
  buildStatus() {}

  /** The Play panel (`directionPad`, `legend`, `outputSection`; sets `levelInfo`). */
  buildPlayPanel() {}

  /**
   * The help's content (`keyTable(commonKeyRows({...}))`).
   * @returns {Node[]}
   */
  helpContent() {
    return [];
  }

  /** The game's chips, then `updateCommon(view)` and `updateBanner()`. */
  update() {}

  /**
   * The level info line after "rows × columns, ".
   * @param {SessionView} view
   * @returns {string}
   */
  levelSummary(view) {
    return '';
  }

  /** The banner's kind for a plan played out short of a victory. */
  get planKind() {
    return 'incomplete';
  }

  /**
   * The end-of-game banner for `kind` (the view's status or `planKind`).
   * @param {string} kind
   * @param {SessionView} view
   * @returns {BannerContent}
   */
  bannerContent(kind, view) {
    return { title: kind, sub: '', stats: [], extra: [], buttons: [] };
  }

  /**
   * What an illegal move tried: "Cannot <illegalText>: why".
   * @param {string} sym
   * @returns {string}
   */
  illegalText(sym) {
    return `play ${sym}`;
  }

  // ---- toolbar --------------------------------------------------------------------

  /** The level picker: bundled levels, then the collection's groups, then "Custom". */
  levelPicker(label) {
    const g = this.game;
    const { levels, levelById } = g.catalog;
    this.levelSelect = h('select#level-select', {
      'aria-label': label,
      onchange: () => {
        const l = levelById(this.levelSelect.value);
        if (l) g.loadLevel(l.text, { name: l.name });
        this.levelSelect.blur();
      },
    });
    for (const l of levels.filter((x) => !x.group)) this.levelSelect.append(h('option', { value: l.id }, l.name));
    this.customOption = h('option', { value: 'custom', disabled: true }, `Custom ${g.spec.noun}`);
    this.levelSelect.append(this.customOption);
    g.catalog.loadCollection().then((added) => {
      if (!this.levelSelect.isConnected) return;
      const groups = new Map();
      for (const l of added) {
        if (!groups.has(l.group)) groups.set(l.group, h('optgroup', { label: l.group }));
        groups.get(l.group).append(h('option', { value: l.id }, l.name));
      }
      this.customOption.before(...groups.values());
      this.updateLevelInfo();
    });
    return h('label.level-pick', {}, h('span', {}, label), this.levelSelect);
  }

  /** Undo, redo and restart buttons (`what`: "move" or "action"). */
  historyButtons(what) {
    const g = this.game;
    this.undoBtn = button('.btn#undo', { icon: 'undo', label: 'Undo', title: `Undo the last ${what} (Ctrl+Z or Backspace)`, onclick: () => g.undo() });
    this.redoBtn = button('.btn#redo', { icon: 'redo', label: 'Redo', title: 'Redo (Ctrl+Y)', onclick: () => g.redo() });
    this.restartBtn = button('.btn#restart', { icon: 'restart', label: 'Restart', title: 'Back to the start (R)', onclick: () => g.restart() });
    return h('div.btn-group', {}, this.undoBtn, this.redoBtn, this.restartBtn);
  }

  /**
   * Two player pickers for the toolbar (the two sides of the game): `sides` =
   * [{id, label, list: [[value, name]], title}] × 2; a change calls
   * `game.setPlayers(first, second)`. Returns [labels, selects].
   * @param {{id: string, label: string, list: [string, string][], title: string}[]} sides
   * @returns {[HTMLLabelElement[], HTMLSelectElement[]]}
   */
  playerPicks(sides) {
    const g = /** @type {G & {players: string[], setPlayers(first: string, second: string): void}} */ (this.game);
    const selects = sides.map(({ id, label, list }, i) => {
      const el = h(`select#${id}`, { 'aria-label': `${label} player`, onchange: () => {
        g.setPlayers(selects[0].value, selects[1].value);
        el.blur();
      } }, ...list.map(([v, l]) => h('option', { value: v }, l)));
      el.value = g.players[i];
      return el;
    });
    const labels = sides.map(({ label, title }, i) => h('label.player-pick', { title }, h('span', {}, label), selects[i]));
    return [labels, selects];
  }

  /** The toolbar: the level picker, the game's own controls, the history buttons. */
  setToolbar(label, what, ...extra) {
    this.shell.toolbar.replaceChildren(this.levelPicker(label), ...extra, h('div.spacer'), this.historyButtons(what));
  }

  /** Select the picker entry of the current level and describe it. */
  updateLevelInfo() {
    const g = this.game;
    const v = g.view;
    const { levels } = g.catalog;
    const text = g.levelText();
    const match = levels.find((l) => l.id === this.levelSelect.value);
    if (!match || !sameLevel(match.text, text)) {
      const found = levels.find((l) => sameLevel(l.text, text));
      this.levelSelect.value = found ? found.id : 'custom';
    }
    const lvl = levels.find((l) => l.id === this.levelSelect.value);
    this.levelInfo.textContent = `${lvl ? lvl.name : g.levelName || `Custom ${g.spec.noun}`}: ${v.rows} rows × ${v.cols} columns, ${this.levelSummary(v)}.` +
      (lvl ? ` Source: ${lvl.source}.` : '');
  }

  // ---- status bar -----------------------------------------------------------------

  /** The status bar: chips and the status pill, the move string with a copy button, coordinates. */
  setStatusBar(chips, { label, title, copyTitle, copyWhat }) {
    this.statusPill = h('div.pill#status', { 'aria-live': 'polite' }, 'Playing');
    this.movesBox = h('code#moves.moves', { title, tabindex: '0' });
    this.shell.statusbar.replaceChildren(
      h('div.chips', {}, ...chips, this.statusPill),
      h('div.moves-wrap', {},
        h('span.label', {}, label),
        this.movesBox,
        button('.btn.small.ghost#copy-moves', { icon: 'copy', title: copyTitle, onclick: () => copyText(this.game.playedMoves(), copyWhat) })),
      h('div.coords#coords', { 'aria-live': 'off' }),
    );
  }

  /**
   * The moves box shows `moves` (a dash for none), the last of them in view. Scrolling
   * needs the page laid out: not done while there are no moves and were none (the
   * first board is drawn without a forced layout).
   * @param {string} moves
   */
  showMoves(moves) {
    this.movesBox.textContent = moves || '—';
    this.movesBox.classList.toggle('empty', !moves);
    if (moves || this.movesScrolled) this.movesBox.scrollLeft = this.movesBox.scrollWidth;
    this.movesScrolled = !!moves;
  }

  /** What every game updates after a change: moves, output, pads, history buttons. */
  updateCommon(v) {
    const moves = this.game.playedMoves();
    this.showMoves(moves);
    this.output.textContent = v.output;
    for (const [d, b] of Object.entries(this.dpadButtons)) b.disabled = !v.legal.includes(d);
    this.undoBtn.disabled = !moves;
    this.redoBtn.disabled = !this.game.redoMoves.length;
    this.restartBtn.disabled = !moves;
  }

  /** The cell under the pointer, 1-based: its row and column, and its place in the level text. */
  showCoords(cell) {
    const el = this.shell.statusbar.querySelector('#coords');
    if (!el) return;
    el.textContent = cell ? `row ${cell.row + 1}, column ${cell.col + 1} · text line ${cell.row + 2}, column ${this.textColumn(cell.col)}` : '';
  }

  /**
   * The text column (1-based) of board column `col` (0-based): one character a cell
   * (Rogue's rows put a space between sites).
   * @param {number} col
   */
  textColumn(col) {
    return col + 1;
  }

  // ---- Play panel -----------------------------------------------------------------

  /** The eight-direction pad around the hero's swatch (`verb`: "Slide", "Step"). */
  directionPad({ label, hero, verb }) {
    const g = this.game;
    const pad = h('div.dpad#dpad', { role: 'group', 'aria-label': label });
    this.dpadButtons = {};
    for (const d of DPAD) {
      if (!d) {
        pad.append(h('div.dpad-center', {}, g.spec.edit.swatch(hero, 40)));
        continue;
      }
      const b = h('button.dpad-btn', { type: 'button', dataset: { dir: d }, title: `${verb} ${NAME[d]} (${d} or ${KEYS[d]})`, 'aria-label': `${verb} ${NAME[d]}`, onclick: () => g.move(d) },
        h('span.arrow', {}, ARROW[d]), h('span.key', {}, `${d} · ${KEYS[d]}`));
      this.dpadButtons[d] = b;
      pad.append(b);
    }
    this.dpad = pad;
    return pad;
  }

  /** The tile legend, in the order of `syms`. */
  legend(syms) {
    const { info, swatch } = this.game.spec.edit;
    const list = h('ul.legend');
    for (const sym of syms) list.append(h('li', {}, swatch(sym, 26), h('span', {}, h('b', {}, info[sym].name), ` ${info[sym].hint}`)));
    return list;
  }

  /** The "Course output" heading with copy and save, and the output itself. */
  outputSection() {
    const g = this.game;
    this.output = h('pre.output#output');
    return [
      h('div.row-between', {}, h('h3', {}, 'Course output'),
        h('div.btn-group', {},
          button('.btn.small#copy-output', { icon: 'copy', label: 'Copy', title: 'Copy the output in the grader format', onclick: () => copyText(g.view.output, 'Output') }),
          button('.btn.small#download-output', { icon: 'download', label: 'Save', title: 'Download output.txt', onclick: () => download('output.txt', g.view.output) }))),
      this.output,
    ];
  }

  // ---- banner ---------------------------------------------------------------------

  /**
   * The end-of-game banner: hidden while playing (unless a played-out plan left a
   * note), else the game's bannerContent(kind, view) = {title, sub, stats: [[label,
   * value]], extra: [nodes], buttons: [nodes], undo, dataKind}.
   */
  updateBanner() {
    const g = this.game;
    const v = g.view;
    const banner = this.shell.banner;
    if (!v || g.anim || (v.status === 'playing' && !g.planNote)) {
      if (v && !g.anim) this.dismissed = null;
      banner.hidden = true;
      banner.removeAttribute('data-kind');
      return;
    }
    const kind = v.status === 'playing' ? this.planKind : v.status;
    const moves = g.playedMoves();
    // A closed banner stays closed until the game moves on (or another level loads).
    if (this.dismissed === `${kind}|${moves}|${g.levelName}`) {
      banner.hidden = true;
      return;
    }
    if (!banner.hidden && banner.dataset.kind === kind && banner.dataset.moves === moves) return;
    const c = this.bannerContent(kind, v);
    banner.dataset.kind = c.dataKind || kind;
    if (c.dataStatus) banner.dataset.status = c.dataStatus;
    banner.dataset.moves = moves;
    banner.replaceChildren(
      h('div.banner-card', {},
        h('div.banner-title', {}, c.title),
        h('div.banner-sub', {}, c.sub),
        h('div.banner-stats', {}, ...c.stats.map(([label, value]) => h('span', {}, `${label} `, h('b', {}, String(value))))),
        ...c.extra,
        h('div.btn-group', {},
          ...c.buttons,
          button('.btn#banner-restart', { icon: 'restart', label: 'Restart', onclick: () => g.restart() }),
          c.undo ? button('.btn#banner-undo', { icon: 'undo', label: 'Undo', onclick: () => g.undo() }) : null,
          button('.btn.ghost#banner-close', { icon: 'close', label: 'Close', onclick: () => {
            this.dismissed = `${kind}|${moves}|${g.levelName}`;
            banner.hidden = true;
          } }))),
    );
    banner.hidden = false;
  }

  // ---- feedback -------------------------------------------------------------------

  /** The pad button of a move symbol (games with more pads override it). */
  padButton(sym) {
    return this.dpadButtons[sym];
  }

  /** An illegal move: shake the board, flash its pad button, say why. */
  illegal(sym, err) {
    const b = this.padButton(sym);
    const canvas = this.game.board.canvas;
    canvas.classList.remove('shake');
    void canvas.offsetWidth;
    canvas.classList.add('shake');
    if (b) {
      b.classList.remove('flash');
      void b.offsetWidth;
      b.classList.add('flash');
    }
    const msg = err && err.message ? err.message : String(err);
    this.shell.toast(`Cannot ${this.illegalText(sym)}: ${msg}`, 'warn');
  }
}
