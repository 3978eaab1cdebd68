// The search debugger (Solve tab, under the search replay): the solver's own record of
// a run, stepped one state taken off the open list at a time on the one Transport
// (forward and back, ±10, ±100, to the next goal test, depth or iteration, to either
// end, auto-play at a chosen rate). A step is an expansion, or in iterative deepening
// and IDA* a state set aside (a duplicate, pruned, cut off at the depth or f-limit) or
// the goal, or in beam search a state cut from the beam. IDA*'s f-limits are
// iterations (chapters on the slider) as ID-DFS's depth limits are. It
// shows the node taken (its moves, g, h, f, depth), the open list in the order the
// search takes from it (the next N, with their numbers; breadth-first's is a queue,
// iterative deepening's a stack), the closed set, and the pushes, duplicates and
// pruned states so far; a click on a row, or "Show", plays that state's moves on the
// board. The pseudocode marks the line the step ran last; "Next goal test" stops once
// the state taken is tested (A*, greedy, ID-DFS: before its expansion). A prediction's
// verdict lasts only as long as its step. When the debugger is on screen the
// presenter's keys step it (see onScreen) and the heat-map shows its step; on a narrow
// screen a row shown or a step brings the board into view. The model is search-record.js.

import { h, button, fmt } from './ui.js';
import { Transport } from './transport.js';
import { TransportBar } from './transport-bar.js';
import { SearchRecord } from './search-record.js';
import { searchTree, MAX_NODES } from './search-tree.js';

/** Auto-play rates: steps a second. */
const SPEEDS = [1, 2, 5, 10, 25, 50, 100, 250, 500].map((rate) => ({ label: `${rate}/s`, rate }));
/** The auto-play rate at first (an index of SPEEDS: 10/s). */
export const DEFAULT_SPEED = 3;
/** Open-list rows shown (fewer in presentation mode, where they are larger). */
const ROWS = 8;
const PRESENTING_ROWS = 4;
/** The width at which the board and the panels stack (style.css's one-column layout). */
const NARROW = '(max-width: 960px)';
/** How long after a press on the debugger its step counts as the user's (ms). */
const PRESS_MS = 2000;
const tail = (moves) => (moves.length > 14 ? `…${moves.slice(-13)}` : moves || '(start)');
/** The pseudocode line a step ran last, by what it did last (SearchRecord.lastAction). */
const ROLE_OF = { iteration: 'iter', push: 'push', expand: 'expand', goal: 'test', duplicate: 'skip', pruned: 'skip', 'cut off': 'cut', cut: 'drop' };
/** What a step did, in words. */
const DID = { iteration: 'a new iteration: the start on the stack again, the depth limit one deeper', expanded: 'expanded', goal: 'the goal', duplicate: 'a duplicate (seen no deeper this iteration): skipped', pruned: 'pruned (it cannot lead anywhere): skipped', 'cut off': 'at the depth limit: tested, not expanded', cut: 'left out of the beam (not among the k best of its layer by f): dropped' };
/** IDA*'s wording where it differs from ID-DFS's. */
const DID_IDA = { ...DID, iteration: 'a new iteration: the start on the stack again, the f-limit raised to the smallest f that passed the last one', duplicate: 'a duplicate (seen as cheaply this iteration): skipped', 'cut off': 'its f = g + h is past the f-limit: cut off (the smallest such f is the next limit)' };
/** The searches whose records have iterations (chapters): a stack of tree nodes each. */
const ITERATING = ['iddfs', 'idastar'];
/** The searches that test the goal when they generate a state (their pushes end on the test). */
const TEST_ON_PUSH = ['bfs', 'beam', 'bibfs'];

/**
 * Each algorithm's loop in the order it runs, each line marked by its role (breadth-
 * first search tests a successor for the goal once it is pushed; the others test the
 * state they take).
 */
