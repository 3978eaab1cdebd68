// "Check a solution"'s two boards: the student's plan and an optimal plan side by side,
// each on its own small `SessionBoard` (session-board.js: the game's painter, the scene
// from the game spec's `judge.scene(game, session)`) over its own wasm session, stepping together on the one
// `Transport` with its `TransportBar`. A side stops where its plan ends (the student's
// at its first illegal move, or its first move after the end: the moves after the first
// problem are not played).

import { h } from './ui.js';
import { SessionBoard } from './session-board.js';
import { Transport } from './transport.js';
import { TransportBar } from './transport-bar.js';
import { PLAN_SPEEDS } from './plan-player.js';

/** Moves of a plan shown on each side of a marked move (a longer plan is cut with "…"). */
export const PLAN_WINDOW = 60;

/**
 * A plan as text with its moves marked: those played (`done`), the next ones (`todo`),
 * the first bad move (`bad`, 0-based index) and the moves after it that are not played
 * (`cut`); around `focus` (0-based) when the plan is longer than twice PLAN_WINDOW.
 * @param {string} plan
 * @param {{pos?: number, bad?: number, focus?: number}} marks
 * @returns {Node[]}
 */
export function markedPlan(plan, { pos = 0, bad = -1, focus = bad >= 0 ? bad : pos }) {
  const from = plan.length > 2 * PLAN_WINDOW ? Math.max(0, focus - PLAN_WINDOW) : 0;
  const to = plan.length > 2 * PLAN_WINDOW ? Math.min(plan.length, focus + PLAN_WINDOW + 1) : plan.length;
  const end = bad >= 0 ? bad : plan.length;
  /** @type {Node[]} */
  const out = [];
  const part = (cls, a, b) => {
    const lo = Math.max(a, from);
    const hi = Math.min(b, to);
    if (hi > lo) out.push(h(`span.${cls}`, {}, plan.slice(lo, hi)));
  };
  if (from > 0) out.push(h('span.more', { title: `${from} moves before` }, '…'));
  part('done', 0, Math.min(pos, end));
  part('todo', Math.min(pos, end), end);
  if (bad >= 0 && bad < plan.length && bad >= from && bad < to) {
    out.push(h('mark.bad', { title: `move ${bad + 1}: not played` }, plan[bad]));
  }
  if (bad >= 0) part('cut', bad + 1, plan.length);
  if (to < plan.length) out.push(h('span.more', { title: `${plan.length - to} moves after` }, '…'));
  return out;
}

/** One side: a caption, a board, the position and the plan. */
class Side {
  /**
   * @param {import('./game-base.js').GameBase<any>} game
   * @param {string} id `yours` or `optimal`
   * @param {string} title
   */
  constructor(game, id, title) {
    this.game = game;
    this.id = id;
    this.plan = '';
    /** @type {number} the moves of the plan played (those before the first problem) */
    this.playable = 0;
    this.bad = -1;
    this.pos = 0;
    this.title = h('span.cs-side-title', {}, title);
    this.posEl = h(`span.plan-pos#sol-${id}-pos`, { 'aria-live': 'off' }, '0 / 0');
    this.state = h(`span.small.muted#sol-${id}-state`);
    this.planEl = h(`code.plan-moves.cs-plan#sol-${id}-plan`);
    this.host = h(`div.cs-board#sol-${id}-board`);
    this.root = h(`figure.cs-side#sol-${id}`, {},
      h('figcaption.row-between', {}, this.title, this.posEl),
      this.host, this.state, this.planEl);
    this.view = new SessionBoard(game, this.host, { id, canvasId: `sol-${id}-canvas`, label: `${title}: the board` });
  }

  /** @returns {any} the game's wasm session on this side */
  get session() {
    return this.view.session;
  }

  /**
   * Show `plan` on `levelText`, of which the first `playable` moves are played.
   * @param {string} levelText
   * @param {string} plan
   * @param {number} playable
   * @param {number} bad the first bad move (0-based), or -1
   */
  load(levelText, plan, playable, bad) {
    this.view.load(levelText);
    this.plan = plan;
    this.pos = 0;
    this.playable = playable;
    this.bad = bad;
    this.root.hidden = false;
    this.seek(0);
  }

