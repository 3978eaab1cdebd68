// The search replay: a heat-map of expanded states per cell with the frontier
// outlined and the node expanded last ringed, stepped one expansion (and the states it
// generated) at a time over the recorded trace through the one Transport. The
// heat-map is drawn over the level's start (where the search began), only on the
// Solve tab and only while the board shows the start: playing the plan hides it.

import { h, fmt } from './ui.js';
import { TraceReplay, viridisGradient } from './heatmap.js';
import { Transport } from './transport.js';
import { TransportBar } from './transport-bar.js';

/** Search replay speeds: expansions a second. */
export const TRACE_SPEEDS = [1, 4, 15, 60, 250, 1000, 4000, 15000, 60000, 250000].map((rate) => ({ label: `${fmt(rate)}/s`, rate }));

/** The speed that replays `n` events in about seven seconds. */
const speedFor = (n) => {
  const want = n / 7;
  let best = 0;
  TRACE_SPEEDS.forEach((s, i) => {
    if (Math.abs(Math.log(s.rate / want)) < Math.abs(Math.log(TRACE_SPEEDS[best].rate / want))) best = i;
  });
  return best;
};

export class TracePanel {
  /**
   * @param {import('./game-base.js').GameBase<any>} game
   * @param {HTMLElement} host
   */
  constructor(game, host) {
    this.game = game;
    this.replay = null;
    this.transport = new Transport(this, { speeds: TRACE_SPEEDS, speed: 5 });
    this.bar = new TransportBar(this.transport, { prefix: 'trace-', titles: { play: 'Replay the search', scrub: 'Search replay position' } });
    this.toggle = h('input#heatmap-toggle', { type: 'checkbox', checked: true, onchange: () => this.heatChanged() });
    this.info = h('p.small.muted#trace-info');
    this.legendMax = h('span', {}, '');
    this.root = h('div.trace#trace', { hidden: true },
      h('div.row-between', {}, h('h3', {}, 'Search replay'),
        h('label.switch', { title: 'Show the heat-map on the board (H)' }, this.toggle, h('span', {}, 'Heat-map'))),
      this.bar.root,
      this.info,
      h('div.legend-ramp', {}, h('span', {}, 'expanded: 1'), h('div.ramp', { style: `background:${viridisGradient}` }), this.legendMax,
        h('span.frontier-key', {}, 'frontier')),
    );
    host.append(this.root);
    game.addEventListener('change', () => this.show());
    game.shell.onTab(() => this.show());
  }

  // ---- the transport's source -------------------------------------------------------

  position() {
    return this.replay ? this.replay.expandedTotal : 0;
  }

  length() {
    return this.replay ? this.replay.expansions : 0;
  }

  get rewinds() {
    return true;
  }

  seek(k) {
    if (!this.replay) return;
    this.replay.seekExpansion(k);
    this.show();
  }

  advance({ batch = false } = {}) {
    const r = this.replay;
    if (!r || r.expandedTotal >= r.expansions) return false;
    r.seekExpansion(r.expandedTotal + 1);
    if (!batch) this.show();
    return true;
  }

  batchDone() {
    this.show();
  }

  // ---- the panel ----------------------------------------------------------------------

  /** `total`: the events the search made (more than the trace holds when truncated). */
  setTrace(trace, { truncated, cells, why, total = 0, expansions = 0 }) {
    this.transport.cut();
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
    this.total = { events: total, expansions };
    this.root.hidden = false;
    this.transport.setSpeed(speedFor(this.replay.expansions));
    this.transport.seek(this.replay.expansions);
  }

  clear() {
    this.transport.cut();
    this.replay = null;
    this.root.hidden = true;
    this.root.classList.remove('empty');
    this.transport.refresh();
    this.game.setOverlay(null);
  }

  /** Whether the heat-map belongs on the board now. */
  visible() {
    const g = this.game;
    return !!this.replay && this.toggle.checked && g.shell.activeTab() === 'solve' && g.playedMoves() === '';
  }

  show() {
    const r = this.replay;
    if (!r) return;
    const o = r.overlay();
    const on = this.visible();
    if (on || this.game.overlay) this.game.setOverlay(on ? o : null);
    this.legendMax.textContent = fmt(o.max);
    this.info.textContent =
      `Expansion ${fmt(r.expandedTotal)} of ${fmt(r.expansions)} (event ${fmt(r.pos)} of ${fmt(r.length)}) over ${fmt(o.visitedCells)} cells; ` +
      `${fmt(o.frontierCells)} cells hold frontier states (outlined), the last expanded is ringed.` +
      (this.truncated
        ? ` The replay holds the first ${fmt(r.length)} of the search's ${fmt(this.total.events)} events (${fmt(r.expansions)} of ${fmt(this.total.expansions)} expansions).`
        : '') +
      (this.toggle.checked && !on && this.game.shell.activeTab() === 'solve' ? ' The heat-map shows on the level\'s start: go to the plan\'s start to see it.' : '');
  }

  toggleHeat() {
    this.toggle.checked = !this.toggle.checked;
    this.heatChanged();
  }

  /** The heat-map switched: redraw, and the link carries it. */
  heatChanged() {
    this.show();
    this.game.viewChanged();
  }

  togglePlay() {
    this.transport.toggle();
  }

  stop() {
    this.transport.pause();
  }
}
