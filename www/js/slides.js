// Lectures and slides: the embed view (`embed=1` in a link shows only the board and a
// compact control bar, for an iframe in a slide; the link holds the whole demo), the
// presenter's keys (PageDown / PageUp step what the tab shows, and in the embed view
// also → / ← and Space; B blacks the screen out), and the board exported: a PNG, an
// animated GIF (encoded by the wasm module's `GifRecorder`, the `gif` crate) and a
// WebM video (the browser's own MediaRecorder over `canvas.captureStream`, its duration
// written in by webm-duration.js). What "steps" is the game's `presenterTransport()`:
// the search replay, the plan, the game, the moves played by hand (to the one shown).
// A transport source with its own picture (a race: its boards in one canvas,
// `recordFrame()`) is recorded from that picture instead of the board.

import { h, downloadBlob, toast } from './ui.js';
import { HistorySource, handTransport } from './history-source.js';

/** @returns {Promise<void>} */
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
/** @type {(ms: number) => Promise<void>} */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** An animation's largest side (pixels) and most frames: a GIF stays small enough to share. */
const GIF_SIDE = 360;
const GIF_FRAMES = 120;
/** A video's longest recording. */
const WEBM_MAX_MS = 120000;
/**
 * A recorded WebM with its duration written in: its last frame's time, else `ms` (the
 * time recorded); the file as it is when it cannot be read.
 * @param {Blob} blob
 * @param {number} ms
 */
async function timedWebm(blob, ms) {
  // The WebM writer comes with the first video (not with the first board).
  const writer = await import('./webm-duration.js').catch(() => null);
  if (!writer) return blob;
  const { withDuration } = writer;
  const bytes = new Uint8Array(await blob.arrayBuffer());
  for (const given of [undefined, ms]) {
    try {
      return new Blob([withDuration(bytes, given)], { type: 'video/webm' });
    } catch {
      /* no frames: the time recorded; not readable: as it is */
    }
  }
  return blob;
}
const fileName = (name, ext) => `${name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'board'}.${ext}`;

