// Act-Man's toolbar, status bar, Play panel (moves, shots, legend, course output),
// end-of-game banner and help text.

import { h, button, copyText, download } from '../ui.js';
import { levels, levelById, loadCollection } from './actman-levels.js';
import { tileSwatch, TILE_INFO } from './actman-tiles.js';
import { STATUS } from './actman-solve.js';

const DPAD = ['7', '8', '9', '4', null, '6', '1', '2', '3'];
const ARROW = { 7: '↖', 8: '↑', 9: '↗', 4: '←', 6: '→', 1: '↙', 2: '↓', 3: '↘' };
export const NAME = { 7: 'north-west', 8: 'north', 9: 'north-east', 4: 'west', 6: 'east', 1: 'south-west', 2: 'south', 3: 'south-east', N: 'north', S: 'south', E: 'east', W: 'west' };
const KEYS = { 7: 'Q', 8: 'W', 9: 'E', 4: 'A', 6: 'D', 1: 'Z', 2: 'X', 3: 'C' };
const FIREPAD = [null, 'N', null, 'W', 'bullet', 'E', null, 'S', null];
const FIRE_DIGIT = { N: 8, S: 2, W: 4, E: 6 };
const FIRE_KEYS = { N: '⇧8 · ⇧W', S: '⇧2 · ⇧X', W: '⇧4 · ⇧A', E: '⇧6 · ⇧D' };

const sameLevel = (a, b) => {
  const norm = (t) => t.replace(/\r/g, '').split('\n').map((l) => l.trimEnd()).join('\n').trim();
  return norm(a) === norm(b);
};

