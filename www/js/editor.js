// The Edit panel: tile palette, painting strokes, resize, undo/redo of edits, import
// (file, paste) and export (download, clipboard), reset to the level as loaded.
// Cells are changed only through the wasm session (paint/resize).
// Game-agnostic: the game passes a spec {palette, info: {sym: {name, hint}},
// swatch(sym, cssSize), brush, eraseSym, paintHint, formatHint, blank(rows, cols),
// skip(cell, sym) → true when painting would change nothing}.

import { h, button, copyText, download, toast } from './ui.js';

const MAX_HISTORY = 300;

export class Editor {
  /**
   * @param {import('./game-base.js').GameBase<any>} game
   * @param {HTMLElement} panel
   * @param {import('./contracts.js').EditSpec} spec
   */
  constructor(game, panel, spec) {
    this.game = game;
    this.panel = panel;
    this.spec = spec;
    this.undoStack = [];
    this.redoStack = [];
    this.stroke = null;
    this.brush = spec.brush || '#';
    this.textDirty = false;
    this.build();
    game.addEventListener('level', () => this.syncFromLevel());
    game.addEventListener('parseerror', (e) => this.pointAtError(/** @type {CustomEvent} */ (e).detail));
  }

  build() {
    const palette = h('div.palette#palette', { role: 'radiogroup', 'aria-label': 'Tile to paint' });
    this.swatches = {};
    const spec = this.spec;
    for (const sym of spec.palette) {
      const info = spec.info[sym] || { name: sym, hint: '' };
      const b = h('button.swatch', {
        type: 'button', role: 'radio', dataset: { sym }, title: `${info.name}: ${info.hint}`,
        'aria-checked': String(sym === this.brush),
        onclick: () => this.setBrush(sym),
      }, spec.swatch(sym, 34), h('span', {}, info.name));
      this.swatches[sym] = b;
      palette.append(b);
    }
    this.rowsInput = h('input#rows', { type: 'number', min: '3', max: '400', 'aria-label': 'Rows' });
    this.colsInput = h('input#cols', { type: 'number', min: '3', max: '400', 'aria-label': 'Columns' });
    this.undoBtn = button('.btn#edit-undo', { icon: 'undo', label: 'Undo', title: 'Undo the last edit (Ctrl+Z)', onclick: () => this.undo() });
    this.redoBtn = button('.btn#edit-redo', { icon: 'redo', label: 'Redo', title: 'Redo (Ctrl+Y or Ctrl+Shift+Z)', onclick: () => this.redo() });
    this.textarea = h('textarea#level-text', {
      spellcheck: 'false', rows: '9', wrap: 'off', 'aria-label': 'Level text',
      oninput: () => this.setDirty(true),
    });
    this.dirtyNote = h('span.muted.small#text-state', {}, '');
    this.fileInput = h('input#file-input', { type: 'file', accept: '.txt,text/plain', hidden: true, onchange: () => this.readFile() });

    this.panel.replaceChildren(
      h('h3', {}, 'Paint'),
      h('p.muted', {}, spec.paintHint),
      palette,
      h('div.row', {},
        h('div.btn-group', {}, this.undoBtn, this.redoBtn),
        h('div.spacer'),
        button('.btn#reset-level', { icon: 'restart', label: 'Reset to level', title: 'Back to the level as it was loaded', onclick: () => this.resetToLevel() })),
      h('h3', {}, 'Size'),
      h('div.row.size-row', {},
        h('label', {}, 'Rows ', this.rowsInput),
        h('label', {}, 'Cols ', this.colsInput),
        button('.btn#resize', { label: 'Resize', title: 'Resize (the border becomes wall)', onclick: () => this.resize() }),
        button('.btn.ghost#blank-level', { label: 'Blank', title: 'A new empty level of this size', onclick: () => this.blank() })),
      h('div.row-between', {}, h('h3', {}, 'Level text'), this.dirtyNote),
      this.textarea,
      h('div.row', {},
        button('.btn.primary#load-level', { icon: 'upload', label: 'Load text', title: 'Load the text above', onclick: () => this.loadText() }),
        button('.btn#open-file', { icon: 'upload', label: 'Open file…', onclick: () => this.fileInput.click() })),
      h('div.row', {},
        h('span.muted.small', {}, 'Export'),
        button('.btn#download-level', { icon: 'download', label: 'Download .txt', title: 'Download the level', onclick: () => this.exportFile() }),
        button('.btn#copy-level', { icon: 'copy', label: 'Copy text', title: 'Copy the level text', onclick: () => copyText(this.game.levelText(), 'Level') })),
      this.fileInput,
      h('p.muted.small', {}, spec.formatHint),
    );
    const host = this.game.board.host;
    const signal = this.game.shell.signal; // aborted when the game is unmounted
    host.addEventListener('dragover', (e) => e.preventDefault(), { signal });
    host.addEventListener('drop', (e) => {
      e.preventDefault();
      const f = e.dataTransfer.files[0];
      if (f) f.text().then((t) => this.importText(t, f.name));
    }, { signal });
  }

