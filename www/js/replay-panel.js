// The one replay panel: a file of frames (a GPac world file, an Arena command log)
// opened from a file, pasted or dropped (FileInput), checked by the wasm module, then
// played on the one Transport (play / pause / step / speed / scrub) with its
// TransportBar, and drawn on the board by the game. A game subclasses it with what
// its file is:
//
//   parse(text) → model          read and check (throws {message} or {line, column, message})
//   adopt(model)                 the model is now open: set up what the frames need
//   release(model)               free it (wasm objects)
//   frames() → n                 the last frame's index (0 = the first)
//   position() → k               the frame shown
//   showFrame(k)                 show frame k at once
//   nextFrame({animate, batch})  one frame on (the game animates it if asked)
//   describe() → [nodes]         the info line of an open file
//   onShown()                    optional: after every frame change (stats, status bar)
//
// and a spec (`ReplaySpec` in contracts.d.ts): { prefix (the file widgets' ids), accept,
// placeholder, label, what, heading, intro, empty (the info line with no file),
// thisGame ({id, title}: a button that opens the game of the Play tab), speeds, speed,
// bar (TransportBar options), fileExt, actions (more buttons beside Download and
// Close), closeId, downloadId, infoId, extra (nodes after the actions) }.

import { h, button, download } from './ui.js';
import { FileInput } from './file-input.js';
import { Transport } from './transport.js';
import { TransportBar } from './transport-bar.js';

/**
 * The one replay panel; a game's subclass says what its file is.
 * @template {import('./contracts.js').ReplayHost} G the game that hosts it
 * @template Model what `parse` makes of a file
 */
export class ReplayPanel {
  /**
   * @param {G} game
   * @param {HTMLElement} panel
   * @param {import('./contracts.js').ReplaySpec} spec
   */
  constructor(game, panel, spec) {
    this.game = game;
    this.panel = panel;
    this.api = game.api;
    this.spec = spec;
    /** @type {Model | null} */
    this.model = null;
    /** @type {string} the open file's text */
    this.source = null;
    /** @type {string} the open file's name */
    this.name = null;
    this.serial = 0;
    this.transport = new Transport(this.frameSource(), { speeds: spec.speeds, speed: spec.speed });
    this.transport.addEventListener('change', () => this.game.board.invalidate());
    this.build();
    game.shell.onTab((tab) => {
      if (tab !== 'solve') this.pause();
      this.game.board.invalidate();
    });
  }

  // ---- what a subclass gives ---------------------------------------------------------

  /**
   * Read and check a file (throws `{message}` or `{line, column, message}`).
   * @param {string} text
   * @returns {Model}
   */
  parse(text) {
    throw new Error('ReplayPanel.parse: a subclass reads its files');
  }

  /**
   * The model is now open: set up what the frames need.
   * @param {Model} model
   */
  adopt(model) {}

  /**
   * Free a model (wasm objects).
   * @param {Model} model
   */
  release(model) {}

  /**
   * The last frame's index (0 = the first).
   * @returns {number}
   */
  frames() {
    return 0;
  }

  /**
   * The frame shown.
   * @returns {number}
   */
  position() {
    return 0;
  }

  /**
   * Show frame k at once.
   * @param {number} k
   */
  showFrame(k) {}

  /**
   * One frame on (animated if asked).
   * @param {{animate?: boolean, batch?: boolean}} opts
   */
  nextFrame(opts) {}

  /**
   * The info line of an open file.
   * @returns {(Node | string)[]}
   */
  describe() {
    return [];
  }

  /** After every frame change (stats, status bar). */
  onShown() {}

  // ---- the panel -------------------------------------------------------------------------

  build() {
    const s = this.spec;
    this.input = new FileInput({
      prefix: s.prefix, accept: s.accept, placeholder: s.placeholder, label: s.label, rows: s.rows || 4, what: s.what,
      extra: [button(`.btn#${s.thisGame.id}`, { icon: 'play', label: 'This game', title: s.thisGame.title, onclick: () => this.game.replayThisGame() })],
      dropOn: [this.panel], signal: this.game.shell.signal,
      onText: (text, name) => this.openText(text, name),
    });
    this.text = this.input.text;
    this.infoBox = h(`p#${s.infoId}.small`, {}, s.empty);
    this.bar = new TransportBar(this.transport, s.bar);
    this.controls = h('div.replay-controls', {},
      h('h3', {}, 'Playback'),
      this.bar.root,
      ...(s.extra || []),
      h('div.row', {},
        button(`.btn#${s.downloadId}`, { icon: 'download', label: 'Download', title: `Download the ${s.what}`, onclick: () => download(this.fileName(), this.source) }),
        ...(s.actions || []),
        button(`.btn.ghost#${s.closeId}`, { icon: 'close', label: 'Close', title: `Close the ${s.what} (the board shows the Play tab's game again)`, onclick: () => this.close() })),
      ...(s.after || []));
    this.panel.replaceChildren(h('h3', {}, s.heading), h('p.small.muted', {}, s.intro), ...this.input.nodes, this.infoBox, this.controls);
    this.update();
  }

