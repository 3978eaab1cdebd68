// The shell: game picker, tabs, board, error bar, presentation mode, help, URL hash.
// Games plug in through games/index.js and receive the `shell` object below.

import { games, gameById, defaultGameId } from './games/index.js';
import { Board } from './board.js';
import { $, h, toast, copyText, isTyping } from './ui.js';
import { buildHash, parseHash, replaceHash, hashHasLevel } from './url.js';
import * as storage from './storage.js';

/** @typedef {import('./contracts.js').Shell} Shell */
/** @typedef {import('./contracts.js').TabName} TabName */

/** @type {TabName[]} */
const TABS = ['play', 'edit', 'solve', 'compare'];
const TAB_NAMES = { play: 'Play', edit: 'Edit', solve: 'Solve', compare: 'Compare' };
/** @type {((tab: TabName) => void)[]} */
const tabListeners = [];
/** @type {import('./contracts.js').Controller | null} */
let game = null;
let gameId = defaultGameId;
let hashSeq = 0;
let lastHash = '';
/** The debounced hash update's timer. */
let hashTimer = 0;
/** The embed view, the presenter's keys and the exports (slides.js, loaded after the first board). */
let slides = null;
/** @type {Promise<any> | null} slides.js on its way */
let slidesLoading = null;
/** The full module once asked for (`shell.full()`). */
let fullModule = null;

/** @type {Shell} */
const shell = {
  api: null,
  memory: null,
  board: null,
  signal: null, // an AbortSignal aborted when the mounted game is replaced
  toolbar: $('#toolbar'),
  statusbar: $('#statusbar'),
  banner: $('#banner'),
  panels: /** @type {Record<TabName, HTMLElement>} */ (Object.fromEntries(TABS.map((t) => [t, $(`#panel-${t}`)]))),
  toast,
  copyText,
  activeTab: () => /** @type {TabName} */ (document.body.dataset.tab),
  onTab(fn) {
    tabListeners.push(fn);
  },
  selectTab,
  /** Name the tabs for this game, e.g. {solve: 'Replay', compare: 'Lab'}; the rest keep their names. */
  nameTabs(names) {
    for (const t of TABS) $(`#tab-${t}`).textContent = (names && names[t]) || TAB_NAMES[t];
  },
  /** Show an error under the board until the user dismisses it or loads a level. */
  showError(message, heading = 'Cannot load this level. ') {
    const el = $('#error');
    el.replaceChildren(
      h('strong', {}, heading),
      h('span.msg', {}, message),
      h('button.btn.ghost.icon-only.alert-close', { type: 'button', 'aria-label': 'Dismiss', onclick: () => shell.clearError() }, '×'),
    );
    el.hidden = false;
  },
  clearError() {
    $('#error').hidden = true;
  },
  /** Ask for the URL hash to show this state: {level, moves, view} (debounced, async). */
  updateHash(state) {
    const seq = ++hashSeq;
    clearTimeout(hashTimer);
    hashTimer = setTimeout(async () => {
      const hash = await buildHash(fullState(state));
      if (seq !== hashSeq) return;
      lastHash = hash;
      replaceHash(hash);
    }, 120);
  },
  setHelp(nodes) {
    $('#help-body').replaceChildren(...nodes);
  },
  presenting: () => document.body.classList.contains('presenting'),
  /** The full wasm module (tools, GIF encoder), loaded once, on first use. */
  full() {
    fullModule ??= import('../pkg/gridlab.js').then(async (mod) => {
      await mod.default();
      return mod;
    });
    fullModule.catch(() => (fullModule = null)); // a failed load is tried again next time
    return fullModule;
  },
};

/** The shell's part of the view in a link: the tab and the presentation mode. */
function shellView() {
  const view = {};
  const tab = document.body.dataset.tab;
  if (tab && tab !== 'play') view.tab = tab;
  if (shell.presenting()) view.present = '1';
  if (slides && slides.embed) view.embed = '1';
  return view;
}

/** A game's share state with the shell's view added: what a link carries. */
function fullState(state) {
  return { game: gameId, ...state, view: { ...shellView(), ...((state && state.view) || {}) } };
}

/** Apply the shell's part of a shared view (after the game has mounted). */
function applyShellView(view) {
  if (!view) return;
  if ('present' in view) setPresenting(view.present === '1');
  if ('embed' in view) {
    const on = view.embed === '1';
    if (slides) slides.setEmbed(on);
    else loadSlides().then((s) => s.setEmbed(on), () => {});
  }
  selectTab(TABS.includes(view.tab) ? view.tab : 'play');
}

