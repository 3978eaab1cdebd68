// Small DOM helpers shared by the shell and the games: element builder, icons,
// toasts, clipboard and downloads.

/**
 * `h('button.primary#solve', {title: 'x', onclick}, 'Solve')`
 * @template {string} S
 * @param {S} spec the tag (default div), then `.class` and `#id` parts
 * @param {import('./contracts.js').Attrs | null} [attrs]
 * @param {...import('./contracts.js').Child} children
 * @returns {import('./contracts.js').ElementOf<S>}
 */
export function h(spec, attrs = {}, ...children) {
  const m = spec.match(/^([a-z0-9-]+)?((?:[.#][\w-]+)*)$/i);
  const el = document.createElement((m && m[1]) || 'div');
  for (const part of ((m && m[2]) || '').match(/[.#][\w-]+/g) || []) {
    if (part[0] === '.') el.classList.add(part.slice(1));
    else el.id = part.slice(1);
  }
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v == null || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k === 'html') el.innerHTML = v;
    else if (k in el && typeof v !== 'string') el[k] = v;
    else el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c == null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return /** @type {any} */ (el);
}

/**
 * The first element matching `sel` (null when none).
 * @type {(sel: string, root?: ParentNode) => HTMLElement | null}
 */
export const $ = (sel, root = document) => root.querySelector(sel);

const ICONS = {
  play: 'M8 5v14l11-7z',
  pause: 'M7 5h4v14H7zM13 5h4v14h-4z',
  stepf: 'M6 5v14l9-7zM16 5h3v14h-3z',
  stepb: 'M18 5v14l-9-7zM5 5h3v14H5z',
  first: 'M19 5v14l-7-7zM12 5v14l-7-7zM4 5h2v14H4z',
  last: 'M5 5v14l7-7zM12 5v14l7-7zM18 5h2v14h-2z',
  undo: 'M9 7V3L3 9l6 6v-4h6a4 4 0 0 1 0 8h-3v2h3a6 6 0 0 0 0-12z',
  redo: 'M15 7V3l6 6-6 6v-4H9a4 4 0 0 0 0 8h3v2H9A6 6 0 0 1 9 7z',
  restart: 'M12 5V1L7 6l5 5V7a5 5 0 1 1-5 5H5a7 7 0 1 0 7-7z',
  copy: 'M16 1H6a2 2 0 0 0-2 2v12h2V3h10zm3 4H10a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h9a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2zm0 16h-9V7h9z',
  link: 'M10.6 13.4a1 1 0 0 1 0-1.4l3.5-3.5a1 1 0 1 1 1.4 1.4L12 13.4a1 1 0 0 1-1.4 0zM8.5 18.4a3 3 0 0 1-4.2-4.2l3-3 1.4 1.4-3 3a1 1 0 0 0 1.4 1.4l3-3 1.4 1.4zm7-7-1.4-1.4 3-3a1 1 0 0 0-1.4-1.4l-3 3-1.4-1.4 3-3a3 3 0 0 1 4.2 4.2z',
  download: 'M11 3h2v9.2l3.3-3.3 1.4 1.4L12 16l-5.7-5.7 1.4-1.4 3.3 3.3zM4 18h16v2H4z',
  upload: 'M11 16h2V6.8l3.3 3.3 1.4-1.4L12 3 6.3 8.7l1.4 1.4L11 6.8zM4 18h16v2H4z',
  present: 'M3 4h18v12H3zm2 2v8h14V6zM8 20l4-4 4 4z',
  help: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 17h-2v-2h2zm2.1-7.7-.9.9c-.7.7-1.2 1.3-1.2 2.8h-2v-.5c0-1.1.5-2.1 1.2-2.8l1.2-1.3a2 2 0 1 0-3.4-1.4H8a4 4 0 1 1 8 0c0 .9-.4 1.7-.9 2.3z',
  close: 'M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4L12 13.4 6.4 19 5 17.6l5.6-5.6L5 6.4z',
  bolt: 'M13 2 4 14h7l-1 8 9-12h-7z',
  stop: 'M6 6h12v12H6z',
  check: 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z',
};

export function icon(name, cls = '') {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', `icon ${cls}`.trim());
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', ICONS[name] || '');
  svg.append(path);
  return svg;
}

/**
 * A button with an icon and an optional label.
 * @param {string} spec `h()`'s spec (`button` is added when missing)
 * @param {{icon?: string, label?: string, title?: string, onclick?: (e: MouseEvent) => void, [attr: string]: any}} [options]
 * @returns {HTMLButtonElement}
 */
export function button(spec, { icon: name, label, title, onclick, ...rest } = {}) {
  return /** @type {HTMLButtonElement} */ (h(spec.startsWith('button') ? spec : `button${spec}`, { type: 'button', title, onclick, ...rest },
    name ? icon(name) : null, label ? h('span', {}, label) : null));
}

let toastTimer = 0;
export function toast(message, kind = 'info') {
  let el = $('#toast');
  if (!el) {
    el = h('div#toast', { role: 'status', 'aria-live': 'polite' });
    document.body.append(el);
  }
  el.textContent = message;
  el.className = `show ${kind}`;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (el.className = ''), 2600);
}

export async function copyText(text, what = 'Text') {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const ta = h('textarea', { style: 'position:fixed;opacity:0' });
    ta.value = text;
    document.body.append(ta);
    ta.select();
    const ok = document.execCommand && document.execCommand('copy');
    ta.remove();
    if (!ok) {
      toast(`Could not reach the clipboard`, 'error');
      return false;
    }
  }
  toast(`${what} copied to the clipboard`);
  return true;
}

export function download(filename, text) {
  downloadBlob(filename, new Blob([text], { type: 'text/plain' }));
}

/** Save a Blob (an image, a video) as a file. */
export function downloadBlob(filename, blob) {
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: filename });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * One formatter for every number (`toLocaleString` would make one a call), made on first
 * use: making it loads the locale's data, which the first board need not wait for.
 * @type {Intl.NumberFormat | null}
 */
let numberFormat = null;

export const fmt = (n) => (n == null || Number.isNaN(n) ? '–' : (numberFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })).format(Number(n)));

