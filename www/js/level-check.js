// The editor's live verdict (Edit tab): after every edit, a worker runs the game's
// `verdict` tool (`run_tool`) on the level within limits and the panel shows badges (a win in N
// of the game's unit, moves or turns, optimal; how many optimal plans, 1 = unique; no
// plan and why; a limit reached; who wins a pursuit) and the level's measured features; the board marks the
// cells the analysis names (uneatable items, cells never rested on, sites where the
// player is lost). An edit during an analysis cancels it. The verdict's shape is the
// same for every game (src/games/verdict.rs); this file only draws it.

import { h, fmt, fmtMs } from './ui.js';
import { SolverClient } from './solver-client.js';

/** Wait after an edit before analysing (a stroke of edits is one analysis). */
const SETTLE_MS = 40;

/** Words for the features the games measure (others show their key). */
const FEATURE_NAMES = {
  games: 'Games played',
  mean_score: 'Mean score',
  sd: 'Standard deviation',
  min_score: 'Lowest score',
  max_score: 'Highest score',
  mean_turns: 'Mean turns',
  dead_ends: 'Dead ends',
  optimal_moves: 'Optimal moves',
  optimal_turns: 'Optimal turns',
  optimal_plans: 'Optimal plans',
  unique: 'Unique',
  branching: 'Branching along the plan',
  states: 'States the exact search stored',
  rest_cells: 'Rest cells',
  greedy_moves: 'Greedy best-first plan',
  greedy_excess: 'Greedy above optimal',
  needs_bullet: 'Needs the bullet',
  needs_lure: 'Needs a lure',
};

/** What each kind of mark means, for the legend. */
/**
 * `n` in the game's unit: its solve adapter's (Act-Man counts turns), else moves.
 * @param {import('./game-base.js').GameBase<any>} game
 * @param {number} n
 */
export function inUnits(game, n) {
  const unit = (game.spec.solve && game.spec.solve.unit) || 'moves';
  return `${fmt(n)} ${n === 1 ? unit.replace(/s$/, '') : unit}`;
}

const MARK_NAMES = {
  unreachable: 'can never be taken',
  dead: 'never rested on',
  lost: 'the player is lost here',
};

export class LevelCheck {
  /**
   * `game`: a GameBase; `host`: the Edit panel; `options`: the analysis's options
   * (a game with `checkOptions()` gives them at each run instead: its players, seed).
   * @param {import('./game-base.js').GameBase<any> & {checkOptions?(): Record<string, any>}} game
   * @param {HTMLElement} host
   * @param {Record<string, any>} [options]
   */
  constructor(game, host, options = {}) {
    this.game = game;
    this.options = options;
    this.client = null;
    this.result = null;
    this.pending = null;
    this.ran = null; // the level text of the result shown
    this.badges = h('div.check-badges#check-badges', { 'aria-live': 'polite' });
    this.note = h('p.small#check-note');
    this.features = h('table.compare.check-features#check-features');
    this.overlayBox = h('input#check-overlay', { type: 'checkbox', checked: true, onchange: () => game.board.invalidate() });
    this.legend = h('p.small.muted#check-legend');
    this.root = h('section.level-check#level-check', {},
      h('div.row-between', {}, h('h3', {}, 'Verdict'),
        h('label.check.small', { title: 'Mark the cells the verdict names on the board' }, this.overlayBox, ' Marks')),
      this.badges, this.note, this.legend, h('details#check-more', {}, h('summary.small', {}, 'Difficulty features'), this.features));
    host.prepend(this.root);
    game.addEventListener('level', () => this.schedule());
    game.shell.onTab((tab) => tab === 'edit' && this.schedule());
  }

  /** An analysis soon, if the Edit tab shows (an edit during one cancels it). */
  schedule() {
    clearTimeout(this.pending);
    if (this.game.shell.activeTab() !== 'edit' || !this.game.session) return;
    const text = this.game.levelText();
    if (text === this.ran) return;
    if (this.client && this.client.busy) this.client.cancel();
    this.root.classList.add('checking');
    this.pending = setTimeout(() => this.run(text), SETTLE_MS);
  }