const PSEUDOCODE = {
  bfs: [['init', 'open ← queue [start]'], ['loop', 'while open is not empty:'], ['pop', '  node ← open.popFront()'], ['expand', '  for each move from node:'], ['skip', '    if seen, or not viable: skip it'], ['push', '    open.pushBack(it)'], ['test', '    if it is the goal: return its plan']],
  greedy: [['init', 'open ← [start] by h'], ['loop', 'while open is not empty:'], ['pop', '  node ← open.popMin(h)'], ['test', '  if node is the goal: return its plan'], ['expand', '  for each move from node:'], ['skip', '    if seen, or not viable: skip it'], ['push', '    open.add(it)']],
  astar: [['init', 'open ← [start] by f = g + h'], ['loop', 'while open is not empty:'], ['pop', '  node ← open.popMin(f, then h)'], ['test', '  if node is the goal: return its plan'], ['expand', '  for each move from node:'], ['skip', '    if seen as cheaply, or not viable: skip'], ['push', '    open.add(it, g, h)']],
  iddfs: [['iter', 'for limit ← 1, 2, 3, …:'], ['iter', '  open ← stack [start]; seen ← {start: 0}'], ['loop', '  while open is not empty:'], ['pop', '    node ← open.pop()'], ['skip', '    if seen no deeper, or not viable: skip'], ['test', '    if node is the goal: return its plan'], ['cut', '    if depth = limit: cut off, continue'], ['expand', '    seen[node] ← depth'], ['push', '    push each move from node (first on top)']],
  ucs: [['init', 'open ← [start] by g'], ['loop', 'while open is not empty:'], ['pop', '  node ← open.popMin(g)'], ['test', '  if node is the goal: return its plan'], ['expand', '  for each move from node (cost c):'], ['skip', '    if seen as cheaply, or not viable: skip'], ['push', '    open.add(it, g + c)']],
  wastar: [['init', 'open ← [start] by f = g + w·h'], ['loop', 'while open is not empty:'], ['pop', '  node ← open.popMin(g + w·h, then h)'], ['test', '  if node is the goal: return its plan  (cost ≤ w × optimal)'], ['expand', '  for each move from node:'], ['skip', '    if seen as cheaply, or not viable: skip'], ['push', '    open.add(it, g, w·h)']],
  idastar: [['iter', 'limit ← h(start); repeat:'], ['iter', '  open ← stack [start]; seen ← {start: 0}; next ← ∞'], ['loop', '  while open is not empty:'], ['pop', '    node ← open.pop()'], ['skip', '    if seen as cheaply, dead end or not viable: skip'], ['cut', '    if g + h > limit: next ← min(next, g + h); cut off'], ['test', '    if node is the goal: return its plan'], ['expand', '    seen[node] ← g'], ['push', '    push each move from node (first on top)'], ['iter', '  limit ← next  (none: no plan)']],
  beam: [['init', 'beam ← [start]'], ['loop', 'while beam is not empty:'], ['pop', '  for node in beam (by f = g + h):'], ['expand', '    for each move from node:'], ['skip', '      if seen, dead end or not viable: skip'], ['push', '      candidates.add(it)'], ['test', '      if it is the goal: return its plan'], ['drop', '  beam ← the k best candidates by f; drop the rest'], ['loop', 'fail: the beam dropped every path to a goal']],
  bibfs: [['init', 'front ← [start]; back ← every goal state'], ['loop', 'while both are not empty:'], ['pop', '  side ← the smaller of front and back'], ['expand', '  for node in its layer: moves from it (back: moves into it)'], ['skip', '    if seen on this side, or not viable: skip'], ['push', '    add it to the side\'s next layer'], ['test', '    if the other side has it: the plan joins there'], ['loop', '  after the layer: return the shortest joined plan']],
};

