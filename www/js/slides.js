// Lectures and slides: the embed view (`embed=1` in a link shows only the board and a
// compact control bar, for an iframe in a slide; the link holds the whole demo), the
// presenter's keys (PageDown / PageUp step what the tab shows, and in the embed view
// also → / ← and Space; B blacks the screen out), and the board saved as a PNG. What
// "steps" is the game's `presenterTransport()`: the search replay, the plan, the game.

import { h, downloadBlob, toast } from './ui.js';

export class Slides {
  /** `shell` is main.js's shell; `game()` the game on the stage (or null). */
  constructor(shell, game) {
    this.shell = shell;
    this.game = game;
    this.embed = false;
    this.timer = 0;
    const btn = (id, label, title, onclick) => h(`button.btn.small#${id}`, { type: 'button', title, 'aria-label': title, onclick }, label);
    this.back = btn('embed-back', '◀', 'Step back (PageUp, ←)', () => this.step(-1));
    this.play = btn('embed-play', '▶', 'Play / pause (Space)', () => this.toggle());
    this.next = btn('embed-step', '▶|', 'Step on (PageDown, →)', () => this.step(1));
    this.pos = h('span.embed-pos#embed-pos', {}, '');
    this.bar = h('div.embed-bar#embed-bar', { role: 'group', 'aria-label': 'Demo controls', hidden: true }, this.back, this.play, this.next, this.pos);
    this.blackout = h('div.blackout#blackout', { hidden: true, onclick: () => this.setBlackout(false) });
    document.body.append(this.bar, this.blackout);
  }

  transport() {
    const g = this.game();
    return g && g.presenterTransport ? g.presenterTransport() : null;
  }

  /** The embed view on or off (from a link's `embed=1`). */
  setEmbed(on) {
    this.embed = on;
    document.body.classList.toggle('embed', on);
    this.bar.hidden = !on;
    clearInterval(this.timer);
    if (on) this.timer = setInterval(() => this.update(), 200);
    this.update();
  }

  setBlackout(on) {
    this.blackout.hidden = !on;
  }

  step(d) {
    const t = this.transport();
    if (!t) return false;
    if (d > 0) t.step();
    else t.back();
    this.update();
    return true;
  }

  toggle() {
    const t = this.transport();
    if (!t) return false;
    const why = t.playing ? t.pause() : t.play();
    if (typeof why === 'string' && why !== 'over') toast(why);
    this.update();
    return true;
  }

  /** The presenter's keys: true when handled. */
  key(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return false;
    const presenting = this.embed || this.shell.presenting();
    if ((e.key === 'b' || e.key === 'B') && presenting) {
      this.setBlackout(this.blackout.hidden);
      return true;
    }
    if (!this.blackout.hidden && e.key === 'Escape') {
      this.setBlackout(false);
      return true;
    }
    if (e.key === 'PageDown' || (this.embed && e.key === 'ArrowRight')) return this.step(1);
    if (e.key === 'PageUp' || (this.embed && e.key === 'ArrowLeft')) return this.step(-1);
    if (this.embed && e.key === ' ') return this.toggle();
    return false;
  }

  update() {
    if (!this.embed) return;
    const t = this.transport();
    this.back.disabled = this.next.disabled = this.play.disabled = !t;
    this.play.textContent = t && t.playing ? '⏸' : '▶';
    this.pos.textContent = t ? `${t.position()} / ${t.length()}` : '';
  }

  /** The board as it is drawn now, saved as a PNG named after the game and level. */
  savePng(name) {
    const board = this.shell.board;
    if (!board) return;
    board.draw();
    board.canvas.toBlob((blob) => {
      if (blob) downloadBlob(`${name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'board'}.png`, blob);
      else toast('The board could not be saved as an image', 'warn');
    }, 'image/png');
  }
}
