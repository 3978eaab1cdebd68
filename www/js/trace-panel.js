// The search replay: a heat-map of expanded states per cell with the frontier
// outlined, scrubbable over the recorded trace.

import { h, button, icon, fmt } from './ui.js';
import { TraceReplay, viridisGradient } from './heatmap.js';

export class TracePanel {
  constructor(game, host) {
    this.game = game;
    this.replay = null;
    this.playing = 0;
    this.toggle = h('input#heatmap-toggle', { type: 'checkbox', checked: true, onchange: () => this.show() });
    this.scrub = h('input#trace-scrub', { type: 'range', min: '0', max: '0', value: '0', step: '1', 'aria-label': 'Search replay position',
      oninput: () => {
        this.stop();
        this.seek(Number(this.scrub.value));
      } });
    this.playBtn = button('.btn.icon-only#trace-play', { icon: 'play', title: 'Replay the search', 'aria-label': 'Replay the search', onclick: () => this.togglePlay() });
    this.info = h('p.small.muted#trace-info');
    this.legendMax = h('span', {}, '');
    this.root = h('div.trace#trace', { hidden: true },
      h('div.row-between', {}, h('h3', {}, 'Search replay'),
        h('label.switch', { title: 'Show the heat-map on the board (H)' }, this.toggle, h('span', {}, 'Heat-map'))),
      h('div.scrub-row', {}, this.playBtn, this.scrub),
      this.info,
      h('div.legend-ramp', {}, h('span', {}, 'expanded: 1'), h('div.ramp', { style: `background:${viridisGradient}` }), this.legendMax,
        h('span.frontier-key', {}, 'frontier')),
    );
    host.append(this.root);
  }

  setTrace(trace, { truncated, cells, why }) {
    this.stop();
    if (!trace || !trace.length) {
      this.clear();
      this.root.hidden = false;
      this.root.classList.add('empty');
      this.info.textContent = why || 'No search trace for this result.';
      return;
    }
    this.root.classList.remove('empty');
    this.replay = new TraceReplay(trace, cells);
    this.truncated = truncated;
    this.scrub.max = String(trace.length);
    this.root.hidden = false;
    this.seek(trace.length);
  }

  clear() {
    this.stop();
    this.replay = null;
    this.root.hidden = true;
    this.game.setOverlay(null);
  }

  seek(pos) {
    if (!this.replay) return;
    this.replay.seek(pos);
    this.scrub.value = String(this.replay.pos);
    this.show();
  }

  show() {
    const r = this.replay;
    if (!r) return;
    const o = r.overlay();
    this.game.setOverlay(this.toggle.checked ? o : null);
    this.legendMax.textContent = fmt(o.max);
    this.info.textContent =
      `Event ${fmt(r.pos)} of ${fmt(r.length)}: ${fmt(r.expandedTotal)} expansions over ${fmt(o.visitedCells)} cells; ` +
      `${fmt(o.frontierCells)} cells hold frontier states (outlined).` +
      (this.truncated ? ' The trace was truncated: only the first events of the search are shown.' : '');
  }

  toggleHeat() {
    this.toggle.checked = !this.toggle.checked;
    this.show();
  }

  togglePlay() {
    if (this.playing) return this.stop();
    const r = this.replay;
    if (!r) return;
    if (r.pos >= r.length) r.seek(0);
    const step = Math.max(1, Math.ceil(r.length / 420));
    const tick = () => {
      if (!this.playing || !this.replay) return;
      this.seek(this.replay.pos + step);
      if (this.replay.pos >= this.replay.length) return this.stop();
      this.playing = requestAnimationFrame(tick);
    };
    this.playing = requestAnimationFrame(tick);
    this.playBtn.replaceChildren(icon('pause'));
  }

  stop() {
    if (this.playing) cancelAnimationFrame(this.playing);
    this.playing = 0;
    this.playBtn.replaceChildren(icon('play'));
  }
}