export class SearchDebugger {
  /**
   * @param {import('./game-base.js').GameBase<any>} game
   * @param {HTMLElement} host
   * @param {{trace?: import('./trace-panel.js').TracePanel}} [options] trace: the heat-map that shows the debugger's step
   */
  constructor(game, host, { trace = null } = {}) {
    this.game = game;
    this.trace = trace;
    this.model = null;
    this.algorithm = null;
    /** The step the verdict of a prediction belongs to (see key), or null. */
    this.verdictAt = null;
    /** The step the heat-map and the board were last brought to. */
    this.shownAt = null;
    /** When the user last pressed on the debugger (its own steps bring the board into view). */
    this.pressedAt = -Infinity;
    this.transport = new Transport(this, { speeds: SPEEDS, speed: DEFAULT_SPEED });
    this.bar = new TransportBar(this.transport, {
      prefix: 'dbg-', unit: 'step',
      titles: { first: 'Before the first step', back: 'One step back', play: 'Play the steps (each takes a state off the open list)', step: 'One step on: the next state taken off the open list', end: 'The last step', scrub: 'Step' },
    });
    const jump = (label, d) => button(`.btn.small#dbg-jump-${d < 0 ? 'm' : 'p'}${Math.abs(d)}`, { label, title: `${Math.abs(d)} steps ${d < 0 ? 'back' : 'on'}`, onclick: () => this.transport.seek(this.position() + d) });
    this.depthButton = button('.btn.small#dbg-depth', { label: 'Next depth', title: 'On to the first node of the next depth', onclick: () => this.nextDepth() });
    this.iterationButton = button('.btn.small#dbg-iteration', { label: 'Next iteration', title: 'On to the next iteration: the depth limit one deeper, the search from the start again', onclick: () => this.nextIteration() });
    this.predictBox = h('input#dbg-predict', { type: 'checkbox', onchange: () => {
      this.clearVerdict();
      this.render();
    } });
    this.followBox = h('input#dbg-follow', { type: 'checkbox', onchange: () => {
      this.follow();
      this.game.viewChanged();
    } });
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
        button('.btn.small#dbg-goal-test', { label: 'Next goal test', title: 'On to the next state tested for the goal (skipping duplicates and pruned states)', onclick: () => this.nextGoalTest() }),
        this.depthButton, this.iterationButton,
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
    this.root.addEventListener('pointerdown', () => (this.pressedAt = performance.now()), { capture: true });
    this.transport.addEventListener('change', () => {
      this.render();
      this.follow();
      this.stepShown();
    });
  }

  /** The step shown now: `k`, with `t` when only its state is taken and tested. */
  key() {
    return this.model ? `${this.model.k}${this.model.tested ? 't' : ''}` : null;
  }

  // ---- the transport's source: positions are steps -------------------------------------

  position() {
    return this.model ? this.model.k : 0;
  }

  length() {
    return this.model ? this.model.steps : 0;
  }

  get rewinds() {
    return true;
  }

  seek(k) {
    if (this.model) this.model.seek(k);
  }

  /** At the end (a last step only tested is not: its expansion follows). */
  finished() {
    return !this.model || (this.model.k >= this.model.steps && !this.model.tested);
  }

  advance() {
    const m = this.model;
    if (!m || this.finished()) return false;
    // A state only tested goes on to its expansion, else the next step.
    m.seek(m.tested ? m.k : m.k + 1);
    return true;
  }

  // ---- the panel ---------------------------------------------------------------------------

  /** A solve's record (`result.record`), or none; `found`: the search found a plan. */
  setRecord(record, algorithm, found = false) {
    this.transport.cut();
    this.clearVerdict();
    this.model = record ? new SearchRecord(record) : null;
    this.algorithm = algorithm;
    this.found = found;
    this.root.hidden = !this.model;
    const iterating = ITERATING.includes(algorithm);
    this.iterationButton.hidden = !iterating;
    // ID-DFS's and IDA*'s iterations are chapters: ticks on the scrub slider.
    this.bar.setChapters(this.model && iterating ? this.model.iterationSteps : []);
    this.depthButton.hidden = iterating;
    // The step a solve opens at: the heat-map keeps the whole search until a step.
    this.shownAt = this.model ? '0' : null;
    if (this.model) this.transport.seek(0);
    this.transport.refresh();
  }

  /** A prediction's verdict gone (a new record, another algorithm, Predict off, a step). */
  clearVerdict() {
    this.verdictAt = null;
    this.verdict.textContent = '';
    this.verdict.className = 'small';
  }

