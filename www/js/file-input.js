// The one open / paste / drop widget: an "Open file…" button with its hidden file
// input, a text box with "Load text", a drop target, and the error line. Used by the
// replay panels (GPac world files, Arena command logs) and "Check a solution" (its
// "Check" button is the load button); the owner parses the text. A file larger than
// `maxBytes` is refused before it is read.

import { h, button } from './ui.js';

export class FileInput {
  /**
   * options: { prefix ('replay-'): ids `${prefix}file|text|load|open|error`, accept,
   * placeholder, label (the text box's aria-label), rows, what ('world file': the
   * error heading), extra (more buttons beside "Open file…"), dropOn (elements that
   * take a dropped file), signal (removes the drop listeners), onText(text, name),
   * load ({label, icon, title}: the load button's words), after (more buttons beside
   * it), maxBytes (a larger file is refused unread; limit: how the error says it) }
   * @param {Record<string, any>} options
   */
  constructor({ prefix, accept, placeholder, label, rows = 5, what, extra = [], dropOn = [], signal, onText,
    load = {}, after = [], maxBytes = Infinity, limit = '' }) {
    this.what = what;
    this.onText = onText;
    this.maxBytes = maxBytes;
    this.limit = limit;
    this.fileInput = h(`input#${prefix}file`, { type: 'file', accept, hidden: true, onchange: () => this.readFile() });
    this.text = h(`textarea#${prefix}text`, { spellcheck: 'false', rows: String(rows), wrap: 'off', placeholder, 'aria-label': label });
    this.error = h(`div.lab-error#${prefix}error`, { role: 'alert', hidden: true });
    this.nodes = [
      h('div.row', {}, button(`.btn#${prefix}open`, { icon: 'upload', label: 'Open file…', onclick: () => this.fileInput.click() }), ...extra),
      this.text,
      h('div.row', {}, button(`.btn.primary#${prefix}load`, { icon: load.icon || 'upload', label: load.label || 'Load text', title: load.title, onclick: () => this.onText(this.text.value, null) }), ...after),
      this.fileInput,
      this.error,
    ];
    for (const el of dropOn) {
      el.addEventListener('dragover', (e) => e.preventDefault(), { signal });
      el.addEventListener('drop', (e) => {
        e.preventDefault();
        const f = e.dataTransfer && e.dataTransfer.files[0];
        if (f) this.readText(f);
      }, { signal });
    }
  }

  async readFile() {
    const f = this.fileInput.files[0];
    this.fileInput.value = '';
    if (f) await this.readText(f);
  }

  async readText(file) {
    if (file.size > this.maxBytes) {
      this.showError(`${file.name} has ${file.size.toLocaleString('en-US')} bytes, more than the ${this.limit || `${this.maxBytes.toLocaleString('en-US')} bytes`} a ${this.what} may have.`);
      return;
    }
    try {
      this.onText(await file.text(), file.name);
    } catch (err) {
      this.showError(`cannot read ${file.name}: ${err.message || err}`);
    }
  }

  showError(message) {
    this.error.replaceChildren(h('strong', {}, `Cannot open this ${this.what}. `), h('span.msg', {}, message));
    this.error.hidden = false;
  }

  clearError() {
    this.error.hidden = true;
  }
}
