// Pengu's toolbar, status bar, Play panel, end-of-game banner and help text.

import { h, button, copyText, download } from '../ui.js';
import { levels, levelById, loadCollection } from './pengu-levels.js';
import { tileSwatch, TILE_INFO } from './pengu-tiles.js';

const DPAD = ['7', '8', '9', '4', null, '6', '1', '2', '3'];
const ARROW = { 7: '↖', 8: '↑', 9: '↗', 4: '←', 6: '→', 1: '↙', 2: '↓', 3: '↘' };
const NAME = { 7: 'north-west', 8: 'north', 9: 'north-east', 4: 'west', 6: 'east', 1: 'south-west', 2: 'south', 3: 'south-east' };
const KEYS = { 7: 'Q', 8: 'W', 9: 'E', 4: 'A', 6: 'D', 1: 'Z', 2: 'X', 3: 'C' };

export class PenguUi {
  constructor(game) {
    this.game = game;
    this.shell = game.shell;
    this.buildToolbar();
    this.buildStatus();
    this.buildPlayPanel();
    this.shell.setHelp(helpContent());
    game.addEventListener('level', () => this.updateLevelInfo());
  }

  updateLevelInfo() {
    const v = this.game.view;
    const text = this.game.levelText();
    const match = levels.find((l) => l.id === this.levelSelect.value);
    if (!match || !sameLevel(match.text, text)) {
      const found = levels.find((l) => sameLevel(l.text, text));
      this.levelSelect.value = found ? found.id : 'custom';
    }
    const lvl = levels.find((l) => l.id === this.levelSelect.value);
    this.levelInfo.textContent = `${lvl ? lvl.name : this.game.levelName || 'Custom level'}: ${v.rows} rows × ${v.cols} columns, ${v.totalFish} fish.` +
      (lvl ? ` Source: ${lvl.source}.` : '');
  }

  buildToolbar() {
    const g = this.game;
    this.levelSelect = h('select#level-select', {
      'aria-label': 'Level',
      onchange: () => {
        const l = levelById(this.levelSelect.value);
        if (l) g.loadLevel(l.text, { name: l.name });
        this.levelSelect.blur();
      },
    });
    for (const l of levels.filter((x) => !x.group)) this.levelSelect.append(h('option', { value: l.id }, l.name));
    this.customOption = h('option', { value: 'custom', disabled: true }, 'Custom level');
    this.levelSelect.append(this.customOption);
    loadCollection().then((added) => {
      const groups = new Map();
      for (const l of added) {
        if (!groups.has(l.group)) groups.set(l.group, h('optgroup', { label: l.group }));
        groups.get(l.group).append(h('option', { value: l.id }, l.name));
      }
      this.customOption.before(...groups.values());
      this.updateLevelInfo();
    });
    this.undoBtn = button('.btn#undo', { icon: 'undo', label: 'Undo', title: 'Undo the last move (Ctrl+Z or Backspace)', onclick: () => g.undo() });
    this.redoBtn = button('.btn#redo', { icon: 'redo', label: 'Redo', title: 'Redo (Ctrl+Y)', onclick: () => g.redo() });
    this.restartBtn = button('.btn#restart', { icon: 'restart', label: 'Restart', title: 'Back to the start (R)', onclick: () => g.restart() });
    this.shell.toolbar.replaceChildren(
      h('label.level-pick', {}, h('span', {}, 'Level'), this.levelSelect),
      h('div.spacer'),
      h('div.btn-group', {}, this.undoBtn, this.redoBtn, this.restartBtn),
    );
  }