export class ActmanUi {
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
    const ogres = v.monsters.filter((m) => m[1] === 'ogre').length;
    const demons = v.monsters.length - ogres;
    const g = this.game.initial;
    this.levelInfo.textContent = `${lvl ? lvl.name : this.game.levelName || 'Custom dungeon'}: ${v.rows} rows × ${v.cols} columns, ` +
      `${plural(g.ogres ?? ogres, 'ogre')}, ${plural(g.demons ?? demons, 'demon')}, ${plural(g.corpses ?? v.corpses.length, 'corpse')}.` +
      (lvl ? ` Source: ${lvl.source}.` : '');
  }

  buildToolbar() {
    const g = this.game;
    this.levelSelect = h('select#level-select', {
      'aria-label': 'Dungeon',
      onchange: () => {
        const l = levelById(this.levelSelect.value);
        if (l) g.loadLevel(l.text, { name: l.name });
        this.levelSelect.blur();
      },
    });
    for (const l of levels.filter((x) => !x.group)) this.levelSelect.append(h('option', { value: l.id }, l.name));
    this.customOption = h('option', { value: 'custom', disabled: true }, 'Custom dungeon');
    this.levelSelect.append(this.customOption);
    loadCollection().then((added) => {
      if (!this.levelSelect.isConnected) return;
      const groups = new Map();
      for (const l of added) {
        if (!groups.has(l.group)) groups.set(l.group, h('optgroup', { label: l.group }));
        groups.get(l.group).append(h('option', { value: l.id }, l.name));
      }
      this.customOption.before(...groups.values());
      this.updateLevelInfo();
    });
    this.arrowsToggle = h('input#arrows-toggle', { type: 'checkbox', checked: g.showArrows, onchange: () => g.setArrows(this.arrowsToggle.checked) });
    this.undoBtn = button('.btn#undo', { icon: 'undo', label: 'Undo', title: 'Undo the last action (Ctrl+Z or Backspace)', onclick: () => g.undo() });
    this.redoBtn = button('.btn#redo', { icon: 'redo', label: 'Redo', title: 'Redo (Ctrl+Y)', onclick: () => g.redo() });
    this.restartBtn = button('.btn#restart', { icon: 'restart', label: 'Restart', title: 'Back to the start (R)', onclick: () => g.restart() });
    this.shell.toolbar.replaceChildren(
      h('label.level-pick', {}, h('span', {}, 'Dungeon'), this.levelSelect),
      h('label.switch.arrows-switch', { title: "Show where each monster steps next (M). Hover a cell next to Act-Man to preview the monsters' answer." },
        this.arrowsToggle, h('span', {}, 'Monster arrows')),
      h('div.spacer'),
      h('div.btn-group', {}, this.undoBtn, this.redoBtn, this.restartBtn),
    );
  }

  setArrows(on) {
    this.arrowsToggle.checked = on;
  }

  buildStatus() {
    const chip = (id, label) => h(`div.chip#${id}`, {}, h('span.label', {}, label), h('span.value', {}, '0'));
    this.score = chip('score', 'Score');
    this.bullet = chip('bullet', 'Bullet');
    this.count = chip('turn-count', 'Turns');
    this.monsters = chip('monsters-left', 'Monsters');
    this.statusPill = h('div.pill#status', { 'aria-live': 'polite' }, 'Playing');
    this.movesBox = h('code#moves.moves', { title: 'Action string (course format)', tabindex: '0' });
    this.shell.statusbar.replaceChildren(
      h('div.chips', {}, this.score, this.bullet, this.count, this.monsters, this.statusPill),
      h('div.moves-wrap', {},
        h('span.label', {}, 'Actions'),
        this.movesBox,
        button('.btn.small.ghost#copy-moves', { icon: 'copy', title: 'Copy the action string', onclick: () => copyText(this.game.view.actions, 'Action string') })),
      h('div.coords#coords', { 'aria-live': 'off' }),
    );
  }

  buildPlayPanel() {
    const g = this.game;
    this.dpad = h('div.dpad#dpad', { role: 'group', 'aria-label': 'Moves' });
    this.dpadButtons = {};
    for (const d of DPAD) {
      if (!d) {
        this.dpad.append(h('div.dpad-center', {}, tileSwatch('A', 40)));
        continue;
      }
      const b = h('button.dpad-btn', { type: 'button', dataset: { dir: d }, title: `Step ${NAME[d]} (${d} or ${KEYS[d]})`, 'aria-label': `Step ${NAME[d]}`, onclick: () => g.act(d) },
        h('span.arrow', {}, ARROW[d]), h('span.key', {}, `${d} · ${KEYS[d]}`));
      this.dpadButtons[d] = b;
      this.dpad.append(b);
    }
    this.firepad = h('div.dpad.firepad#firepad', { role: 'group', 'aria-label': 'Fire the bullet' });
    this.fireButtons = {};
    for (const d of FIREPAD) {
      if (!d) {
        this.firepad.append(h('div'));
      } else if (d === 'bullet') {
        this.bulletIcon = h('div.dpad-center.bullet-state#bullet-state', { title: 'The magic bullet' });
        this.firepad.append(this.bulletIcon);
      } else {
        const b = h('button.dpad-btn.fire-btn', { type: 'button', dataset: { dir: d }, title: `Fire ${NAME[d]} (Shift+${FIRE_DIGIT[d]}, or F then ${FIRE_DIGIT[d]})`, 'aria-label': `Fire ${NAME[d]}`, onclick: () => g.act(d) },
          h('span.arrow', {}, `${d} ${ARROW[FIRE_DIGIT[d]]}`), h('span.key', {}, FIRE_KEYS[d]));
        this.fireButtons[d] = b;
        this.firepad.append(b);
      }
    }
    this.aimBtn = button('.btn.small#aim', { label: 'Aim (F)', title: 'Fire mode: the next direction (key, tap in line or swipe) fires the bullet', 'aria-pressed': 'false', onclick: () => g.setAiming(!g.aiming) });
    this.levelInfo = h('p.muted#level-info');
    this.output = h('pre.output#output');
    this.verdict = h('p.verdict#verdict');
    const legend = h('ul.legend');
    for (const sym of ['A', 'G', 'D', '@', ' ', '#']) {
      legend.append(h('li', {}, tileSwatch(sym, 26), h('span', {}, h('b', {}, TILE_INFO[sym].name), ` ${TILE_INFO[sym].hint}`)));
    }
    this.shell.panels.play.replaceChildren(
      h('h3', {}, 'Move and fire'),
      h('p.muted', {}, 'Click or tap a cell next to Act-Man to step there (hover it to preview the monsters\' answer). Shift+click a cell in line, or use the fire pad, to shoot.'),
      h('div.pads', {}, this.dpad, this.firepad),
      h('div.row', {}, this.aimBtn, h('span.small.muted', {}, 'One bullet a game: it flies N, S, E or W to the first wall, through corpses.')),
      h('h3', {}, 'Dungeon'),
      this.levelInfo,
      legend,
      h('p.small.muted', {}, 'Score: 50 at the start, −1 a step, −20 for the shot, +5 a dead monster, 0 if Act-Man dies.'),
      h('div.row-between', {}, h('h3', {}, 'Course output'),
        h('div.btn-group', {},
          button('.btn.small#copy-output', { icon: 'copy', label: 'Copy', title: 'Copy the output in the grader format', onclick: () => copyText(g.view.output, 'Output') }),
          button('.btn.small#download-output', { icon: 'download', label: 'Save', title: 'Download output.txt', onclick: () => download('output.txt', g.view.output) }))),
      this.output,
      this.verdict,
    );
  }

  update() {
    const g = this.game;
    const v = g.view;
    if (!v) return;
    this.score.querySelector('.value').textContent = v.score;
    this.bullet.querySelector('.value').textContent = v.bulletUsed ? 'spent' : 'ready';
    this.bullet.dataset.state = v.bulletUsed ? 'spent' : 'ready';
    this.count.querySelector('.value').textContent = v.actions.length;
    this.monsters.querySelector('.value').textContent = `${v.monsters.length} / ${g.initial.monsters}`;
    this.statusPill.textContent = { playing: 'Playing', victory: 'Victory', dead: 'Dead', out_of_points: 'Out of points' }[v.status] || v.status;
    this.statusPill.dataset.status = v.status === 'out_of_points' ? 'dead' : v.status;
    this.movesBox.textContent = v.actions || '—';
    this.movesBox.classList.toggle('empty', !v.actions);
    this.movesBox.scrollLeft = this.movesBox.scrollWidth;
    this.output.textContent = v.output;
    this.verdict.textContent = `Grader: ${v.verdict}`;
    for (const [d, b] of Object.entries(this.dpadButtons)) b.disabled = !v.legal.includes(d);
    for (const [d, b] of Object.entries(this.fireButtons)) b.disabled = !v.legal.includes(d);
    this.bulletIcon.replaceChildren(h('span', {}, v.bulletUsed ? 'spent' : 'ready'));
    this.bulletIcon.dataset.state = v.bulletUsed ? 'spent' : 'ready';
    this.aimBtn.disabled = !/[NSEW]/.test(v.legal);
    this.aimBtn.setAttribute('aria-pressed', String(g.aiming));
    this.aimBtn.classList.toggle('active', g.aiming);
    this.undoBtn.disabled = !v.actions;
    this.redoBtn.disabled = !g.redoMoves.length;
    this.restartBtn.disabled = !v.actions;
    this.updateBanner();
  }

  updateBanner() {
    const g = this.game;
    const v = g.view;
    const banner = this.shell.banner;
    if (!v || g.anim || (v.status === 'playing' && !g.planBanner)) {
      banner.hidden = true;
      banner.removeAttribute('data-kind');
      return;
    }
    const kind = v.status === 'playing' ? 'plan' : v.status;
    if (!banner.hidden && banner.dataset.kind === kind && banner.dataset.moves === v.actions) return;
    const turns = v.actions.length;
    const title = { victory: 'Victory!', dead: 'Act-Man died', out_of_points: 'Out of points', plan: 'Plan played out' }[kind];
    const sub = {
      victory: `All ${plural(g.initial.monsters, 'monster')} dead in ${plural(turns, 'turn')}.`,
      dead: `${g.deathCause || 'Act-Man died'} after ${plural(turns, 'turn')}.`,
      out_of_points: `The score dropped to zero after ${plural(turns, 'turn')}.`,
      plan: g.planBanner,
    }[kind];
    banner.dataset.kind = kind === 'out_of_points' ? 'dead' : kind === 'plan' ? 'goal' : kind;
    banner.dataset.status = kind;
    banner.dataset.moves = v.actions;
    banner.replaceChildren(
      h('div.banner-card', {},
        h('div.banner-title', {}, title),
        h('div.banner-sub', {}, sub),
        h('div.banner-stats', {},
          h('span', {}, 'Score ', h('b', {}, String(v.score))),
          h('span', {}, 'Turns ', h('b', {}, String(turns))),
          h('span', {}, 'Bullet ', h('b', {}, v.bulletUsed ? 'spent' : 'kept'))),
        h('code.banner-moves#banner-moves', { title: 'Action string (course format)' }, v.actions || '—'),
        // A played-out plan is judged as the grader does: against its own length.
        h('div.banner-verdict#banner-verdict', {}, kind === 'plan' && g.session ? g.session.verdict(turns) : v.verdict),
        h('div.btn-group', {},
          button('.btn.primary#banner-copy', { icon: 'copy', label: 'Copy actions', onclick: () => copyText(v.actions, 'Action string') }),
          button('.btn#banner-copy-output', { icon: 'copy', label: 'Copy output', onclick: () => copyText(v.output, 'Output') }),
          button('.btn#banner-restart', { icon: 'restart', label: 'Restart', onclick: () => g.restart() }),
          kind !== 'victory' ? button('.btn#banner-undo', { icon: 'undo', label: 'Undo', onclick: () => g.undo() }) : null,
          button('.btn.ghost#banner-close', { icon: 'close', label: 'Close', onclick: () => (banner.hidden = true) }))),
    );
    banner.hidden = false;
  }

  illegal(sym, err) {
    const b = this.dpadButtons[sym] || this.fireButtons[sym];
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
    const what = /[NSEW]/.test(sym) ? `fire ${NAME[sym]}` : `step ${NAME[sym] || sym}`;
    this.shell.toast(`Cannot ${what}: ${msg}`, 'warn');
  }

  showCoords(cell) {
    const el = this.shell.statusbar.querySelector('#coords');
    if (!el) return;
    el.textContent = cell ? `row ${cell.row}, col ${cell.col} · text line ${cell.row + 2}, column ${cell.col + 1}` : '';
  }
}

