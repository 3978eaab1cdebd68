// Plays a solver's plan on the board: play/pause, step back/forward, first/last,
// speed and a scrub slider. Moves go through the game (wasm) like any other move.
// The game provides playedMoves(), replayMoves(s), move(sym, {fromPlan}), animSpeed
// and optionally planFinished(result) (called when the plan has been played out).

import { h, button, icon, copyText } from './ui.js';

const GAP_MS = 260;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export class PlanPlayer {
  constructor(game, host) {
    this.game = game;
    this.plan = '';
    this.pos = 0;
    this.result = null;
    this.playing = false;
    this.token = 0;
    this.movesEl = h('code#plan-moves.plan-moves');
    this.scrub = h('input#plan-scrub', { type: 'range', min: '0', max: '0', value: '0', step: '1', 'aria-label': 'Plan position',
      oninput: () => {
        this.pause();
        this.seek(Number(this.scrub.value));
      } });
    this.posEl = h('span.plan-pos#plan-pos', {}, '0 / 0');
    this.playBtn = button('.btn.primary.icon-only#plan-play', { icon: 'play', title: 'Play / pause the plan (Space)', 'aria-label': 'Play plan', onclick: () => this.togglePlay() });
    this.speed = h('select#plan-speed', { 'aria-label': 'Speed', title: 'Playback speed' },
      ...[['0.25', '¼×'], ['0.5', '½×'], ['1', '1×'], ['2', '2×'], ['4', '4×']].map(([v, l]) => h('option', { value: v, selected: v === '1' }, l)));
    this.root = h('div.plan#plan', { hidden: true },
      h('div.row-between', {}, h('h3', {}, 'Plan'),
        button('.btn.small.ghost#copy-plan', { icon: 'copy', label: 'Copy', title: 'Copy the plan', onclick: () => copyText(this.plan, 'Plan') })),
      this.movesEl,
      h('div.player', {},
        button('.btn.icon-only#plan-first', { icon: 'first', title: 'To the start', 'aria-label': 'To the start', onclick: () => (this.pause(), this.seek(0)) }),
        button('.btn.icon-only#plan-back', { icon: 'stepb', title: 'Step back', 'aria-label': 'Step back', onclick: () => this.stepBack() }),
        this.playBtn,
        button('.btn.icon-only#plan-step', { icon: 'stepf', title: 'Step forward', 'aria-label': 'Step forward', onclick: () => (this.pause(), this.stepForward()) }),
        button('.btn.icon-only#plan-end', { icon: 'last', title: 'Play the plan to the end', 'aria-label': 'Play plan to the end', onclick: () => (this.pause(), this.seek(this.plan.length)) }),
        this.speed),
      h('div.scrub-row', {}, this.scrub, this.posEl),
    );
    host.append(this.root);
    game.addEventListener('usermove', () => this.pause());
  }

  setPlan(result, plan = '') {
    this.pause();
    this.result = result;
    this.plan = result ? plan : '';
    this.root.hidden = !result;
    this.scrub.max = String(this.plan.length);
    this.seek(0, { quiet: !result });
  }

  clear() {
    this.setPlan(null);
  }

  attached() {
    return this.game.playedMoves() === this.plan.slice(0, this.pos);
  }

  seek(k, { quiet = false } = {}) {
    this.pos = Math.max(0, Math.min(this.plan.length, k));
    if (!quiet) this.game.replayMoves(this.plan.slice(0, this.pos));
    this.afterStep();
  }

  async stepForward() {
    if (!this.plan) return false;
    if (!this.attached()) this.seek(this.pos);
    if (this.pos >= this.plan.length) return false;
    const d = this.plan[this.pos++];
    this.updateUi();
    await this.game.move(d, { fromPlan: true });
    this.afterStep();
    return true;
  }

  stepBack() {
    this.pause();
    this.seek(this.pos - 1);
  }

  togglePlay() {
    if (!this.plan) return false;
    if (this.playing) this.pause();
    else this.play();
    return true;
  }

  async play() {
    if (!this.plan) return;
    if (this.pos >= this.plan.length || !this.attached()) this.seek(this.pos >= this.plan.length ? 0 : this.pos);
    const token = ++this.token;
    this.playing = true;
    this.updateUi();
    while (this.playing && token === this.token && this.pos < this.plan.length) {
      const speed = Number(this.speed.value) || 1;
      this.game.animSpeed = speed;
      await this.stepForward();
      if (this.pos < this.plan.length) await sleep(GAP_MS / speed);
    }
    this.game.animSpeed = 1;
    if (token === this.token) {
      this.playing = false;
      this.updateUi();
    }
  }

  pause() {
    if (!this.playing) return;
    this.playing = false;
    this.token++;
    this.game.animSpeed = 1;
    this.updateUi();
  }

  afterStep() {
    const r = this.result;
    const g = this.game;
    if (r && this.pos === this.plan.length && this.attached() && g.planFinished) g.planFinished(r);
    this.updateUi();
  }

  updateUi() {
    const n = this.plan.length;
    this.scrub.value = String(this.pos);
    this.posEl.textContent = `${this.pos} / ${n}`;
    this.movesEl.replaceChildren(h('span.done', {}, this.plan.slice(0, this.pos)), h('span.todo', {}, this.plan.slice(this.pos)));
    this.playBtn.replaceChildren(icon(this.playing ? 'pause' : 'play'));
    this.playBtn.setAttribute('aria-label', this.playing ? 'Pause plan' : 'Play plan');
    this.playBtn.classList.toggle('active', this.playing);
  }
}
