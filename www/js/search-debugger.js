// The search debugger (Solve tab, under the search replay): the solver's own record of
// a breadth-first, greedy or A* run, stepped one expansion at a time on the one
// Transport (forward and back, ±10, ±100, to either end, auto-play at a chosen rate).
// It shows the node taken (its moves, g, h, f, depth), the open list in the order the
// search pops it (the next N, with their numbers; breadth-first's is a queue), the
// closed set's size and the pushes so far; a click on a row, or "Show", plays that
// state's moves on the board. The model is search-record.js.

import { h, button, fmt } from './ui.js';
import { Transport } from './transport.js';
import { TransportBar } from './transport-bar.js';
import { SearchRecord } from './search-record.js';

/** Auto-play rates: expansions a second. */
const SPEEDS = [1, 2, 5, 10, 25, 50, 100, 250, 500].map((rate) => ({ label: `${rate}/s`, rate }));
/** Open-list rows shown. */
const ROWS = 8;
const tail = (moves) => (moves.length > 14 ? `…${moves.slice(-13)}` : moves || '(start)');

export class SearchDebugger {
  constructor(game, host) {
    this.game = game;
    this.model = null;
    this.algorithm = null;
    this.transport = new Transport(this, { speeds: SPEEDS, speed: 3 });
    this.bar = new TransportBar(this.transport, {
      prefix: 'dbg-', unit: 'expansion',
      titles: { first: 'Before the first expansion', back: 'One expansion back', play: 'Play the expansions', step: 'One expansion on', end: 'The last expansion', scrub: 'Expansion' },
    });
    const jump = (label, d) => button(`.btn.small#dbg-jump-${d < 0 ? 'm' : 'p'}${Math.abs(d)}`, { label, title: `${Math.abs(d)} expansions ${d < 0 ? 'back' : 'on'}`, onclick: () => this.transport.seek(this.position() + d) });
    this.nodeBox = h('p.small#dbg-node');
    this.counts = h('p.small.muted#dbg-counts');
    this.table = h('div.table-wrap#dbg-open');
    this.root = h('div.debugger#debugger', { hidden: true },
      h('h3', {}, 'Search debugger'),
      this.bar.root,
      h('div.row', {}, jump('−100', -100), jump('−10', -10), jump('+10', 10), jump('+100', 100),
        button('.btn.small#dbg-show', { label: 'Show', title: 'Show the node taken on the board (its moves from the start)', onclick: () => this.showNode(this.model && this.model.current) })),
      this.nodeBox,
      this.counts,
      this.table);
    host.append(this.root);
    this.transport.addEventListener('change', () => this.render());
  }

  // ---- the transport's source: positions are expansions --------------------------------

  position() {
    return this.model ? this.model.k : 0;
  }

  length() {
    return this.model ? this.model.expansions : 0;
  }

  get rewinds() {
    return true;
  }

  seek(k) {
    if (this.model) this.model.seek(k);
  }

  advance() {
    if (!this.model || this.model.k >= this.model.expansions) return false;
    this.model.seek(this.model.k + 1);
    return true;
  }

  // ---- the panel ---------------------------------------------------------------------------

  /** A solve's record (`result.record`), or none. */
  setRecord(record, algorithm) {
    this.transport.cut();
    this.model = record ? new SearchRecord(record) : null;
    this.algorithm = algorithm;
    this.root.hidden = !this.model;
    if (this.model) this.transport.seek(0);
    this.transport.refresh();
  }

  clear() {
    this.setRecord(null, null);
  }

  /** Play a state's moves on the board (the game's own replay). */
  showNode(id) {
    if (!this.model || id == null || id < 0) return;
    this.game.replayMoves(this.model.path(id));
  }

  numbers(n) {
    const f = (v) => (v == null ? '–' : fmt(v));
    if (this.algorithm === 'bfs') return `depth ${n.depth}`;
    if (this.algorithm === 'greedy') return `h ${f(n.h)}, g ${n.g}`;
    return `g ${n.g} + h ${f(n.h)} = f ${f(n.f)}`;
  }

  render() {
    const m = this.model;
    if (!m) return;
    const cur = m.current >= 0 ? m.node(m.current) : null;
    this.nodeBox.replaceChildren(cur
      ? h('span', {}, h('b', {}, `Expansion ${fmt(m.k)}: `), `state #${cur.id}, moves ${tail(cur.moves)}, ${this.numbers(cur)}`)
      : h('span', {}, h('b', {}, 'Before the first expansion: '), 'the start is on the open list.'));
    this.counts.textContent = `Open ${fmt(m.open.size)} · closed ${fmt(m.closed)} · pushed ${fmt(m.pushes)}${m.reopened ? ` (${fmt(m.reopened)} reached again more cheaply)` : ''} · states ${fmt(m.states)}` +
      (m.truncated ? ` · the record holds the first ${fmt(m.r.events.length)} events of the search` : '');
    const rows = m.frontier(ROWS);
    const kind = this.algorithm === 'bfs' ? 'queue (first in, first out)' : this.algorithm === 'greedy' ? 'by h' : 'by f, then h';
    this.table.replaceChildren(h('table.compare.dbg-open', {},
      h('caption.small.muted', {}, `The open list, ${kind}: the next ${Math.min(ROWS, m.open.size)} of ${fmt(m.open.size)}`),
      h('thead', {}, h('tr', {}, h('th', {}, '#'), h('th', {}, 'Moves'), h('th', {}, 'Numbers'))),
      h('tbody', {}, ...rows.map((row, i) => {
        const n = m.node(row.id);
        return h(`tr${i === 0 ? '.next' : ''}`, { dataset: { id: String(row.id) }, title: 'Show this state on the board', onclick: () => this.showNode(row.id) },
          h('td', {}, String(i + 1)), h('td.moves', {}, tail(n.moves)), h('td', {}, this.numbers({ ...n, g: row.g, f: n.h == null ? null : row.g + n.h })));
      }))));
  }

  info() {
    const m = this.model;
    if (!m) return { loaded: false };
    return { loaded: true, k: m.k, expansions: m.expansions, current: m.current, open: m.open.size, closed: m.closed, next: m.frontier(ROWS).map((r) => r.id) };
  }
}
