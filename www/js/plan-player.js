// Plays a solver's plan on the board through the one Transport: play/pause, step
// back/forward, first/last, speed and the scrub slider. Moves go through the game
// (wasm) like any other move. The game provides playedMoves(), replayMoves(s),
// move(sym, {fromPlan}), animSpeed and optionally planFinished(result) (called when
// the plan has been played out).

import { h, button, copyText } from './ui.js';
import { Transport, PLAN_SPEEDS } from './transport.js';
import { TransportBar } from './transport-bar.js';

export { PLAN_SPEEDS };
const BASE_RATE = 4;

export class PlanPlayer {
  /**
   * @param {import('./game-base.js').GameBase<any> & {planFinished?(result: any): void}} game
   * @param {HTMLElement} host
   */
  constructor(game, host) {
    this.game = game;
    this.plan = '';
    this.pos = 0;
    this.result = null;
    this.transport = new Transport(this, { speeds: PLAN_SPEEDS, speed: 2 });
    this.bar = new TransportBar(this.transport, { prefix: 'plan-', titles: { play: 'Play / pause the plan (Space)', end: 'Play the plan to the end', scrub: 'Plan position' } });
    this.movesEl = h('code#plan-moves.plan-moves');
    this.root = h('div.plan#plan', { hidden: true },
      h('div.row-between', {}, h('h3', {}, 'Plan'),
        button('.btn.small.ghost#copy-plan', { icon: 'copy', label: 'Copy', title: 'Copy the plan', onclick: () => copyText(this.plan, 'Plan') })),
      this.movesEl,
      this.bar.root,
    );
    host.append(this.root);
    this.transport.addEventListener('change', () => this.updateMoves());
    game.addEventListener('usermove', () => this.transport.pause());
  }

  // ---- the transport's source -------------------------------------------------------

  position() {
    return this.pos;
  }

  length() {
    return this.plan.length;
  }

  get rewinds() {
    return true;
  }

  seek(k, { quiet = false } = {}) {
    this.pos = Math.max(0, Math.min(this.plan.length, k));
    if (!quiet) this.game.replayMoves(this.plan.slice(0, this.pos));
    this.afterStep();
  }

  async advance({ animate = true, rate = BASE_RATE } = {}) {
    if (!this.plan) return false;
    if (!this.attached()) this.seek(this.pos);
    if (this.pos >= this.plan.length) return false;
    const d = this.plan[this.pos++];
    this.game.animSpeed = animate ? rate / BASE_RATE : 1;
    try {
      await this.game.move(d, { fromPlan: true });
    } finally {
      this.game.animSpeed = 1;
    }
    this.afterStep();
    return true;
  }

  // ---- the panel ----------------------------------------------------------------------

  /** Show a plan (a result without a plan hides the player) at its start. */
  setPlan(result, plan = '') {
    this.transport.cut();
    this.result = result;
    this.plan = result ? plan : '';
    this.root.hidden = !result;
    this.seek(0, { quiet: !result });
    this.transport.refresh();
  }

  clear() {
    this.setPlan(null);
  }

  /** Whether the board shows the plan's first `pos` moves. */
  attached() {
    return this.game.playedMoves() === this.plan.slice(0, this.pos);
  }

  afterStep() {
    const r = this.result;
    const g = this.game;
    if (r && this.pos === this.plan.length && this.attached() && g.planFinished) g.planFinished(r);
  }

  updateMoves() {
    this.movesEl.replaceChildren(h('span.done', {}, this.plan.slice(0, this.pos)), h('span.todo', {}, this.plan.slice(this.pos)));
  }

  togglePlay() {
    if (!this.plan) return false;
    this.transport.toggle();
    return true;
  }

  pause() {
    this.transport.pause();
  }

  dispose() {
    this.transport.dispose();
  }
}