  /**
   * Whether the debugger is what the presenter's keys drive: a record loaded and the
   * debugger on screen (in the embed view, which shows only the board: a link at one
   * of its steps, or following it on the board).
   */
  onScreen() {
    if (!this.model || this.root.hidden) return false;
    if (document.body.classList.contains('embed')) return this.key() !== '0' || this.followBox.checked;
    const r = this.root.getBoundingClientRect();
    return r.height > 0 && r.bottom > 0 && r.top < innerHeight;
  }

  /**
   * After a step: the heat-map shows the search as far as the debugger is (the
   * expansions so far), and on a narrow screen the board comes into view.
   */
  stepShown() {
    const key = this.key();
    if (!this.model || key === this.shownAt) return;
    this.shownAt = key;
    const t = this.trace;
    if (t && t.replay) t.transport.seek(Math.min(t.replay.expansions, this.model.totals.expanded));
    if (this.followBox.checked && !this.transport.playing) this.boardIntoView();
  }

  /**
   * On a narrow screen (the board above the panels), after the user pressed on the
   * debugger: scroll the board into view.
   */
  boardIntoView() {
    if (!matchMedia(NARROW).matches || performance.now() - this.pressedAt > PRESS_MS) return;
    this.pressedAt = -Infinity;
    const board = this.game.board && this.game.board.canvas;
    if (!board) return;
    const r = board.getBoundingClientRect();
    if (r.top < 0 || r.bottom > innerHeight) board.scrollIntoView({ block: 'nearest', behavior: 'instant' });
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
    while (k <= m.steps && m.node(m.takenAt(k)).depth <= depth) k++;
    this.transport.seek(Math.min(k, m.steps));
  }

  /**
   * On to the next goal test: breadth-first search's next step that ends testing a
   * successor; the others' next state taken and tested (not a skipped one), shown
   * before its expansion.
   */
  nextGoalTest() {
    const m = this.model;
    if (!m) return;
    let k = m.k + 1;
    if (TEST_ON_PUSH.includes(this.algorithm)) {
      while (k < m.steps && this.roleAt(k) !== 'test') k++;
      this.transport.seek(Math.min(k, m.steps));
      return;
    }
    while (k <= m.steps && ['duplicate', 'pruned', 'iteration'].includes(m.takenAs(k))) k++;
    if (k > m.steps) return this.transport.seek(m.steps);
    this.transport.cut();
    m.seek(k, { tested: true });
    this.transport.refresh();
  }

  /** The pseudocode role of the line step `k` ran last (`tested`: only taken and tested). */
  roleAt(k, tested = false) {
    const m = this.model;
    if (k === 0) return ITERATING.includes(this.algorithm) ? 'iter' : 'init';
    if (tested) return 'test';
    const last = m.lastAction(k);
    if (last === 'push' && TEST_ON_PUSH.includes(this.algorithm)) return 'test';
    // A best-first search's goal: taken, tested, and the search ends.
    if (last === 'expand' && this.found && k === m.steps && !ITERATING.includes(this.algorithm)) return 'test';
    return ROLE_OF[last] || '';
  }

  /** On to the next iteration (iterative deepening): its start pushed, not yet taken. */
  nextIteration() {
    const m = this.model;
    if (!m) return;
    const k = m.iterationSteps.find((s) => s > m.k);
    this.transport.seek(k == null ? m.steps : k);
  }