function selectTab(tab) {
  if (!TABS.includes(tab)) return;
  const changed = document.body.dataset.tab !== tab;
  document.body.dataset.tab = tab;
  for (const t of TABS) {
    $(`#tab-${t}`).setAttribute('aria-selected', String(t === tab));
    shell.panels[t].hidden = t !== tab;
  }
  for (const fn of tabListeners) fn(tab);
  if (changed && game) shell.updateHash(game.shareState());
}

function buildPicker() {
  const nav = $('#game-picker');
  for (const g of games) {
    const b = h('button.game', {
      type: 'button',
      dataset: { game: g.id },
      title: g.soon ? `${g.name}: coming soon — ${g.blurb}` : g.blurb,
      'aria-pressed': String(g.id === gameId),
      'aria-disabled': g.soon ? 'true' : null,
      onclick: () => (g.soon ? toast(`${g.name} is coming soon`) : switchGame(g.id)),
    }, g.name, g.soon ? h('span.soon', {}, 'soon') : null);
    nav.append(b);
  }
}

function markPicker() {
  for (const b of $('#game-picker').querySelectorAll('[data-game]')) {
    b.setAttribute('aria-pressed', String(/** @type {HTMLElement} */ (b).dataset.game === gameId));
  }
  document.body.dataset.activeGame = gameId; // CSS hook: body[data-active-game=…]
}

let mounting = Promise.resolve();

/** Mount a game on a fresh board (unmounting the current one); `shared` = {level, moves, view}. */
function mountGame(id, shared) {
  preloadGame(id);
  mounting = mounting.then(() => doMount(id, shared)).catch((err) => {
    console.error('gridlab: cannot mount', id, err);
    shell.showError(`The game did not start: ${(err && err.message) || err}`);
  });
  return mounting;
}

async function doMount(id, shared) {
  const entry = gameById(id);
  if (!entry || entry.soon) return;
  const module = (await entry.load()).default;
  if (game) {
    if (game.unmount) game.unmount();
    game = null;
    shell.clearError();
  }
  if (shell.abort) shell.abort.abort();
  shell.abort = new AbortController();
  shell.signal = shell.abort.signal;
  hashSeq++;
  clearTimeout(hashTimer);
  tabListeners.length = 0;
  shell.nameTabs(null);
  $('.panels').scrollTop = 0;
  shell.banner.hidden = true;
  // The last game's Solve and Compare panels go (a game's own fill those tabs at
  // mount; the shared ones come after the first board).
  shell.panels.solve.replaceChildren();
  shell.panels.compare.replaceChildren();
  if (shell.board) shell.board.destroy();
  shell.board = new Board($('#board-host'));
  shell.board.onZoom = markZoom;
  markZoom(1);
  shell.board.setMaxCell(shell.presenting() ? 200 : 96);
  gameId = id;
  markPicker();
  // A game opens on its Play tab (the last game's tab may be another one here: Arena's
  // Solve tab is its Replay); the game itself, or a link's view after it, may pick another.
  document.body.dataset.tab = 'play';
  const mounted = module.mount(shell, shared);
  game = mounted;
  selectTab(document.body.dataset.tab);
  storage.save('prefs', { ...(storage.load('prefs') || {}), game: gameId });
  // The shared Solve and Compare panels load once the first board is drawn (a tab that
  // asks for them sooner waits for them); the test handle comes when they are there.
  if (mounted.panelsReady) {
    await afterFrame();
    await mounted.panelsReady();
  }
  if (game === mounted) window.gridlab = { ...game.debug(), game: gameId, selectTab, switchGame };
}

/** Resolves after the next frame is drawn (or 100 ms, for a page not shown). */
const afterFrame = () => new Promise((resolve) => {
  const timer = setTimeout(resolve, 100);
  requestAnimationFrame(() => setTimeout(() => {
    clearTimeout(timer);
    resolve(undefined);
  }));
});

/** Switch to another game from the picker (its autosave restores where it was). */
async function switchGame(id) {
  if (id === gameId && game) return;
  await mountGame(id, null);
  if (game) shell.updateHash(game.shareState());
}

/** The zoom buttons follow the board's zoom (Fit and − do nothing at 1). */
function markZoom(z) {
  const fit = /** @type {HTMLButtonElement} */ ($('#zoom-fit'));
  fit.disabled = z <= 1;
  /** @type {HTMLButtonElement} */ ($('#zoom-out')).disabled = z <= 1;
  fit.textContent = z > 1 ? `Fit · ${Math.round(z * 100)}%` : 'Fit';
}

/** Zoom keys when the game does not use them: + or = in, − out, 0 fits. */
function zoomKey(e) {
  if (!shell.board || e.ctrlKey || e.metaKey || e.altKey) return false;
  if (e.key === '+' || e.key === '=') shell.board.zoomBy(1.25);
  else if (e.key === '-') shell.board.zoomBy(0.8);
  else if (e.key === '0' && e.code !== 'Numpad0') shell.board.setZoom(1);
  else return false;
  return true;
}