  async run(text) {
    if (!this.client) this.client = new SolverClient();
    const started = performance.now();
    try {
      const options = typeof this.game.checkOptions === 'function' ? this.game.checkOptions() : this.options;
      const { result } = await this.client.run('verdict', this.game.id, text, options);
      this.ran = text;
      this.show(result, performance.now() - started);
    } catch (err) {
      if (err && err.cancelled) return;
      this.ran = text;
      this.show(null, 0, err && err.message ? err.message : String(err));
    }
  }

  show(result, ms, error = null) {
    this.result = result;
    this.root.classList.remove('checking');
    const badge = (kind, text, id) => h(`span.check-badge.${kind}`, { dataset: { badge: id } }, text);
    const out = [];
    const v = result;
    if (error) out.push(badge('bad', `Not analysed: ${error}`, 'error'));
    else if (v.verdict === 'win') {
      out.push(badge('ok', `Win in ${inUnits(this.game, v.moves)} (optimal)`, 'win'));
      if (v.plans === 1) out.push(badge('ok', 'Unique optimal plan', 'unique'));
      else if (v.plans != null) out.push(badge('info', v.plans >= v.planCap ? `At least ${fmt(v.planCap)} optimal plans` : `${fmt(v.plans)} optimal plans`, 'plans'));
      else out.push(badge('warn', 'Optimal plans not counted', 'not-counted'));
    } else if (v.verdict === 'no_plan') out.push(badge('bad', 'No plan', 'no-plan'));
    else if (v.verdict === 'limit_reached') out.push(badge('warn', 'Limit reached', 'limit'));
    else if (v.verdict === 'monster_wins') out.push(badge('bad', `Monster wins in ${inUnits(this.game, v.moves)}`, 'monster-wins'));
    else if (v.verdict === 'rogue_safe') out.push(badge('ok', 'Rogue safe forever', 'rogue-safe'));
    else if (v.verdict === 'score') out.push(badge('info', `Mean score ${fmt(v.score)}${v.features ? ` over ${v.features.games} seeded games` : ''}`, 'score'));
    if (!error) out.push(h('span.small.muted', {}, ` ${fmtMs(ms)}`));
    this.badges.replaceChildren(...out);
    this.note.textContent = v && v.note ? v.note : '';
    const kinds = new Set(((v && v.marks) || []).map((m) => m.kind));
    this.legend.textContent = kinds.size ? `Marked: ${[...kinds].map((k) => MARK_NAMES[k] || k).join('; ')}.` : '';
    const f = (v && v.features) || {};
    this.features.replaceChildren(...Object.entries(f).map(([k, val]) =>
      h('tr', {}, h('th', {}, FEATURE_NAMES[k] || k), h('td', {}, typeof val === 'boolean' ? (val ? 'yes' : 'no') : val == null ? '–' : fmt(val)))));
    this.game.board.invalidate();
    this.game.dispatchEvent(new Event('checked'));
  }

  /** The marks to draw (Edit tab, marks on): `[{row, col, kind}]`. */
  marks() {
    const v = this.result;
    if (!v || !v.marks || !this.overlayBox.checked || this.game.shell.activeTab() !== 'edit' || this.ran !== this.game.levelText()) return [];
    const cols = this.game.view.cols;
    return v.marks.map((m) => ({ row: Math.floor(m.cell / cols), col: m.cell % cols, kind: m.kind }));
  }

  /** For tests: the shown verdict. */
  info() {
    return { busy: this.root.classList.contains('checking'), result: this.result, badges: [...this.badges.querySelectorAll('[data-badge]')].map((b) => /** @type {HTMLElement} */ (b).dataset.badge) };
  }

  dispose() {
    clearTimeout(this.pending);
    if (this.client) this.client.dispose();
  }
}