  buildStatus() {
    const chip = (id, label) => h(`div.chip#${id}`, {}, h('span.label', {}, label), h('span.value', {}, '0'));
    this.score = chip('score', 'Score');
    this.fish = chip('fish-left', 'Fish left');
    this.count = chip('move-count', 'Moves');
    this.statusPill = h('div.pill#status', { 'aria-live': 'polite' }, 'Playing');
    this.movesBox = h('code#moves.moves', { title: 'Move string (course format)', tabindex: '0' });
    this.shell.statusbar.replaceChildren(
      h('div.chips', {}, this.score, this.fish, this.count, this.statusPill),
      h('div.moves-wrap', {},
        h('span.label', {}, 'Move string'),
        this.movesBox,
        button('.btn.small.ghost#copy-moves', { icon: 'copy', title: 'Copy the move string', onclick: () => copyText(this.game.view.moves, 'Move string') })),
      h('div.coords#coords', { 'aria-live': 'off' }),
    );
  }

  buildPlayPanel() {
    const g = this.game;
    this.dpad = h('div.dpad#dpad', { role: 'group', 'aria-label': 'Directions' });
    this.dpadButtons = {};
    for (const d of DPAD) {
      if (!d) {
        this.dpad.append(h('div.dpad-center', {}, tileSwatch('P', 40)));
        continue;
      }
      const b = h('button.dpad-btn', { type: 'button', dataset: { dir: d }, title: `Slide ${NAME[d]} (${d} or ${KEYS[d]})`, 'aria-label': `Slide ${NAME[d]}`, onclick: () => g.move(d) },
        h('span.arrow', {}, ARROW[d]), h('span.key', {}, `${d} · ${KEYS[d]}`));
      this.dpadButtons[d] = b;
      this.dpad.append(b);
    }
    this.levelInfo = h('p.muted#level-info');
    this.output = h('pre.output#output');
    const legend = h('ul.legend');
    for (const sym of ['P', ' ', '0', '*', '#', 'U', 'S']) {
      legend.append(h('li', {}, tileSwatch(sym, 26), h('span', {}, h('b', {}, TILE_INFO[sym].name), ` ${TILE_INFO[sym].hint}`)));
    }
    this.shell.panels.play.replaceChildren(
      h('h3', {}, 'Move'),
      h('p.muted', {}, 'Click or tap any cell in a direction from Pengu, swipe, or use the keys.'),
      this.dpad,
      h('h3', {}, 'Level'),
      this.levelInfo,
      legend,
      h('div.row-between', {}, h('h3', {}, 'Course output'),
        h('div.btn-group', {},
          button('.btn.small#copy-output', { icon: 'copy', label: 'Copy', title: 'Copy the output in the grader format', onclick: () => copyText(g.view.output, 'Output') }),
          button('.btn.small#download-output', { icon: 'download', label: 'Save', title: 'Download output.txt', onclick: () => download('output.txt', g.view.output) }))),
      this.output,
    );
  }

  update() {
    const v = this.game.view;
    if (!v) return;
    this.score.querySelector('.value').textContent = v.score;
    this.fish.querySelector('.value').textContent = `${v.fishLeft} / ${v.totalFish}`;
    this.count.querySelector('.value').textContent = v.moves.length;
    const label = { playing: 'Playing', victory: 'Victory', dead: 'Dead' }[v.status] || v.status;
    this.statusPill.textContent = label;
    this.statusPill.dataset.status = v.status;
    this.movesBox.textContent = v.moves || '—';
    this.movesBox.classList.toggle('empty', !v.moves);
    this.movesBox.scrollLeft = this.movesBox.scrollWidth;
    this.output.textContent = v.output;
    for (const [d, b] of Object.entries(this.dpadButtons)) b.disabled = !v.legal.includes(d);
    this.undoBtn.disabled = !v.moves;
    this.redoBtn.disabled = !this.game.redoMoves.length;
    this.restartBtn.disabled = !v.moves;
    this.updateBanner();
  }