function setPresenting(on) {
  document.body.classList.toggle('presenting', on);
  document.documentElement.classList.toggle('presenting', on);
  $('#present').setAttribute('aria-pressed', String(on));
  if (shell.board) shell.board.setMaxCell(on ? 200 : 96);
  storage.save('prefs', { ...(storage.load('prefs') || {}), presenting: on });
}

function toggleHelp(show) {
  const m = $('#help');
  m.hidden = show === undefined ? !m.hidden : !show;
  if (!m.hidden) $('#help-close').focus();
}

function onKey(e) {
  if (!$('#help').hidden) {
    if (e.key === 'Escape' || e.key === '?') {
      toggleHelp(false);
      e.preventDefault();
    }
    return;
  }
  if (isTyping(e)) return;
  const t = e.target;
  if ((e.key === ' ' || e.key === 'Enter') && t && /^(BUTTON|SUMMARY|A)$/.test(t.tagName)) return;
  if (t && t.type === 'range' && /^(Arrow|Home|End|Page)/.test(e.key)) return;
  if (e.key === '?') {
    toggleHelp(true);
    e.preventDefault();
    return;
  }
  if (e.key === '.' && !e.ctrlKey && !e.metaKey && !e.altKey && e.code !== 'NumpadDecimal') {
    setPresenting(!shell.presenting());
    e.preventDefault();
    return;
  }
  if (slides && slides.key(e)) e.preventDefault();
  else if (game && game.onKey(e)) e.preventDefault();
  else if (zoomKey(e)) e.preventDefault();
}

async function copyLink() {
  const state = game ? game.shareState() : {};
  // This link is the newest state: a debounced update still pending must not replace
  // it, and its own hashchange is not a pasted link to open again.
  hashSeq++;
  clearTimeout(hashTimer);
  const hash = await buildHash(fullState(state));
  lastHash = hash;
  replaceHash(hash);
  if (!hashHasLevel(hash)) toast('The level is too large for a link: only the moves are in it', 'warn');
  await copyText(location.href, 'Link');
}

