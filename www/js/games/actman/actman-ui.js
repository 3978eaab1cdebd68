// Act-Man's toolbar (dungeon, monster-arrows switch), status bar, Play panel (moves,
// shots, legend, course output), end-of-game banner and help text (on the shared
// scaffolding of ../game-ui.js).

import { h, button, copyText } from '../../ui.js';
import { GameUi, ARROW, NAME, chip, setChip, plural, keyTable, commonKeyRows } from '../../game-ui.js';

const FIREPAD = [null, 'N', null, 'W', 'bullet', 'E', null, 'S', null];
const FIRE_DIGIT = { N: 8, S: 2, W: 4, E: 6 };
const FIRE_KEYS = { N: '⇧8 · ⇧W', S: '⇧2 · ⇧X', W: '⇧4 · ⇧A', E: '⇧6 · ⇧D' };

/** @extends {GameUi<import('./actman.js').ActmanGame>} */
export class ActmanUi extends GameUi {
  get planKind() {
    return 'plan';
  }

  levelSummary(v) {
    const ogres = v.monsters.filter((m) => m[1] === 'ogre').length;
    const demons = v.monsters.length - ogres;
    const g = this.game.initial;
    return `${plural(g.ogres ?? ogres, 'ogre')}, ${plural(g.demons ?? demons, 'demon')}, ${plural(g.corpses ?? v.corpses.length, 'corpse')}`;
  }

  buildToolbar() {
    const g = this.game;
    this.arrowsToggle = h('input#arrows-toggle', { type: 'checkbox', checked: g.showArrows, onchange: () => g.setArrows(this.arrowsToggle.checked) });
    this.setToolbar('Dungeon', 'action',
      h('label.switch.arrows-switch', { title: "Show where each monster steps next (M). Hover a cell next to Act-Man to preview the monsters' answer." },
        this.arrowsToggle, h('span', {}, 'Monster arrows')));
  }

  setArrows(on) {
    this.arrowsToggle.checked = on;
  }

  buildStatus() {
    this.score = chip('score', 'Score');
    this.bullet = chip('bullet', 'Bullet');
    this.count = chip('turn-count', 'Turns');
    this.monsters = chip('monsters-left', 'Monsters');
    this.setStatusBar([this.score, this.bullet, this.count, this.monsters],
      { label: 'Actions', title: 'Action string (course format)', copyTitle: 'Copy the action string', copyWhat: 'Action string' });
  }

  buildPlayPanel() {
    const g = this.game;
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
    this.verdict = h('p.verdict#verdict');
    this.shell.panels.play.replaceChildren(
      h('h3', {}, 'Move and fire'),
      h('p.muted', {}, 'Click or tap a cell next to Act-Man to step there (hover it to preview the monsters\' answer). Shift+click a cell in line, or use the fire pad, to shoot.'),
      h('div.pads', {}, this.directionPad({ label: 'Moves', hero: 'A', verb: 'Step' }), this.firepad),
      h('div.row', {}, this.aimBtn, h('span.small.muted', {}, 'One bullet a game: it flies N, S, E or W to the first wall, through corpses.')),
      h('h3', {}, 'Dungeon'),
      this.levelInfo = h('p.muted#level-info'),
      this.legend(['A', 'G', 'D', '@', ' ', '#']),
      h('p.small.muted', {}, 'Score: 50 at the start, −1 a step, −20 for the shot, +5 a dead monster, 0 if Act-Man dies.'),
      ...this.outputSection(),
      this.verdict,
    );
  }