  /**
   * Draw the palette's `sym` as `shown`, named `name` (Rogue's monster under the
   * dungeon's own letter).
   * @param {string} sym
   * @param {string} shown
   * @param {string} name
   */
  showSwatchAs(sym, shown, name) {
    const b = this.swatches[sym];
    if (!b || b.dataset.shown === shown) return;
    const info = this.spec.info[sym] || { name: sym, hint: '' };
    b.dataset.shown = shown;
    b.firstElementChild.replaceWith(this.spec.swatch(shown, 34));
    b.lastElementChild.textContent = name;
    b.title = `${name}: ${info.hint}`;
  }

  setBrush(sym) {
    this.brush = sym;
    for (const [s, b] of Object.entries(this.swatches)) b.setAttribute('aria-checked', String(s === sym));
  }

  setDirty(d) {
    this.textDirty = d;
    this.dirtyNote.textContent = d ? 'edited: press Load to apply' : '';
  }

  syncFromLevel() {
    const v = this.game.view;
    this.rowsInput.value = String(v.rows);
    this.colsInput.value = String(v.cols);
    if (!this.textDirty && document.activeElement !== this.textarea) this.textarea.value = this.game.levelText();
    this.updateButtons();
  }

  updateButtons() {
    this.undoBtn.disabled = !this.undoStack.length;
    this.redoBtn.disabled = !this.redoStack.length;
  }

  // ---- history --------------------------------------------------------------------

  record(before) {
    this.undoStack.push(before);
    if (this.undoStack.length > MAX_HISTORY) this.undoStack.shift();
    this.redoStack = [];
    this.updateButtons();
  }

  resetHistory() {
    this.undoStack = [];
    this.redoStack = [];
    this.updateButtons();
  }

  undo() {
    const prev = this.undoStack.pop();
    if (prev === undefined) return false;
    this.redoStack.push(this.game.levelText());
    this.setDirty(false);
    this.game.replaceLevel(prev);
    return true;
  }

  redo() {
    const next = this.redoStack.pop();
    if (next === undefined) return false;
    this.undoStack.push(this.game.levelText());
    this.setDirty(false);
    this.game.replaceLevel(next);
    return true;
  }

  // ---- painting -------------------------------------------------------------------

  strokeStart(cell, erase) {
    this.stroke = { before: this.game.levelText(), sym: erase ? (this.spec.eraseSym ?? ' ') : this.brush, first: true };
    this.paintCell(cell);
  }

  strokeMove(cell) {
    if (this.stroke) this.paintCell(cell);
  }

  strokeEnd() {
    const s = this.stroke;
    this.stroke = null;
    if (!s) return;
    if (this.game.levelText() !== s.before) {
      this.record(s.before);
      this.setDirty(false);
      this.game.levelEdited();
    }
  }

  paintCell(cell) {
    const s = this.stroke;
    const g = this.game;
    const first = s.first;
    s.first = false;
    if (this.spec.skip(cell, s.sym)) return;
    try {
      g.session.paint(cell.row, cell.col, s.sym);
    } catch (err) {
      if (first) toast(err.message || String(err), 'warn');
      return;
    }
    g.levelEdited({ quiet: true });
  }

  // ---- size, import, export ---------------------------------------------------------

  readSize() {
    const r = Math.round(Number(this.rowsInput.value));
    const c = Math.round(Number(this.colsInput.value));
    if (!(r >= 3 && c >= 3 && r <= 400 && c <= 400)) {
      toast('Rows and columns must be between 3 and 400', 'warn');
      return null;
    }
    return [r, c];
  }

  resize() {
    const size = this.readSize();
    if (!size) return;
    const before = this.game.levelText();
    this.game.resizeLevel(size[0], size[1]);
    if (this.game.levelText() !== before) {
      this.record(before);
      this.setDirty(false);
      this.game.levelEdited();
    }
  }

  blank() {
    const size = this.readSize();
    if (!size) return;
    this.setDirty(false);
    this.game.loadLevel(this.spec.blank(size[0], size[1]), { name: 'New level' });
  }

  loadText() {
    this.importText(this.textarea.value, null);
  }

  importText(text, filename) {
    const name = filename ? filename.replace(/\.txt$/i, '') : undefined;
    const ok = this.game.loadLevel(text, { name });
    if (ok) {
      this.setDirty(false);
      this.textarea.value = this.game.levelText();
      toast(filename ? `Loaded ${filename}` : 'Level loaded');
    } else if (filename) {
      this.textarea.value = text;
      this.setDirty(true);
    }
    return ok;
  }

  async readFile() {
    const f = this.fileInput.files[0];
    this.fileInput.value = '';
    if (f) this.importText(await f.text(), f.name);
  }

  exportFile() {
    const v = this.game.view;
    const base = (this.game.levelName || 'level').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    download(`${base || 'level'}-${v.rows}x${v.cols}.txt`, this.game.levelText());
  }

  resetToLevel() {
    const before = this.game.levelText();
    if (before === this.game.baseText) return toast('The level is as it was loaded');
    this.record(before);
    this.setDirty(false);
    this.game.replaceLevel(this.game.baseText);
  }

  /** Select the offending character of a parse error in the text area. */
  pointAtError(err) {
    if (!err || err.line == null) return;
    const lines = this.textarea.value.split('\n');
    if (err.line > lines.length) return;
    let offset = 0;
    for (let i = 0; i < err.line - 1; i++) offset += lines[i].length + 1;
    offset += Math.max(0, err.column - 1);
    try {
      this.textarea.setSelectionRange(offset, offset + 1);
    } catch {
      /* not focused */
    }
  }
}
