// A WebM file's duration written into it. The browser's MediaRecorder writes a live
// stream's header (the Segment's size unknown, no Segment ▸ Info ▸ Duration), so players
// report no length until they have read the whole file. `withDuration` rewrites the
// Info element with a Duration (the time of the last frame, or the one given), moving
// what follows; the positions that point past it (SeekHead's SeekPosition, the Cues'
// CueClusterPosition) and a known Segment size move with it. The format: EBML
// (RFC 8794) and the Matroska elements (RFC 9559).

const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const CLUSTER = 0x1f43b675;
const TIMECODE = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK = 0xa1;
/** Elements whose children the walk reads: Segment, SeekHead, Seek, Cues, CuePoint, CueTrackPositions, Cluster, BlockGroup. */
const MASTERS = new Set([SEGMENT, 0x114d9b74, 0x4dbb, 0x1c53bb6b, 0xbb, 0xb7, CLUSTER, 0xa0]);
/** Positions from the Segment's data: SeekPosition, CueClusterPosition. */
const POSITIONS = new Set([0x53ac, 0xf1]);

/**
 * An EBML variable-length number at `at`: an element ID (the marker bit kept) or a
 * size (`unknown` when all its value bits are 1).
 * @param {Uint8Array} bytes
 * @param {number} at
 * @param {boolean} id
 */
function vint(bytes, at, id) {
  const first = bytes[at];
  if (first === undefined || first === 0) throw new Error(`not a WebM file: a bad length at byte ${at}`);
  const len = 1 + Math.clz32(first) - 24;
  if (at + len > bytes.length) throw new Error(`not a WebM file: cut short at byte ${at}`);
  let value = id ? first : first & (0xff >> len);
  let unknown = value === 0xff >> len;
  for (let i = 1; i < len; i++) {
    value = value * 256 + bytes[at + i];
    unknown = unknown && bytes[at + i] === 0xff;
  }
  return { value, len, unknown: !id && unknown };
}

/**
 * The element at `at`: its id, where its data starts, its size and end (null: unknown).
 * @param {Uint8Array} bytes
 * @param {number} at
 */
function element(bytes, at) {
  const id = vint(bytes, at, true);
  const size = vint(bytes, at + id.len, false);
  const start = at + id.len + size.len;
  const end = size.unknown ? null : start + size.value;
  if (end !== null && end > bytes.length) throw new Error(`not a WebM file: element 0x${id.value.toString(16)} at byte ${at} runs past the end`);
  return { id: id.value, at, sizeAt: at + id.len, sizeLen: size.len, start, size: size.unknown ? null : size.value, end };
}

/** @type {(bytes: Uint8Array, at: number, len: number) => number} */
const readUint = (bytes, at, len) => bytes.subarray(at, at + len).reduce((v, b) => v * 256 + b, 0);

/** @type {(bytes: Uint8Array, at: number, len: number, value: number) => boolean} whether it fits */
function writeUint(bytes, at, len, value) {
  if (value >= 2 ** (8 * len)) return false;
  for (let i = len - 1; i >= 0; i--, value = Math.floor(value / 256)) bytes[at + i] = value % 256;
  return true;
}

/**
 * Every element of the file in order, entering the masters (and any element of unknown
 * size, as MediaRecorder's Segment and Clusters), skipping the others' data.
 * @param {Uint8Array} bytes
 */
function* walk(bytes) {
  let at = 0;
  while (at < bytes.length) {
    const e = element(bytes, at);
    yield e;
    at = MASTERS.has(e.id) || e.end === null ? e.start : e.end;
  }
}

/**
 * Where the Segment's data starts, its Info element, the Info's TimecodeScale (ns a
 * tick) and the time of the last frame's start (ticks; null without frames).
 * @param {Uint8Array} bytes
 */
function scan(bytes) {
  let segment = null;
  let info = null;
  let scale = 1000000;
  let cluster = 0;
  let last = null;
  for (const e of walk(bytes)) {
    if (e.id === SEGMENT && !segment) segment = e;
    else if (e.id === INFO && !info && e.end !== null) {
      info = e;
      for (let at = e.start; at < e.end;) {
        const c = element(bytes, at);
        if (c.id === TIMECODE_SCALE) scale = readUint(bytes, c.start, c.size) || scale;
        if (c.end === null) break;
        at = c.end;
      }
    } else if (e.id === TIMECODE) cluster = readUint(bytes, e.start, e.size);
    else if (e.id === SIMPLE_BLOCK || e.id === BLOCK) {
      const track = vint(bytes, e.start, false);
      const rel = (bytes[e.start + track.len] << 24 >> 16) | bytes[e.start + track.len + 1]; // int16
      last = Math.max(last ?? -Infinity, cluster + rel);
    }
  }
  if (!segment) throw new Error('not a WebM file: no Segment');
  if (!info) throw new Error('not a WebM file: no Segment Info');
  return { segment, info, scale, last };
}

/**
 * The time of a WebM file's last frame, in milliseconds (null without frames).
 * @param {Uint8Array} bytes
 * @returns {number | null}
 */
export function lastFrameMs(bytes) {
  const { scale, last } = scan(bytes);
  return last === null ? null : (last * scale) / 1e6;
}

/**
 * The file with its duration written: `ms` milliseconds, by default the time of its
 * last frame. Throws on a file that is not WebM (or a position that no longer fits).
 * @param {Uint8Array} bytes
 * @param {number} [ms]
 * @returns {Uint8Array<ArrayBuffer>}
 */
export function withDuration(bytes, ms) {
  const { segment, info, scale, last } = scan(bytes);
  const ticks = ms != null ? (ms * 1e6) / scale : last;
  if (ticks == null || !Number.isFinite(ticks) || ticks < 0) throw new Error('no duration: the video has no frames');
  // The new Info: its children but a Duration, then the Duration (a float64).
  const kept = [];
  for (let at = info.start; at < info.end;) {
    const e = element(bytes, at);
    if (e.end === null || e.end > info.end) throw new Error('not a WebM file: a bad Segment Info');
    if (e.id !== DURATION) kept.push(bytes.subarray(at, e.end));
    at = e.end;
  }
  const duration = new Uint8Array(11);
  duration.set([0x44, 0x89, 0x88]);
  new DataView(duration.buffer).setFloat64(3, ticks);
  kept.push(duration);
  const body = kept.reduce((n, part) => n + part.length, 0);
  const head = [0x15, 0x49, 0xa9, 0x66, 0x01, 0, 0, 0, 0, 0, 0, 0]; // the ID, an 8-byte size
  const out = new Uint8Array(bytes.length - (info.end - info.at) + head.length + body);
  out.set(bytes.subarray(0, info.at));
  out.set(head, info.at);
  writeUint(out, info.at + 5, 7, body);
  let at = info.at + head.length;
  for (const part of kept) {
    out.set(part, at);
    at += part.length;
  }
  out.set(bytes.subarray(info.end), at);
  const delta = at - info.end;
  // What points past the Info moves with it.
  const from = info.at - segment.start;
  for (const e of walk(out)) {
    if (!POSITIONS.has(e.id)) continue;
    const p = readUint(out, e.start, e.size);
    if (p > from && !writeUint(out, e.start, e.size, p + delta)) throw new Error('a position no longer fits');
  }
  if (segment.size !== null) {
    // A known size: the same width, the marker bit kept (all ones would mean "unknown").
    const size = segment.size + delta;
    const marker = 2 ** (7 * segment.sizeLen);
    if (size >= marker - 1) throw new Error('the Segment size no longer fits');
    writeUint(out, segment.sizeAt, segment.sizeLen, marker + size);
  }
  return out;
}