  openText(text, filename) {
    const ok = this.open(text, filename || `pasted ${this.spec.what}`);
    if (ok && filename) this.game.shell.toast(`Loaded ${filename}`);
    return ok;
  }

  showError(message) {
    this.input.showError(message);
  }

  /**
   * Read and check a file; on success show its first frame. Errors keep what was open.
   * @param {string} text
   * @param {string} [name]
   * @returns {boolean} whether it opened
   */
  open(text, name) {
    let model;
    try {
      if (!String(text || '').trim()) throw { message: 'the text is empty' };
      model = this.parse(text);
    } catch (err) {
      this.showError(err && err.line != null ? `Line ${err.line}, column ${err.column}: ${err.message}` : (err && err.message) || String(err));
      if (text.length < 200000) this.text.value = text;
      this.selectError(err);
      return false;
    }
    this.pause();
    if (this.model) this.release(this.model);
    this.model = model;
    this.source = text;
    this.name = name || this.spec.what;
    this.serial++;
    this.adopt(model);
    this.input.clearError();
    this.text.value = text.length < 200000 ? text : '';
    this.shown();
    return true;
  }

  /** Select the line an error names in the text box. */
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
    if (this.model) this.release(this.model);
    this.model = null;
    this.shown();
  }

  loaded() {
    return !!this.model;
  }

  fileName() {
    const ext = this.spec.fileExt;
    const base = (this.name || 'replay').replace(new RegExp(`\\${ext}$`, 'i'), '').replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
    return `${base || 'replay'}${ext}`;
  }

  // ---- playback -------------------------------------------------------------------------

  /**
   * The frames as the Transport's source.
   * @returns {import('./contracts.js').TransportSource}
   */
  frameSource() {
    return {
      position: () => (this.model ? this.position() : 0),
      length: () => (this.model ? this.frames() : 0),
      rewinds: true,
      seek: (k) => {
        if (!this.model) return;
        this.showFrame(k);
        this.shown();
      },
      advance: ({ animate = true, batch = false } = {}) => {
        if (!this.model || this.position() >= this.frames()) return false;
        this.nextFrame({ animate, batch });
        if (!batch) this.shown();
        return true;
      },
      batchDone: () => this.shown(),
    };
  }

  get playing() {
    return this.transport.playing;
  }

  /**
   * Show frame k (clamped), pausing.
   * @param {number} k
   */
  seek(k) {
    if (this.model) this.transport.seek(k);
  }

  /**
   * A frame on (d = 1) or back (d = -1), or |d| frames without animation.
   * @param {number} d
   */
  step(d) {
    if (!this.model) return;
    if (d === 1) this.transport.step();
    else if (d === -1) this.transport.back();
    else {
      const playing = this.playing;
      this.transport.seek(this.position() + d);
      if (playing && this.position() < this.frames()) this.transport.play();
    }
  }

  toggle() {
    if (this.model) this.transport.toggle();
  }

  pause() {
    this.transport.pause();
  }

  /**
   * The common playback commands (from the game's keys): true when handled.
   * @param {string} name
   */
  command(name) {
    switch (name) {
      case 'toggle':
        this.toggle();
        return true;
      case 'first':
        this.seek(0);
        return true;
      case 'last':
        this.seek(this.frames());
        return true;
      default:
        return false;
    }
  }

  /** After the frame or the file changed: the widgets, the info line, the board. */
  shown() {
    this.update();
    this.game.board.invalidate();
  }

  update() {
    this.controls.hidden = !this.model;
    if (!this.model) {
      this.infoBox.textContent = this.spec.empty;
      delete this.infoBox.dataset.for;
    } else if (this.infoBox.dataset.for !== String(this.serial)) {
      this.infoBox.dataset.for = String(this.serial);
      this.infoBox.replaceChildren(...this.describe());
    }
    this.transport.refresh();
    this.onShown();
  }

  dispose() {
    this.transport.dispose();
    if (this.model) this.release(this.model);
    this.model = null;
  }
}
