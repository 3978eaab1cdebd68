// The search tree of a small recorded run (at most MAX_NODES states; iterative
// deepening and IDA*: this iteration's; bidirectional BFS: the start's side), as SVG:
// every state pushed so far under its parent, by depth; closed states filled, open ones
// outlined, states set aside (duplicates, pruned, cut off, cut from a beam) grey, the
// node taken now in orange, and at the end the plan's path in green. A click on a node
// calls back with its id.

const NS = 'http://www.w3.org/2000/svg';
/** The most states the tree draws (beyond, it says so instead). */
export const MAX_NODES = 400;
const GAP_X = 14;
const GAP_Y = 34;
const R = 5;

const el = (name, attrs = {}) => {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
};

/**
 * The SVG of `model` (a SearchRecord seeked to its step), or null when the run is too
 * large; `goalPath`: the ids on the plan's path to mark (empty until the end).
 */
/**
 * @param {any} model the search record's model (search-record.js)
 * @param {{onPick?: (id: number) => void, goalPath?: Set<number>}} [options]
 */
export function searchTree(model, { onPick = () => {}, goalPath = new Set() } = {}) {
  const root = model.root;
  const known = new Set([root]);
  for (const id of model.open.keys()) known.add(id);
  for (const id of model.costs.keys()) known.add(id);
  if (model.states > MAX_NODES && known.size > MAX_NODES) return null;
  const children = new Map();
  for (const id of known) {
    if (id === root) continue;
    const p = model.r.parent[id];
    if (!children.has(p)) children.set(p, []);
    children.get(p).push(id);
  }
  // x: leaves left to right in depth-first order; a parent over its children's middle.
  const x = new Map();
  const y = new Map();
  let next = 0;
  let depth = 0;
  const place = (id, d) => {
    depth = Math.max(depth, d);
    y.set(id, d);
    const kids = (children.get(id) || []).sort((a, b) => a - b);
    if (!kids.length) {
      x.set(id, next++);
      return;
    }
    for (const k of kids) place(k, d + 1);
    x.set(id, (x.get(kids[0]) + x.get(kids[kids.length - 1])) / 2);
  };
  place(root, 0);
  const width = Math.max(1, next) * GAP_X + 2 * R + 4;
  const height = (depth + 1) * GAP_Y;
  const svg = el('svg', { viewBox: `0 0 ${width} ${height}`, width, height, class: 'search-tree', role: 'img', 'aria-label': `Search tree: ${known.size} states` });
  const px = (id) => R + 2 + x.get(id) * GAP_X;
  const py = (id) => R + 4 + y.get(id) * GAP_Y;
  for (const [p, kids] of children) {
    for (const k of kids) {
      if (!x.has(p)) continue;
      const onPath = goalPath.has(k) && goalPath.has(p);
      svg.append(el('line', { x1: px(p), y1: py(p), x2: px(k), y2: py(k), class: onPath ? 'edge path' : 'edge' }));
    }
  }
  for (const id of known) {
    // Only the start's tree (bidirectional BFS's backward side has other roots).
    if (!x.has(id)) continue;
    const state = id === model.current ? 'current' : model.open.has(id) ? 'open' : model.setAside.has(id) ? 'aside' : 'closed';
    const c = el('circle', { cx: px(id), cy: py(id), r: R, class: `node ${state}${goalPath.has(id) ? ' path' : ''}`, 'data-id': id });
    const title = el('title');
    title.textContent = `state #${id}: ${model.path(id) || 'the start'}`;
    c.append(title);
    c.addEventListener('click', () => onPick(id));
    svg.append(c);
  }
  return svg;
}
