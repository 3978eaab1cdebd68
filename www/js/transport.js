// The one transport of the playground: play / pause / step / back / to the start /
// to the end / speed / scrub over anything that moves in steps (a solver's plan, a
// search replay, a Rogue or GPac game, a world file, an Arena replay, a league game).
//
// `Transport` is an explicit state machine (as PathFinding.js's controller):
//
//   idle ──play──▶ playing ──pause / cut──▶ idle
//    │  ▲             │
//  step │ done     reaches the end
//    ▼  │             ▼
//  animating ──end──▶ over ──back / seek / source grows──▶ idle
//
// It owns the timing and the cancellation (one AbortController a run); the source
// owns the positions: a `TransportSource` (contracts.d.ts) with `position()`,
// `length()`, `seek(k)`, `advance({animate, batch})` and optionally `finished()`,
// `blocked()`, `toEnd()`, `batchDone(n)`, `maxRate()` and `rewinds`.
// Events: 'change' after every state or position change (the widgets re-render).

/** @typedef {import('./contracts.js').TransportSource} TransportSource */
/** @typedef {import('./contracts.js').TransportOptions} TransportOptions */
/** @typedef {import('./contracts.js').Speed} Speed */

/** @returns {Promise<void>} */
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
/** @type {(ms: number, signal: AbortSignal) => Promise<void>} */
const sleep = (ms, signal) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** The four states of a transport. */
/** Plan speeds: moves a second (the animation scales with them); a plan's and the moves played by hand. */
export const PLAN_SPEEDS = [
  { label: '¼×', rate: 1 },
  { label: '½×', rate: 2 },
  { label: '1×', rate: 4 },
  { label: '2×', rate: 8 },
  { label: '4×', rate: 16 },
];

export const TransportState = Object.freeze(/** @type {const} */ ({
  IDLE: 'idle',
  ANIMATING: 'animating',
  PLAYING: 'playing',
  OVER: 'over',
}));
/** @typedef {typeof TransportState[keyof typeof TransportState]} TransportStateName */

/** Rates at or above this many steps a second are played in batches, unanimated. */
export const BATCH_RATE = 30;

export class Transport extends EventTarget {
  /**
   * options: { speeds: [{label, rate}] (steps a second), speed (index),
   *            onSpeed(index) (persist the choice), batchRate (steps a second from
   *            which auto-play goes in unanimated batches, default BATCH_RATE) }
   * @param {TransportSource} source
   * @param {TransportOptions} [options]
   */
  constructor(source, { speeds, speed = 0, onSpeed = null, batchRate = BATCH_RATE } = {}) {
    super();
    this.source = source;
    this.batchRate = batchRate;
    this.speeds = speeds || [{ label: '1×', rate: 4 }];
    this.speedIndex = Math.max(0, Math.min(this.speeds.length - 1, speed));
    this.onSpeed = onSpeed;
    /** @type {AbortController | null} the auto-play's or the step's under way */
    this.run = null;
    this.animatingStep = false;
    /** @type {TransportStateName} */
    this.state = TransportState.IDLE;
    this.refresh();
  }

  /** Steps a second at the chosen speed. */
  get rate() {
    return this.speeds[this.speedIndex].rate;
  }

  get playing() {
    return this.state === TransportState.PLAYING;
  }

  /** @returns {number} */
  position() {
    return this.source.position();
  }

  length() {
    return this.source.length();
  }

  finished() {
    return this.source.finished ? this.source.finished() : this.position() >= this.length();
  }

  /** Recompute the state from the source (call after the source changed on its own). */
  refresh() {
    let next;
    if (this.run && !this.animatingStep) next = TransportState.PLAYING;
    else if (this.animatingStep) next = TransportState.ANIMATING;
    else next = this.finished() ? TransportState.OVER : TransportState.IDLE;
    this.state = next;
    this.dispatchEvent(new Event('change'));
  }

  /** Stop what runs (auto-play or a step's animation bookkeeping). */
  cut() {
    if (!this.run) return;
    this.run.abort();
    this.run = null;
    this.animatingStep = false;
  }

  pause() {
    const was = this.run;
    this.cut();
    if (was) this.refresh();
  }

  toggle() {
    if (this.playing) this.pause();
    else this.play();
  }

  /**
   * Auto-play from here; from the end of a finished line, from the start.
   * @returns {string | null} why it cannot ('over' at the end, or the source's `blocked()`)
   */
  play() {
    this.cut();
    const why = this.source.blocked ? this.source.blocked() : null;
    if (why) {
      this.refresh();
      return why;
    }
    if (this.finished()) {
      if (this.length() === 0 || !this.source.rewinds) {
        this.refresh();
        return 'over';
      }
      this.source.seek(0);
    }
    const run = new AbortController();
    this.run = run;
    this.refresh();
    this.loop(run.signal).finally(() => {
      if (this.run === run) {
        this.run = null;
        this.refresh();
      }
    });
    return null;
  }

  /** @param {AbortSignal} signal */
  async loop(signal) {
    // Batches: the steps due since the last frame at the rate (a fraction carries over).
    // One step at a time: each on its own deadline, a period after the last one's (late
    // steps catch up, but never over more than a quarter of a second).
    let due = 1;
    let last = performance.now();
    let deadline = last;
    while (!signal.aborted && !this.finished()) {
      const rate = Math.min(this.rate, this.source.maxRate ? this.source.maxRate() : Infinity);
      const t0 = performance.now();
      if (rate >= this.batchRate) {
        due += (Math.min(250, t0 - last) * rate) / 1000;
        last = t0;
        const batch = Math.floor(due);
        due -= batch;
        let n = 0;
        while (n < batch && !this.finished() && this.source.advance({ animate: false, batch: true })) n++;
        if (this.source.batchDone) this.source.batchDone(n);
        if (n) this.dispatchEvent(new Event('change'));
        if (n < batch) break;
        await nextFrame();
        deadline = performance.now();
      } else {
        last = t0;
        const ok = await this.source.advance({ animate: true, rate });
        this.dispatchEvent(new Event('change'));
        if (!ok || signal.aborted) break;
        const now = performance.now();
        deadline = Math.max(deadline + 1000 / rate, now - 250);
        if (deadline > now && !this.finished()) await sleep(deadline - now, signal);
      }
    }
  }

  /** One step forward (animated); resolves to whether a step was made. */
  async step() {
    this.cut();
    if (this.finished()) {
      this.refresh();
      return false;
    }
    const run = new AbortController();
    this.run = run;
    this.animatingStep = true;
    this.refresh();
    let ok;
    try {
      ok = await this.source.advance({ animate: true, rate: this.rate });
    } finally {
      if (this.run === run) {
        this.run = null;
        this.animatingStep = false;
      }
      this.refresh();
    }
    return ok;
  }

  /** One step back. */
  back() {
    this.seek(this.position() - 1);
  }

  toStart() {
    this.seek(0);
  }

  toEnd() {
    this.cut();
    if (this.source.toEnd) this.source.toEnd();
    else this.source.seek(this.length());
    this.refresh();
  }

  /**
   * Show step k at once (clamped to 0..length).
   * @param {number} k
   */
  seek(k) {
    this.cut();
    this.source.seek(Math.max(0, Math.min(this.length(), k)));
    this.refresh();
  }

  /** @param {number} index */
  setSpeed(index) {
    this.speedIndex = Math.max(0, Math.min(this.speeds.length - 1, index));
    if (this.onSpeed) this.onSpeed(this.speedIndex);
    this.dispatchEvent(new Event('change'));
  }

  dispose() {
    this.cut();
  }
}
