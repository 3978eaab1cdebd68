// "Check a solution"'s verdict, drawn from the `judge` tool's report (`Graded`, see
// src/games/grade.rs): pass or fail and its one-line message; how far from optimal;
// the first problem where it is (the output's lines with the bad line marked, and for
// a line that differs both versions; an illegal move, or a move after the end, marked
// in the plan); the warnings; and a hint when the output's grid is not the level's size.

import { h } from './ui.js';
import { markedPlan } from './check-boards.js';

/** Lines of the output listed on each side of the marked line. */
export const LINES_AROUND = 12;
/** Characters of a line shown (a longer one is cut with "…"). */
export const LINE_CHARS = 400;

/**
 * An output's lines as the tool reads them: CR LF as LF, trailing empty lines dropped.
 * @param {string} text
 * @returns {string[]}
 */
export function outputLines(text) {
  const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
const cut = (line) => (line.length > LINE_CHARS ? `${line.slice(0, LINE_CHARS)}…` : line);

/**
 * How far the plan is from optimal: "optimal", "4 moves longer than optimal", "6 points
 * below the best score"; null when the report does not say (no optimum, no value).
 * @param {any} r the report
 */
export function distanceText(r) {
  if (r.value == null || r.optimal == null || !r.measure) return null;
  const kind = r.problem && r.problem.kind;
  if (kind && kind !== 'not_optimal' && kind !== 'mismatch') return null;
  if (r.measure === 'score') {
    const d = r.optimal - r.value;
    return d <= 0 ? 'optimal: the best score' : `${plural(d, 'point')} below the best score`;
  }
  const d = r.value - r.optimal;
  const unit = r.measure === 'turns' ? 'turn' : 'move';
  return d <= 0 ? 'optimal' : `${plural(d, unit)} longer than optimal`;
}

/**
 * A row of the listing.
 * @param {number | string} num
 * @param {string} text
 * @param {string} [cls]
 * @param {string} [tag] what the row is ("yours", "replaying gives")
 * @param {Node[]} [content] the line's text, marked
 */
function row(num, text, cls = '', tag = '', content = null) {
  return h(`div.cs-line${cls}`, { dataset: { line: String(num) } },
    h('span.num', {}, String(num)),
    h('code', {}, ...(content || [cut(text)])),
    tag ? h('span.cs-tag', {}, tag) : null);
}

/**
 * The output's lines around line `at` (1-based), that line marked; `extra(line)` adds
 * rows after it.
 * @param {string[]} lines
 * @param {number} at
 * @param {{mark?: (text: string) => Node[], tag?: string, after?: Node[]}} options
 */
function listing(lines, at, { mark = null, tag = '', after = [] }) {
  const from = Math.max(1, at - LINES_AROUND);
  const to = Math.min(lines.length, at + LINES_AROUND);
  /** @type {Node[]} */
  const rows = [];
  if (from > 1) rows.push(h('div.cs-more', {}, `… ${plural(from - 1, 'line')} above`));
  for (let n = from; n <= to; n++) {
    const text = lines[n - 1];
    rows.push(n === at ? row(n, text, '.bad', tag, mark ? mark(text) : null) : row(n, text));
    if (n === at) rows.push(...after);
  }
  if (at > lines.length) rows.push(row(at, '', '.bad.missing', tag, [h('em', {}, '(no line: the output ends here)')]), ...after);
  if (to < lines.length) rows.push(h('div.cs-more', {}, `… ${plural(lines.length - to, 'line')} below`));
  return h('div.cs-lines#sol-lines', { role: 'list', 'aria-label': 'The output’s lines' }, ...rows);
}

/**
 * The first problem where it is.
 * @param {any} r the report
 * @param {string[]} lines the output's lines
 * @param {string} moveNoun
 * @returns {Node[]}
 */
function problemNodes(r, lines, moveNoun) {
  const p = r.problem;
  if (!p) return [];
  switch (p.kind) {
    case 'parse': {
      const mark = (text) => {
        const c = Math.max(0, p.column - 1);
        if (c >= LINE_CHARS) return [cut(text)];
        return [text.slice(0, c), h('mark.bad', { title: p.message }, text[c] ?? ' '), cut(text.slice(c + 1))];
      };
      return [
        h('p.small#sol-where', {}, `Line ${p.line}, column ${p.column}: ${p.message}`),
        listing(lines, p.line, { mark }),
      ];
    }
    case 'mismatch': {
      const expected = p.expected == null
        ? row('', '', '.expected', 'replaying gives', [h('em', {}, '(no line: the output should end before it)')])
        : row('', p.expected, '.expected', 'replaying gives');
      return [
        h('p.small#sol-where', {}, `Line ${p.line} differs from what replaying the ${moveNoun}s prints:`),
        listing(lines, p.line, { tag: 'yours', after: [expected] }),
      ];
    }
    case 'illegal_move':
    case 'move_after_end': {
      const i = p.index - 1;
      const why = p.kind === 'illegal_move' ? `is illegal: ${p.message}` : `comes after the game is over (${p.ended})`;
      return [
        h('p.small#sol-where', {}, `${moveNoun[0].toUpperCase()}${moveNoun.slice(1)} ${p.index} ('${p.symbol}') of the plan ${why}; the ${moveNoun}s after it are not played.`),
        h('code.plan-moves.cs-plan#sol-bad-plan', { dataset: { index: String(p.index) } }, ...markedPlan(r.plan || '', { pos: i, bad: i })),
      ];
    }
    default:
      return [];
  }
}

/**
 * When a failing output's grid is not the level's size: a hint that it is for another level.
 * @param {any} r
 * @param {string[]} lines
 * @param {{rows: number, cols: number}} level
 */
function otherLevelHint(r, lines, level) {
  if (r.pass || lines.length < 3) return null;
  const grid = lines.slice(2);
  const cols = Math.max(...grid.map((l) => l.length));
  if (grid.length === level.rows && cols === level.cols) return null;
  return h('p.note.warn#sol-other-level', {},
    `Is this the output for another level? Its grid is ${grid.length} × ${cols}; the level on the board is ${level.rows} × ${level.cols}.`);
}

/**
 * The verdict's nodes.
 * @param {any} r the `judge` report
 * @param {string} text the output checked
 * @param {{moveNoun: string, level: {rows: number, cols: number}}} context
 * @returns {Node[]}
 */
export function verdictNodes(r, text, { moveNoun, level }) {
  const lines = outputLines(text);
  const distance = distanceText(r);
  const warnings = r.warnings || [];
  return [
    h(`p.cs-verdict.${r.pass ? 'pass' : 'fail'}#sol-verdict`, { role: 'status' },
      h(`span.outcome.${r.pass ? 'ok' : 'bad'}`, {}, r.pass ? 'Pass' : 'Fail'), ' ',
      h('span#sol-message', {}, r.message)),
    distance ? h(`p.cs-distance#sol-distance.${distance.startsWith('optimal') ? 'goal-ok' : 'goal-no'}`, {}, distance) : null,
    ...problemNodes(r, lines, moveNoun),
    otherLevelHint(r, lines, level),
    warnings.length ? h('ul.note.warn.cs-warnings#sol-warnings', {}, ...warnings.map((w) => h('li', {}, w))) : null,
  ].filter(Boolean);
}
