// The transport's widgets, the same everywhere: ⏮ ◀ ▶/⏸ ▶| ⏭, a speed slider with
// its label, a scrub slider with "k / n". They only render the Transport's state and
// send it commands; `TransportBar.update()` runs on every transport 'change'.

import { h, button, icon } from './ui.js';

const PARTS = ['first', 'back', 'play', 'step', 'end'];

const DEFAULT_TITLES = {
  first: 'To the start (Home)',
  back: 'Step back',
  play: 'Play / pause',
  step: 'Step forward',
  end: 'To the end (End)',
  scrub: 'Position',
};

const ICONS = { first: 'first', back: 'stepb', play: 'play', step: 'stepf', end: 'last' };
const LABELS = { first: 'Start', back: 'Back', play: 'Play', step: 'Step', end: 'To the end' };

export class TransportBar {
  /**
   * options: { prefix ('plan-'): element ids `${prefix}play` ..., ids: {part: id} to
   * override one, labels (words beside the icons: true, or the parts that have them), titles: {part: text},
   * parts (the buttons shown, in order), unit ('move'): the scrub's aria-label,
   * posText(k, n): the position's words (default "k / n") }
   * @param {import('./transport.js').Transport} transport
   * @param {{prefix?: string, ids?: Record<string, string>, labels?: boolean | string[], titles?: Record<string, string>,
   *   parts?: string[], unit?: string, posText?: (k: number, n: number) => string}} [options]
   */
  constructor(transport, { prefix = '', ids = {}, labels = false, titles = {}, parts = PARTS, unit = 'step', posText = (k, n) => `${k} / ${n}` } = {}) {
    this.transport = transport;
    this.posText = posText;
    const id = (part) => ids[part] || `${prefix}${part}`;
    const t = { ...DEFAULT_TITLES, ...titles };
    const actions = {
      first: () => transport.toStart(),
      back: () => transport.back(),
      play: () => transport.toggle(),
      step: () => transport.step(),
      end: () => transport.toEnd(),
    };
    this.buttons = {};
    for (const part of parts) {
      const cls = part === 'play' ? '.btn.primary' : '.btn';
      const worded = labels === true || (Array.isArray(labels) && labels.includes(part));
      this.buttons[part] = button(`${cls}${worded ? '' : '.icon-only'}#${id(part)}`, {
        icon: ICONS[part],
        label: worded ? LABELS[part] : undefined,
        title: t[part],
        'aria-label': t[part],
        onclick: (e) => {
          actions[part]();
          /** @type {HTMLElement} */ (e.currentTarget).blur();
        },
      });
    }
    const speeds = transport.speeds;
    this.speed = h(`input#${id('speed')}`, { type: 'range', min: '0', max: String(speeds.length - 1), step: '1', value: String(transport.speedIndex),
      'aria-label': 'Speed', title: 'Speed', oninput: () => transport.setSpeed(Number(this.speed.value)) });
    this.speedLabel = h(`span.speed-label#${id('speed-label')}`);
    this.scrub = h(`input#${id('scrub')}`, { type: 'range', min: '0', max: '0', value: '0', step: '1', 'aria-label': t.scrub || `${unit} of the line`,
      oninput: () => transport.seek(Number(this.scrub.value)) });
    this.pos = h(`span.plan-pos#${id('pos')}`, {}, '0 / 0');
    this.chapters = h(`datalist#${id('chapters')}`);
    this.root = h('div.transport-bar', {},
      h('div.row.transport', {}, ...parts.map((p) => this.buttons[p])),
      h('div.row.speed-row', {}, h('span.small.muted', {}, 'Speed'), this.speed, this.speedLabel),
      h('div.scrub-row', {}, this.scrub, this.pos, this.chapters));
    transport.addEventListener('change', () => this.update());
    this.update();
  }

  /** Mark chapter starts (positions) on the scrub slider as ticks; none: no ticks. */
  setChapters(positions = []) {
    this.chapters.replaceChildren(...positions.map((k) => h('option', { value: String(k) })));
    if (positions.length) this.scrub.setAttribute('list', this.chapters.id);
    else this.scrub.removeAttribute('list');
  }

  update() {
    const tr = this.transport;
    const n = tr.length();
    const k = tr.position();
    const playing = tr.playing;
    this.scrub.max = String(n);
    this.scrub.value = String(k);
    this.scrub.disabled = n === 0;
    this.pos.textContent = this.posText(k, n);
    this.speed.value = String(tr.speedIndex);
    this.speedLabel.textContent = tr.speeds[tr.speedIndex].label;
    const play = this.buttons.play;
    if (play) {
      const label = play.querySelector('span');
      play.replaceChildren(icon(playing ? 'pause' : 'play'), ...(label ? [label] : []));
      if (label) label.textContent = playing ? 'Pause' : 'Play';
      play.setAttribute('aria-pressed', String(playing));
      play.classList.toggle('active', playing);
      play.disabled = !playing && ((tr.state === 'over' && !tr.source.rewinds) || !!(tr.source.blocked && tr.source.blocked()));
    }
    const blocked = !!(tr.source.blocked && tr.source.blocked());
    if (this.buttons.step) this.buttons.step.disabled = tr.state === 'over' || blocked || playing;
    if (this.buttons.end) this.buttons.end.disabled = tr.state === 'over';
    if (this.buttons.back) this.buttons.back.disabled = k === 0;
    if (this.buttons.first) this.buttons.first.disabled = k === 0;
  }
}