export class Slides {
  /**
   * `shell` is main.js's shell; `game()` the game on the stage (or null).
   * @param {import('./contracts.js').Shell} shell
   * @param {() => import('./contracts.js').Controller | null} game
   */
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
    return g && g.presenterTransport ? g.presenterTransport(handTransport) : null;
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
    // The numpad's 3 and 9 without NumLock say PageDown / PageUp: there they are directions.
    const pad = (e.code || '').startsWith('Numpad');
    if ((e.key === 'PageDown' && !pad) || (this.embed && e.key === 'ArrowRight')) return this.step(1);
    if ((e.key === 'PageUp' && !pad) || (this.embed && e.key === 'ArrowLeft')) return this.step(-1);
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
      if (blob) downloadBlob(fileName(name, 'png'), blob);
      else toast('The board could not be saved as an image', 'warn');
    }, 'image/png');
  }

  /**
   * The transport to record and where the recording ends (moves played by hand: at the
   * move shown; else at the end), or null with a message.
   * @returns {{t: import('./transport.js').Transport, end: number, hand: HistorySource | null} | null}
   */
  recordable() {
    const t = this.transport();
    const hand = t && t.source instanceof HistorySource ? t.source : null;
    const end = !t ? 0 : hand ? hand.position() : t.length();
    if (!end) {
      toast('Nothing to record here: solve a level (a plan, a search replay), open a replay, or play a game first', 'warn');
      return null;
    }
    if (this.recording) {
      toast('A recording is under way', 'warn');
      return null;
    }
    return { t, end, hand };
  }

  /**
   * What a recording of `t` shows: its source's own picture when it has one (a race's
   * boards composed by `recordFrame()`, at most `gifSide` pixels in a GIF), else the board.
   * @param {import('./transport.js').Transport} t
   * @returns {{canvas: HTMLCanvasElement, draw: () => void, side: number}}
   */
  frameOf(t) {
    const src = t.source;
    if (src.recordFrame) return { canvas: src.recordFrame(), draw: () => src.recordFrame(), side: src.gifSide || GIF_SIDE };
    const board = this.shell.board;
    return { canvas: board.canvas, draw: () => board.draw(), side: GIF_SIDE };
  }

  /**
   * What the tab steps through, start to end, as an animated GIF: one frame a step (at
   * most GIF_FRAMES, evenly spaced), the board scaled to at most GIF_SIDE pixels.
   * The position shown before is restored.
   */
  async saveGif(name) {
    const rec = this.recordable();
    if (!rec) return;
    const { t, end: n } = rec;
    const frame = this.frameOf(t);
    const canvas = frame.canvas;
    const k = Math.min(1, frame.side / Math.max(canvas.width, canvas.height));
    const [w, hgt] = [Math.max(1, Math.round(canvas.width * k)), Math.max(1, Math.round(canvas.height * k))];
    const small = document.createElement('canvas');
    small.width = w;
    small.height = hgt;
    const g = small.getContext('2d', { willReadFrequently: true });
    const every = Math.max(1, Math.ceil((n + 1) / GIF_FRAMES));
    const positions = [];
    for (let p = 0; p <= n; p += every) positions.push(p);
    if (positions[positions.length - 1] !== n) positions.push(n);
    const back = t.position();
    this.recording = true;
    let gif = null;
    try {
      gif = new (await this.shell.full()).GifRecorder(w, hgt, Math.max(120, Math.round(2000 / positions.length)));
      for (const [i, p] of positions.entries()) {
        t.seek(p);
        frame.draw();
        g.drawImage(canvas, 0, 0, w, hgt);
        gif.add_frame(g.getImageData(0, 0, w, hgt).data);
        if (i % 10 === 9) await nextFrame();
      }
      const bytes = gif.finish();
      gif = null;
      downloadBlob(fileName(name, 'gif'), new Blob([bytes], { type: 'image/gif' }));
    } catch (err) {
      toast(`No GIF: ${(err && err.message) || err}`, 'warn');
    } finally {
      if (gif) gif.free();
      t.seek(back);
      this.recording = false;
    }
  }

  /**
   * What the tab steps through, played from its start to its end, as a WebM video with
   * its duration. The position shown before is restored.
   */
  async saveWebm(name) {
    const rec = this.recordable();
    if (!rec) return;
    const { t, end, hand } = rec;
    const frame = this.frameOf(t);
    const canvas = frame.canvas;
    const type = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'].find((x) => window.MediaRecorder && MediaRecorder.isTypeSupported(x));
    if (!type || !canvas.captureStream) {
      toast('This browser cannot record video (no MediaRecorder for WebM)', 'warn');
      return;
    }
    this.recording = true;
    const chunks = [];
    const back = t.position();
    if (hand) hand.stopAt = end;
    try {
      const recorder = new MediaRecorder(canvas.captureStream(30), { mimeType: type });
      recorder.ondataavailable = (e) => e.data.size && chunks.push(e.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      t.seek(0);
      frame.draw();
      recorder.start(250);
      const since = performance.now();
      await sleep(300);
      t.play();
      const started = performance.now();
      while (t.playing && performance.now() - started < WEBM_MAX_MS) {
        if (canvas === this.shell.board.canvas) this.shell.board.invalidate();
        else frame.draw();
        await sleep(50);
      }
      t.pause();
      await sleep(400);
      recorder.stop();
      await stopped;
      const ms = performance.now() - since;
      downloadBlob(fileName(name, 'webm'), await timedWebm(new Blob(chunks, { type: 'video/webm' }), ms));
    } catch (err) {
      toast(`No video: ${(err && err.message) || err}`, 'warn');
    } finally {
      if (hand) hand.stopAt = null;
      t.seek(back);
      this.recording = false;
    }
  }
}