  /** Predict mode: the row clicked against the node the search takes next. */
  predict(id) {
    const m = this.model;
    if (m.tested) m.seek(m.k);
    const rows = m.frontier(ROWS);
    if (!rows.length) return;
    const next = rows[0];
    const picked = rows.find((r) => r.id === id);
    const why = (r) => {
      const n = m.node(r.id);
      if (this.algorithm === 'bfs') return `it has waited longest in the queue (state #${r.id})`;
      if (this.algorithm === 'greedy') return `its h is ${n.h}, the smallest, ties to the oldest`;
      if (this.algorithm === 'iddfs' || this.algorithm === 'idastar') return `it is the next untried move of the deepest node on the stack (depth ${n.depth})`;
      if (this.algorithm === 'ucs') return `its g = ${r.g} is the smallest, then the oldest`;
      if (this.algorithm === 'wastar') return `its g + w·h = ${r.keyHi} is the smallest, then its w·h, then the oldest`;
      if (this.algorithm === 'beam') return `it is in the beam: the layer's next state by f = ${r.keyLo}, then the oldest`;
      if (this.algorithm === 'bibfs') return 'the search takes a whole layer of the side with the smaller frontier';
      return `its f = ${r.g} + ${n.h} = ${r.g + n.h} is the smallest, then its h, then the oldest`;
    };
    const right = id === next.id;
    const text = right
      ? `Right: the search takes ${tail(m.node(id).moves)} next: ${why(next)}.`
      : `Not this one${picked ? ` (${this.numbers(m.node(id))})` : ''}: the search takes ${tail(m.node(next.id).moves)}: ${why(next)}.`;
    this.transport.seek(m.k + 1);
    // The verdict is the new step's: any other step clears it.
    this.verdictAt = this.key();
    this.verdict.className = `small ${right ? 'goal-ok' : 'goal-no'}`;
    this.verdict.textContent = text;
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
    this.boardIntoView();
  }

  numbers(n) {
    const f = (v) => (v == null ? '–' : fmt(v));
    if (this.algorithm === 'bibfs') return n.toGoal != null ? `${n.depth} moves to a goal (back)` : `depth ${n.depth}`;
    if (this.algorithm === 'bfs' || this.algorithm === 'iddfs') return `depth ${n.depth}`;
    if (this.algorithm === 'greedy') return `h ${f(n.h)}, g ${n.g}`;
    if (this.algorithm === 'ucs') return `g ${n.g}`;
    return `g ${n.g} + h ${f(n.h)} = f ${f(n.f)}`;
  }

  /** What the current iteration's limit is, in words (ID-DFS: depth; IDA*: f). */
  limitText() {
    const m = this.model;
    return this.algorithm === 'idastar' ? `f-limit ${fmt(m.fLimit)}` : `depth limit ${m.iteration}`;
  }

