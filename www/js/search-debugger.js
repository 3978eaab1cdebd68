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
import { searchTree, MAX_NODES } from './search-tree.js';

/** Auto-play rates: expansions a second. */
const SPEEDS = [1, 2, 5, 10, 25, 50, 100, 250, 500].map((rate) => ({ label: `${rate}/s`, rate }));
/** Open-list rows shown. */
const ROWS = 8;
const tail = (moves) => (moves.length > 14 ? `…${moves.slice(-13)}` : moves || '(start)');

/** Each algorithm's loop, the lines a step goes through marked by their role. */
const PSEUDOCODE = {
  bfs: [['', 'open ← queue [start]'], ['pop', 'while open is not empty:'], ['pop', '  node ← open.popFront()'], ['expand', '  for each move from node:'], ['test', '    if it is the goal: return its plan'], ['push', '    if new: open.pushBack(it)']],
  greedy: [['', 'open ← [start] by h'], ['pop', 'while open is not empty:'], ['pop', '  node ← open.popMin(h)'], ['test', '  if node is the goal: return its plan'], ['expand', '  for each move from node:'], ['push', '    if new: open.add(it)']],
  astar: [['', 'open ← [start] by f = g + h'], ['pop', 'while open is not empty:'], ['pop', '  node ← open.popMin(f, then h)'], ['test', '  if node is the goal: return its plan'], ['expand', '  for each move from node:'], ['push', '    if new or cheaper: open.add(it, g, h)']],
};

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
    this.predictBox = h('input#dbg-predict', { type: 'checkbox', onchange: () => this.render() });
    this.followBox = h('input#dbg-follow', { type: 'checkbox', onchange: () => this.follow() });
    this.verdict = h('p.small#dbg-verdict', { 'aria-live': 'polite' });
    this.code = h('pre.pseudocode#dbg-code');
    this.treeHost = h('div.tree-wrap#dbg-tree');
    this.treeBox = h('details#dbg-tree-box', { ontoggle: () => this.renderTree() }, h('summary', {}, 'Search tree'), this.treeHost);
    this.nodeBox = h('p.small#dbg-node');
    this.counts = h('p.small.muted#dbg-counts');
    this.table = h('div.table-wrap#dbg-open');
    this.root = h('div.debugger#debugger', { hidden: true },
      h('h3', {}, 'Search debugger'),
      this.bar.root,
      h('div.row', {}, jump('−100', -100), jump('−10', -10), jump('+10', 10), jump('+100', 100),
        button('.btn.small#dbg-depth', { label: 'Next depth', title: 'On to the first node of the next depth', onclick: () => this.nextDepth() }),
        button('.btn.small#dbg-show', { label: 'Show', title: 'Show the node taken on the board (its moves from the start)', onclick: () => this.showNode(this.model && this.model.current) })),
      h('div.row', {},
        h('label.check', { title: 'Click the row you think the search takes next; the page says whether it does, and why' }, this.predictBox, ' Predict the next node'),
        h('label.check', { title: 'Play the moves of each node taken on the board as you step' }, this.followBox, ' Follow on the board')),
      this.verdict,
      this.code,
      this.nodeBox,
      this.counts,
      this.table,
      this.treeBox);
    host.append(this.root);
    this.transport.addEventListener('change', () => {
      this.render();
      this.follow();
    });
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

  /** A solve's record (`result.record`), or none; `found`: the search found a plan. */
  setRecord(record, algorithm, found = false) {
    this.transport.cut();
    this.model = record ? new SearchRecord(record) : null;
    this.algorithm = algorithm;
    this.found = found;
    this.root.hidden = !this.model;
    if (this.model) this.transport.seek(0);
    this.transport.refresh();
  }

  clear() {
    this.setRecord(null, null);
  }

  /** On to the first expansion of a node deeper than the one taken now. */
  nextDepth() {
    const m = this.model;
    if (!m) return;
    const depth = m.current >= 0 ? m.node(m.current).depth : -1;
    let k = m.k + 1;
    while (k <= m.expansions && m.node(m.expandedAt(k)).depth <= depth) k++;
    this.transport.seek(Math.min(k, m.expansions));
  }

  /** Predict mode: the row clicked against the node the search takes next. */
  predict(id) {
    const m = this.model;
    const rows = m.frontier(ROWS);
    if (!rows.length) return;
    const next = rows[0];
    const picked = rows.find((r) => r.id === id);
    const why = (r) => {
      const n = m.node(r.id);
      if (this.algorithm === 'bfs') return `it has waited longest in the queue (state #${r.id})`;
      if (this.algorithm === 'greedy') return `its h is ${n.h}, the smallest, ties to the oldest`;
      return `its f = ${r.g} + ${n.h} = ${r.g + n.h} is the smallest, then its h, then the oldest`;
    };
    const right = id === next.id;
    this.verdict.className = `small ${right ? 'goal-ok' : 'goal-no'}`;
    this.verdict.textContent = right
      ? `Right: the search takes ${tail(m.node(id).moves)} next: ${why(next)}.`
      : `Not this one${picked ? ` (${this.numbers(m.node(id))})` : ''}: the search takes ${tail(m.node(next.id).moves)}: ${why(next)}.`;
    this.transport.step();
  }

  /** A row clicked: a prediction in predict mode, else show that state. */
  rowClicked(id) {
    if (this.predictBox.checked) this.predict(id);
    else this.showNode(id);
  }

  /** With "Follow on the board": the board shows the node taken now. */
  follow() {
    if (!this.followBox.checked || !this.model || this.transport.playing) return;
    const id = Math.max(0, this.model.current);
    const moves = this.model.path(id);
    if (this.game.playedMoves() !== moves) this.game.replayMoves(moves);
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
      (m.lastClosed.length ? ` · last closed: ${m.lastClosed.map((id) => tail(m.path(id))).join(', ')}` : '') +
      (m.truncated ? ` · the record holds the first ${fmt(m.r.events.length)} events of the search` : '');
    const phase = m.k === 0 ? '' : m.k >= m.expansions ? 'test' : 'push';
    this.code.replaceChildren(...(PSEUDOCODE[this.algorithm] || []).map(([role, line]) =>
      h(`span.code-line${role && role === phase ? '.now' : ''}`, { dataset: { role } }, `${line}\n`)));
    // In predict mode the candidates come in state order, so the list gives nothing away.
    const rows = this.predictBox.checked ? m.frontier(ROWS).sort((a, b) => a.id - b.id) : m.frontier(ROWS);
    const kind = this.algorithm === 'bfs' ? 'queue (first in, first out)' : this.algorithm === 'greedy' ? 'by h' : 'by f, then h';
    this.table.replaceChildren(h('table.compare.dbg-open', {},
      h('caption.small.muted', {}, `The open list, ${kind}: the next ${Math.min(ROWS, m.open.size)} of ${fmt(m.open.size)}`),
      h('thead', {}, h('tr', {}, h('th', {}, '#'), h('th', {}, 'Moves'), h('th', {}, 'Numbers'))),
      h('tbody', {}, ...rows.map((row, i) => {
        const n = m.node(row.id);
        const mark = i === 0 && !this.predictBox.checked ? '.next' : '';
        return h(`tr${mark}`, { dataset: { id: String(row.id) }, title: this.predictBox.checked ? 'Predict: the search takes this one next' : 'Show this state on the board', onclick: () => this.rowClicked(row.id) },
          h('td', {}, String(i + 1)), h('td.moves', {}, tail(n.moves)), h('td', {}, this.numbers({ ...n, g: row.g, f: n.h == null ? null : row.g + n.h })));
      }))));
    this.renderTree();
  }

  /** The search tree (small runs), when its box is open. */
  renderTree() {
    const m = this.model;
    if (!m || !this.treeBox.open) return;
    let goalPath = new Set();
    if (this.found && m.k >= m.expansions && m.r.events.length) {
      let id = m.r.events[m.r.events.length - 1] & 0x7fffffff;
      goalPath = new Set([0]);
      for (let guard = 0; id > 0 && guard < m.states; guard++) {
        goalPath.add(id);
        id = m.r.parent[id];
      }
    }
    const svg = searchTree(m, { goalPath, onPick: (id) => this.rowClicked(id) });
    this.treeHost.replaceChildren(svg || h('p.small.muted', {}, `The tree is drawn for runs of up to ${fmt(MAX_NODES)} states; this one has ${fmt(m.states)}.`));
  }

  info() {
    const m = this.model;
    if (!m) return { loaded: false };
    return { loaded: true, k: m.k, expansions: m.expansions, current: m.current, open: m.open.size, closed: m.closed, next: m.frontier(ROWS).map((r) => r.id) };
  }
}