export function fmtMs(ms) {
  if (ms == null) return '–';
  if (ms < 0.1) return '< 0.1 ms';
  if (ms < 1) return `${ms.toFixed(2)} ms`;
  if (ms < 1000) return `${ms.toFixed(1)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

/** Whether a keyboard event comes from a text field (then the page ignores it). */
export function isTyping(e) {
  const t = e.target;
  if (!t || !t.tagName) return false;
  if (t.isContentEditable) return true;
  if (t.tagName === 'TEXTAREA' || t.tagName === 'SELECT') return true;
  if (t.tagName === 'INPUT') return !['checkbox', 'radio', 'range', 'button'].includes(t.type);
  return false;
}

/**
 * Panels that load after the first board (the shell's and the games' Edit, Solve and
 * Compare tabs): their modules are imported once, when `load()` is first called, and
 * `mount(modules)` puts them on their tabs. A failed load leaves "This tab did not load"
 * on each of `hosts()` and is tried again at the next `load()`: the modules that failed
 * are asked for under another address (a module that failed to load stays failed under
 * its own), those that loaded are kept. Nothing is mounted once `gone()` (the game was
 * replaced meanwhile).
 */
export class LazyPanels {
  /**
   * @param {{
   *   modules: ((query: string) => Promise<any>)[],
   *   mount: (modules: any[]) => void,
   *   hosts: () => HTMLElement[],
   *   gone?: () => boolean,
   * }} options each of `modules` imports a module with `query` after its address ('' the
   *   first time, `?try=N` after a failure)
   */
  constructor({ modules, mount, hosts, gone = () => false }) {
    this.importers = modules;
    /** @type {(Promise<any> | null)[]} each module's import, until one fails */
    this.imports = modules.map(() => null);
    this.tries = modules.map(() => 0);
    this.mounter = mount;
    this.hosts = hosts;
    this.gone = gone;
    /** @type {Promise<boolean> | null} the load on its way (or done) */
    this.loading = null;
    this.mounted = false;
  }

  /**
   * Load and mount the panels (once): resolves to whether they are mounted.
   * @returns {Promise<boolean>}
   */
  load() {
    if (this.loading) return this.loading;
    const imports = this.importers.map((load, i) => {
      if (!this.imports[i]) {
        const tries = this.tries[i]++;
        this.imports[i] = load(tries ? `?try=${tries}` : '');
        this.imports[i].catch(() => (this.imports[i] = null));
      }
      return this.imports[i];
    });
    this.loading = Promise.all(imports).then((modules) => {
      if (this.gone()) return false;
      for (const host of this.hosts()) host.querySelector(':scope > .panels-failed')?.remove();
      this.mounter(modules);
      this.mounted = true;
      return true;
    }).catch((err) => {
      this.loading = null;
      if (this.gone()) return false;
      console.warn('gridlab: the panels did not load', err);
      for (const host of this.hosts()) {
        host.querySelector(':scope > .panels-failed')?.remove();
        host.prepend(h('div.alert.panels-failed', { role: 'alert' },
          h('strong', {}, 'This tab did not load. '),
          h('span.msg', {}, `${(err && err.message) || err}. Check the connection and open the tab again, or reload the page.`)));
      }
      return false;
    });
    return this.loading;
  }
}