  hide() {
    this.free();
    this.root.hidden = true;
  }

  /** @param {number} k */
  seek(k) {
    const to = Math.min(k, this.playable);
    if (!this.session) return;
    if (to !== this.pos || to === 0) this.session.replay(this.plan.slice(0, to));
    this.pos = to;
    this.shown();
  }

  /** One move on (nothing past the side's end). */
  advance() {
    if (!this.session || this.pos >= this.playable) return;
    this.session.play(this.plan[this.pos]);
    this.pos++;
    this.shown();
  }

  shown() {
    const v = this.session.view();
    this.posEl.textContent = `${this.pos} / ${this.playable}`;
    const status = { playing: '', victory: ' · victory', dead: ' · dead', out_of_points: ' · out of points' }[v.status] ?? ` · ${v.status}`;
    this.state.textContent = `Score ${v.score}${status}`;
    this.planEl.replaceChildren(...markedPlan(this.plan, { pos: this.pos, bad: this.bad, focus: this.pos }));
    this.view.changed();
  }

  free() {
    this.view.free();
  }

  dispose() {
    this.view.dispose();
  }
}

/** The two sides on one transport. */
export class PairPlayer {
  /** @param {import('./game-base.js').GameBase<any>} game */
  constructor(game) {
    this.pos = 0;
    const unit = game.spec.moveNoun;
    this.yours = new Side(game, 'yours', 'Yours');
    this.optimal = new Side(game, 'optimal', 'Optimal');
    this.transport = new Transport(this, { speeds: PLAN_SPEEDS, speed: 2 });
    this.bar = new TransportBar(this.transport, {
      prefix: 'sol-', unit,
      titles: { play: 'Play / pause both plans', step: `Both plans one ${unit} on`, back: `Both plans one ${unit} back`, scrub: `The ${unit} both boards show` },
    });
    this.root = h('div.cs-pair#sol-pair', { hidden: true },
      h('div.cs-sides', {}, this.yours.root, this.optimal.root),
      this.bar.root);
  }

  get sides() {
    return [this.yours, this.optimal].filter((s) => s.session);
  }

  /**
   * Show the student's plan (its `playable` first moves; `bad` marked) beside `optimal`
   * (empty: none, so one board).
   * @param {string} levelText
   * @param {{plan: string, playable: number, bad: number} | null} yours
   * @param {string} optimal
   */
  show(levelText, yours, optimal) {
    this.transport.cut();
    if (yours) this.yours.load(levelText, yours.plan, yours.playable, yours.bad);
    else this.yours.hide();
    if (optimal) this.optimal.load(levelText, optimal, optimal.length, -1);
    else this.optimal.hide();
    this.pos = 0;
    this.root.hidden = !this.sides.length;
    this.transport.refresh();
  }

  clear() {
    this.show('', null, '');
  }

  // ---- the transport's source ---------------------------------------------------------

  position() {
    return this.pos;
  }

  length() {
    return Math.max(0, ...this.sides.map((s) => s.playable));
  }

  get rewinds() {
    return true;
  }

  /** @param {number} k */
  seek(k) {
    this.pos = Math.max(0, Math.min(this.length(), k));
    for (const s of this.sides) s.seek(this.pos);
  }

  async advance() {
    if (this.pos >= this.length()) return false;
    this.pos++;
    for (const s of this.sides) s.advance();
    return true;
  }

  /** For tests: each side's position, length and plan. */
  info() {
    const side = (s) => (s.session ? { pos: s.pos, length: s.playable, plan: s.plan, moves: s.session.view().moves } : null);
    return { pos: this.pos, length: this.length(), yours: side(this.yours), optimal: side(this.optimal) };
  }

  dispose() {
    this.transport.dispose();
    this.yours.dispose();
    this.optimal.dispose();
  }
}