  render() {
    const m = this.model;
    if (!m) return;
    if (this.verdictAt !== null && this.verdictAt !== this.key()) this.clearVerdict();
    const iddfs = ITERATING.includes(this.algorithm);
    const words = this.algorithm === 'idastar' ? DID_IDA : DID;
    const cur = m.current >= 0 ? m.node(m.current) : null;
    const role = this.roleAt(m.k, m.tested);
    const goal = m.takenAs(m.k) === 'goal' || (role === 'test' && this.found && m.k === m.steps);
    const did = m.tested ? `: taken, goal test: ${goal ? 'the goal' : 'not the goal'}`
      : cur && m.currentAs !== 'expanded' ? `: ${words[m.currentAs] || m.currentAs}`
      : goal ? ': the goal' : '';
    this.nodeBox.replaceChildren(cur
      ? h('span', {}, h('b', {}, `${iddfs ? `Iteration ${m.iteration}, step` : 'Step'} ${fmt(m.k)}: `), `state #${cur.id}, ${cur.toGoal != null ? `backward, moves to a goal ${tail(cur.toGoal)}` : `moves ${tail(cur.moves)}`}, ${this.numbers(cur)}${did}`)
      : h('span', {}, h('b', {}, 'Before the first step: '), `the start is on the open list${iddfs ? ` (iteration 1, ${this.limitText()})` : ''}${this.algorithm === 'bibfs' ? ', with every goal state (the backward side)' : ''}.`));
    const lastClosed = m.lastClosed();
    // ID-DFS: every count is the iteration's (the record's nodes are all iterations').
    this.counts.textContent = (iddfs ? `Iteration ${m.iteration} (${this.limitText()}), this iteration: open` : 'Open') +
      ` ${fmt(m.open.size)} · closed ${fmt(m.closed)} · generated ${fmt(m.generated)} · pushed ${fmt(m.pushes)}${m.reopened ? ` (${fmt(m.reopened)} reached again more cheaply)` : ''}` +
      ` · duplicates ${fmt(m.duplicates)} · pruned ${fmt(m.pruned)}${iddfs ? ` · cut off ${fmt(m.cutOff)}` : ''}${this.algorithm === 'beam' ? ` · cut from the beam ${fmt(m.cut)}` : ''}` +
      (lastClosed.length ? ` · last closed: ${lastClosed.map((id) => tail(m.path(id))).join(', ')}` : '') +
      (iddfs ? ` · in all iterations: ${fmt(m.totals.expanded)} expanded, ${fmt(m.states)} nodes recorded` : ` · states ${fmt(m.states)}`) +
      (m.truncated ? ` · the record holds the first ${fmt(m.r.events.length)} events of the search` : '');
    this.code.replaceChildren(...(PSEUDOCODE[this.algorithm] || []).map(([r, line]) =>
      h(`span.code-line${r === role ? '.now' : ''}`, { dataset: { role: r } }, `${line}\n`)));
    // In predict mode the candidates come in state order, so the list gives nothing away.
    const shown = document.body.classList.contains('presenting') ? PRESENTING_ROWS : ROWS;
    const rows = this.predictBox.checked ? m.frontier(shown).sort((a, b) => a.id - b.id) : m.frontier(shown);
    const kind = {
      bfs: 'queue (first in, first out)', iddfs: 'stack (last in, first out)', idastar: 'stack (last in, first out)', greedy: 'by h', ucs: 'by g',
      wastar: 'by g + w·h, then w·h', beam: 'by layer, then f: the beam first, then the candidates', bibfs: 'both sides by depth (the search takes a whole layer of the smaller side)',
    }[this.algorithm] || 'by f, then h';
    this.table.replaceChildren(h('table.compare.dbg-open', {},
      h('caption.small.muted', {}, `The open list, ${kind}: the next ${Math.min(shown, m.open.size)} of ${fmt(m.open.size)}`),
      h('thead', {}, h('tr', {}, h('th', {}, '#'), h('th', {}, 'Moves'), h('th', {}, 'Numbers'))),
      h('tbody', {}, ...rows.map((row, i) => {
        const n = m.node(row.id);
        const mark = i === 0 && !this.predictBox.checked ? '.next' : '';
        return h(`tr${mark}`, { dataset: { id: String(row.id) }, title: this.predictBox.checked ? 'Predict: the search takes this one next' : 'Show this state on the board', onclick: () => this.rowClicked(row.id) },
          h('td', {}, String(i + 1)), h('td.moves', {}, n.toGoal != null ? `← ${tail(n.toGoal)}` : tail(n.moves)), h('td', {}, this.numbers({ ...n, g: row.g, f: n.h == null ? null : row.g + n.h })));
      }))));
    this.renderTree();
  }

  /** The search tree (small runs), when its box is open. */
  renderTree() {
    const m = this.model;
    if (!m || !this.treeBox.open) return;
    let goalPath = new Set();
    if (this.found && m.k >= m.steps && m.r.events.length) {
      let id = m.r.events[m.r.events.length - 1] & 0x3fffffff;
      goalPath = new Set([id]);
      for (let guard = 0; m.r.parent[id] !== id && guard < m.states; guard++) {
        id = m.r.parent[id];
        goalPath.add(id);
      }
    }
    const svg = searchTree(m, { goalPath, onPick: (id) => this.rowClicked(id) });
    this.treeHost.replaceChildren(svg || h('p.small.muted', {}, `The tree is drawn for runs of up to ${fmt(MAX_NODES)} states; this one has ${fmt(m.states)}.`));
  }

  info() {
    const m = this.model;
    if (!m) return { loaded: false };
    return { loaded: true, k: m.k, tested: m.tested, steps: m.steps, speed: this.transport.speedIndex, current: m.current, currentAs: m.currentAs, path: m.current >= 0 ? m.path(m.current) : '', iteration: m.iteration, open: m.open.size, closed: m.closed, duplicates: m.duplicates, pruned: m.pruned, next: m.frontier(ROWS).map((r) => r.id) };
  }
}