async function onHashChange() {
  const hash = location.hash.replace(/^#/, '');
  if (!hash || hash === lastHash || !game) return;
  try {
    const shared = await parseHash(hash);
    if (!shared) return;
    const other = shared.game && shared.game !== gameId && gameById(shared.game) && !gameById(shared.game).soon;
    if (other) {
      await mountGame(shared.game, sharedOrNull(shared));
      lastHash = hash;
    } else if (sharedOrNull(shared)) game.loadShared(shared);
    applyShellView(shared.view || {});
  } catch (err) {
    shell.showError(err.message);
  }
}

/** A shared state worth loading: a level or a view. */
const sharedOrNull = (shared) => (shared && (shared.level != null || shared.view) ? shared : null);

/**
 * A wasm trap no handler caught (a Rust panic ends in `RuntimeError: unreachable`, its
 * message kept by `last_panic()`): shown in the error bar rather than leaving a broken
 * page.
 */
function onFault(err) {
  if (!(err instanceof WebAssembly.RuntimeError) || !document.body) return;
  let detail = err.message;
  try {
    detail = (shell.api && shell.api.last_panic && shell.api.last_panic()) || detail;
  } catch {
    /* the module is past use: the trap's own message stays */
  }
  shell.showError(`The game engine stopped on an internal error (${detail}). Reload the page to go on: your autosave is kept.`, 'Internal error. ');
}

async function boot() {
  // The play module (the sessions), what the first board needs, is compiled while the
  // page is set up (the tools' registry comes with the panels that read it, after the
  // first board).
  // index.html's first script started compiling it as it downloads; if that failed,
  // the bindings fetch it again (and a failure is reported below).
  const early = /** @type {any} */ (window).gridlabPlay;
  const engine = import('../pkg/gridlab_play.js').then(async (mod) => {
    const compiled = early ? await early.catch(() => undefined) : undefined;
    return { mod, wasm: await mod.default(compiled ? { module_or_path: compiled } : undefined) };
  });
  engine.catch(() => {}); // reported below
  addEventListener('error', (e) => onFault(e.error));
  addEventListener('unhandledrejection', (e) => onFault(e.reason));
  buildPicker();
  for (const t of TABS) $(`#tab-${t}`).addEventListener('click', () => selectTab(t));
  $('#present').addEventListener('click', () => setPresenting(!shell.presenting()));
  $('#help-btn').addEventListener('click', () => toggleHelp(true));
  $('#help-close').addEventListener('click', () => toggleHelp(false));
  $('#help').addEventListener('click', (e) => e.target === $('#help') && toggleHelp(false));
  $('#copy-link').addEventListener('click', copyLink);
  $('#zoom-in').addEventListener('click', () => shell.board && shell.board.zoomBy(1.25));
  $('#zoom-out').addEventListener('click', () => shell.board && shell.board.zoomBy(0.8));
  $('#zoom-fit').addEventListener('click', () => shell.board && shell.board.setZoom(1));
  const exportName = () => `gridlab-${gameId}-${(game && game.levelName) || 'board'}`;
  /** @param {(s: any) => void} fn */
  const withSlides = (fn) => loadSlides().then(fn, () => toast('The export did not load: try again', 'warn'));
  $('#save-png').addEventListener('click', () => withSlides((s) => s.savePng(exportName())));
  $('#save-gif').addEventListener('click', () => withSlides((s) => s.saveGif(exportName())));
  $('#save-webm').addEventListener('click', () => withSlides((s) => s.saveWebm(exportName())));
  addEventListener('keydown', onKey);
  addEventListener('hashchange', onHashChange);

  let shared = null;
  try {
    shared = await parseHash(location.hash);
  } catch (err) {
    shell.showError(err.message);
    // The link's game still opens (with its autosave or default level).
    if (err && err.game) shared = { game: err.game };
  }
  const pick = (id) => id && gameById(id) && !gameById(id).soon;
  const prefs = storage.load('prefs') || {};
  if (shared && pick(shared.game)) gameId = shared.game;
  else if (!shared && pick(prefs.game)) gameId = prefs.game;

  // The game's modules load while the WebAssembly module compiles (a failure here
  // is mountGame's to report).
  const entry = gameById(gameId);
  preloadGame(gameId);
  if (entry && !entry.soon) entry.load().catch(() => {});
  try {
    const { mod, wasm } = await engine;
    shell.api = mod;
    shell.memory = wasm.memory;
  } catch (err) {
    $('#loading').textContent = 'The WebAssembly module did not load. Build it with `make wasm` and reload.';
    $('#loading').classList.add('failed');
    console.warn('gridlab: wasm load failed', err);
    return;
  }
  $('#loading').remove();
  setPresenting(!!(storage.load('prefs') || {}).presenting);

  await mountGame(gameId, shared && pick(shared.game) ? sharedOrNull(shared) : null);
  // The presenter's module comes after the first board (the embed view of a link too).
  await loadSlides().catch(() => {});
  if (shared && shared.view) applyShellView(shared.view);
  lastHash = location.hash.replace(/^#/, '');
  document.body.dataset.ready = 'true';
  if ('serviceWorker' in navigator && location.protocol.startsWith('http')) {
    navigator.serviceWorker.register(new URL('../sw.js', import.meta.url), { scope: './' })
      .then(() => navigator.serviceWorker.ready)
      .then((reg) => keepFiles(reg.active))
      .catch(() => {});
  }
}

/**
 * slides.js (the embed view, the presenter's keys, the PNG, GIF and WebM exports),
 * loaded once, after the first board; a failed load is tried again at the next call.
 * @returns {Promise<any>}
 */
function loadSlides() {
  slidesLoading ??= import('./slides.js').then(({ Slides }) => (slides = new Slides(shell, () => game)));
  slidesLoading.catch(() => (slidesLoading = null));
  return slidesLoading;
}

/** The games whose modules were asked for (the page's inline script asked for one). */
const preloaded = new Set([/** @type {any} */ (window).gridlabPreloaded]);

/**
 * Fetch every module of game `id`'s first board at once (`modulepreload`, the lists in
 * index.html), rather than one import level after another as its module is evaluated.
 * @param {string} id
 */
function preloadGame(id) {
  if (preloaded.has(id)) return;
  preloaded.add(id);
  let lists = {};
  try {
    lists = JSON.parse($('#game-modules').textContent);
  } catch {
    /* no lists: the game's modules load as it imports them */
  }
  for (const file of lists[id] || []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = new URL(`../${file}`, import.meta.url).href;
    document.head.append(link);
  }
}

/**
 * Ask the service worker to keep the files this page loaded (the page first), so that
 * the next visit draws its board from them (sw.js); marks `gridlab:kept` once they are.
 * @param {ServiceWorker | null} worker
 */
function keepFiles(worker) {
  if (!worker) return;
  const page = location.href.split('#')[0];
  const files = performance.getEntriesByType('resource').map((r) => r.name).filter((u) => u.startsWith(location.origin));
  const channel = new MessageChannel();
  channel.port1.onmessage = (e) => {
    if (e.data && e.data.kept) performance.mark('gridlab:kept');
    channel.port1.close();
  };
  worker.postMessage({ keep: [page, ...new Set(files)] }, [channel.port2]);
}

boot();