  updateBanner() {
    const g = this.game;
    const v = g.view;
    const banner = this.shell.banner;
    if (!v || g.anim || (v.status === 'playing' && !g.goalBanner)) {
      banner.hidden = true;
      banner.removeAttribute('data-kind');
      return;
    }
    const kind = v.status === 'playing' ? 'goal' : v.status;
    if (!banner.hidden && banner.dataset.kind === kind && banner.dataset.moves === v.moves) return;
    const title = { victory: 'Victory!', dead: 'Pengu died', goal: 'Goal met' }[kind];
    const sub = {
      victory: `All ${v.totalFish} fish eaten in ${v.moves.length} moves.`,
      dead: `Eaten by a ${deathCause(g)} after ${v.moves.length} moves.`,
      goal: g.goalBanner,
    }[kind];
    banner.dataset.kind = kind;
    banner.dataset.moves = v.moves;
    banner.replaceChildren(
      h('div.banner-card', {},
        h('div.banner-title', {}, title),
        h('div.banner-sub', {}, sub),
        h('div.banner-stats', {}, h('span', {}, 'Score ', h('b', {}, String(v.score))), h('span', {}, 'Moves ', h('b', {}, String(v.moves.length)))),
        h('code.banner-moves', {}, v.moves),
        h('div.btn-group', {},
          button('.btn.primary#banner-copy', { icon: 'copy', label: 'Copy output', onclick: () => copyText(v.output, 'Output') }),
          button('.btn#banner-restart', { icon: 'restart', label: 'Restart', onclick: () => g.restart() }),
          kind === 'dead' ? button('.btn#banner-undo', { icon: 'undo', label: 'Undo', onclick: () => g.undo() }) : null,
          button('.btn.ghost#banner-close', { icon: 'close', label: 'Close', onclick: () => (banner.hidden = true) }))),
    );
    banner.hidden = false;
  }

  illegal(digit, err) {
    const b = this.dpadButtons[digit];
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
    this.shell.toast(`Cannot slide ${NAME[digit] || digit}: ${msg}`, 'warn');
  }

  showCoords(cell) {
    const el = this.shell.statusbar.querySelector('#coords');
    if (!el) return;
    el.textContent = cell ? `row ${cell.row}, col ${cell.col} · text line ${cell.row + 2}, column ${cell.col + 1}` : '';
  }
}

function sameLevel(a, b) {
  const norm = (t) => t.replace(/\r/g, '').split('\n').map((l) => l.trimEnd()).join('\n').trim();
  return norm(a) === norm(b);
}

function deathCause(g) {
  const v = g.view;
  const sym = g.session.level_tiles()[v.pengu.row * v.cols + v.pengu.col];
  return sym === 'U' ? 'bear' : sym === 'S' ? 'shark' : 'hazard';
}

function helpContent() {
  const row = (keys, what) => h('tr', {}, h('td', {}, ...keys.map((k) => h('kbd', {}, k))), h('td', {}, what));
  return [
    h('table.keys', {},
      h('tbody', {},
        row(['7', '8', '9', '4', '6', '1', '2', '3'], 'Slide in a direction (numpad digits, as in the course format)'),
        row(['Q', 'W', 'E', 'A', 'D', 'Z', 'X', 'C'], 'The same eight directions on letters (lowercase z = south-west)'),
        row(['←', '↑', '→', '↓'], 'West, north, east, south'),
        row(['Ctrl+Z', 'Backspace'], 'Undo a move (in the Edit tab: undo an edit)'),
        row(['Ctrl+Y', 'Ctrl+Shift+Z'], 'Redo'),
        row(['R'], 'Restart the level'),
        row(['Space'], 'Play / pause the plan (Solve tab)'),
        row(['.'], 'Presentation mode (large tiles and fonts)'),
        row(['?'], 'This help'),
      )),
    h('p', {}, 'Mouse and touch: click or tap a cell in one of the eight directions from Pengu (any distance; other cells pick the nearest direction), or swipe. In the Edit tab, click or drag to paint with the chosen tile; the right button paints ice.'),
    h('p.muted', {}, 'The level text, the moves and the plan all use the course formats; every rule comes from the Rust engine compiled to WebAssembly.'),
  ];
}