export const statusText = (s) => STATUS[s] || s;

function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function helpContent() {
  const row = (keys, what) => h('tr', {}, h('td', {}, ...keys.map((k) => h('kbd', {}, k))), h('td', {}, what));
  return [
    h('table.keys', {},
      h('tbody', {},
        row(['7', '8', '9', '4', '6', '1', '2', '3'], 'Step in a direction (numpad digits, as in the course format)'),
        row(['Q', 'W', 'E', 'A', 'D', 'Z', 'X', 'C'], 'The same eight directions on letters (lowercase z = south-west)'),
        row(['←', '↑', '→', '↓'], 'West, north, east, south'),
        row(['Shift+8', 'Shift+W', 'Shift+↑'], 'Fire the bullet north (Shift+2/X/↓ south, Shift+4/A/← west, Shift+6/D/→ east)'),
        row(['F'], 'Aim: the next direction key fires (Esc cancels)'),
        row(['M'], 'Show or hide the monsters\' next-move arrows'),
        row(['Ctrl+Z', 'Backspace'], 'Undo an action (in the Edit tab: undo an edit)'),
        row(['Ctrl+Y', 'Ctrl+Shift+Z'], 'Redo'),
        row(['R'], 'Restart the dungeon'),
        row(['Space'], 'Play / pause the plan (Solve tab)'),
        row(['.'], 'Presentation mode (large tiles and fonts)'),
        row(['?'], 'This help'),
      )),
    h('p', {}, 'Mouse and touch: click or tap a cell next to Act-Man to step there, or swipe. Hover a neighbouring cell to see where the monsters would answer. Shift+click a cell in line north, south, east or west to fire; with Aim on, a tap in line or a swipe fires. In the Edit tab, click or drag to paint; the right button paints space.'),
    h('p', {}, 'Arrows: where each monster steps next turn if Act-Man stays (solid: ogre, which breaks ties clockwise from north; dashed: demon, counter-clockwise). Monsters that meet, or step on a corpse, die.'),
    h('p.muted', {}, 'The dungeon text, the actions and the plan use the course formats; every rule comes from the Rust engine compiled to WebAssembly.'),
  ];
}