  update() {
    const g = this.game;
    const v = g.view;
    if (!v) return;
    setChip(this.score, v.score);
    setChip(this.bullet, v.bulletUsed ? 'spent' : 'ready');
    this.bullet.dataset.state = v.bulletUsed ? 'spent' : 'ready';
    setChip(this.count, v.actions.length);
    setChip(this.monsters, `${v.monsters.length} / ${g.initial.monsters}`);
    this.statusPill.textContent = { playing: 'Playing', victory: 'Victory', dead: 'Dead', out_of_points: 'Out of points' }[v.status] || v.status;
    this.statusPill.dataset.status = v.status === 'out_of_points' ? 'dead' : v.status;
    this.updateCommon(v);
    this.verdict.textContent = `Grader: ${v.verdict}`;
    for (const [d, b] of Object.entries(this.fireButtons)) b.disabled = !v.legal.includes(d);
    this.bulletIcon.replaceChildren(h('span', {}, v.bulletUsed ? 'spent' : 'ready'));
    this.bulletIcon.dataset.state = v.bulletUsed ? 'spent' : 'ready';
    this.aimBtn.disabled = !/[NSEW]/.test(v.legal);
    this.aimBtn.setAttribute('aria-pressed', String(g.aiming));
    this.aimBtn.classList.toggle('active', g.aiming);
    this.updateBanner();
  }

  bannerContent(kind, v) {
    const g = this.game;
    const turns = v.actions.length;
    return {
      title: { victory: 'Victory!', dead: 'Act-Man died', out_of_points: 'Out of points', plan: 'Plan played out' }[kind],
      sub: {
        victory: `All ${plural(g.initial.monsters, 'monster')} dead in ${plural(turns, 'turn')}.`,
        dead: `${g.deathCause || 'Act-Man died'} after ${plural(turns, 'turn')}.`,
        out_of_points: `The score dropped to zero after ${plural(turns, 'turn')}.`,
        plan: g.planNote,
      }[kind],
      dataKind: kind === 'out_of_points' ? 'dead' : kind === 'plan' ? 'goal' : kind,
      dataStatus: kind,
      stats: [['Score', v.score], ['Turns', turns], ['Bullet', v.bulletUsed ? 'spent' : 'kept']],
      extra: [
        h('code.banner-moves#banner-moves', { title: 'Action string (course format)' }, v.actions || '—'),
        // A played-out plan is judged as the grader does: against its own length.
        h('div.banner-verdict#banner-verdict', {}, kind === 'plan' && g.session ? g.session.verdict(turns) : v.verdict),
      ],
      buttons: [
        button('.btn.primary#banner-copy', { icon: 'copy', label: 'Copy actions', onclick: () => copyText(v.actions, 'Action string') }),
        button('.btn#banner-copy-output', { icon: 'copy', label: 'Copy output', onclick: () => copyText(v.output, 'Output') }),
      ],
      undo: kind !== 'victory',
    };
  }

  padButton(sym) {
    return this.dpadButtons[sym] || this.fireButtons[sym];
  }

  illegalText(sym) {
    return /[NSEW]/.test(sym) ? `fire ${NAME[sym]}` : `step ${NAME[sym] || sym}`;
  }

  helpContent() {
    return [
      keyTable(commonKeyRows({
        verb: 'Step',
        move: 'an action',
        level: 'dungeon',
        extra: [
          [['Shift+8', 'Shift+W', 'Shift+↑'], 'Fire the bullet north (Shift+2/X/↓ south, Shift+4/A/← west, Shift+6/D/→ east)'],
          [['F'], 'Aim: the next direction key fires (Esc cancels)'],
          [['M'], 'Show or hide the monsters\' next-move arrows'],
        ],
        page: { searchDebugger: true },
      })),
      h('p', {}, 'Mouse and touch: click or tap a cell next to Act-Man to step there, or swipe. Hover a neighbouring cell to see where the monsters would answer. Shift+click a cell in line north, south, east or west to fire; with Aim on, a tap in line or a swipe fires. In the Edit tab, click or drag to paint; the right button paints space.'),
      h('p', {}, 'Arrows: where each monster steps next turn if Act-Man stays (solid: ogre, which breaks ties clockwise from north; dashed: demon, counter-clockwise). Monsters that meet, or step on a corpse, die.'),
      h('p.muted', {}, 'The dungeon text, the actions and the plan use the course formats; every rule comes from the Rust engine compiled to WebAssembly.'),
    ];
  }
}
