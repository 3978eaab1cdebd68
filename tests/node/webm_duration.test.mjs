// The WebM duration patch (www/js/webm-duration.js) on synthetic files shaped as the
// browser's MediaRecorder writes them (a Segment of unknown size, Info without a
// Duration, Clusters of unknown size) and as a muxer with a SeekHead and sizes does.

import test from 'node:test';
import assert from 'node:assert/strict';
import { withDuration, lastFrameMs } from '../../www/js/webm-duration.js';

const bytes = (...parts) => Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));
/** An element: its ID bytes, a 1-byte size (or `size` bytes as given), its data. */
const el = (id, data, size = null) => [...id, ...(size || [0x80 | data.length]), ...data];
const UNKNOWN = [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
const EBML = el([0x1a, 0x45, 0xdf, 0xa3], el([0x42, 0x82], [...Buffer.from('webm')]));
const info = (scale = [0x0f, 0x42, 0x40], extra = []) =>
  el([0x15, 0x49, 0xa9, 0x66], [...el([0x2a, 0xd7, 0xb1], scale), ...el([0x4d, 0x80], [...Buffer.from('test')]), ...extra]);
const TRACKS = el([0x16, 0x54, 0xae, 0x6b], el([0xae], el([0xd7], [1])));
const block = (rel) => el([0xa3], [0x81, (rel >> 8) & 0xff, rel & 0xff, 0x80, 1, 2, 3]);
/** Two clusters at 0 and 1000 ticks; the last frame 500 ticks into the second. */
const CLUSTERS = [
  0x1f, 0x43, 0xb6, 0x75, ...UNKNOWN, ...el([0xe7], [0]), ...block(0), ...block(33),
  0x1f, 0x43, 0xb6, 0x75, ...UNKNOWN, ...el([0xe7], [0x03, 0xe8]), ...block(100), ...block(500),
];
const recorded = (infoEl = info()) => bytes(EBML, [0x18, 0x53, 0x80, 0x67, ...UNKNOWN], infoEl, TRACKS, CLUSTERS);

/** The Duration element's value (a float64 after 44 89 88), every one in the file. */
function durations(b) {
  const out = [];
  for (let i = 0; i + 11 <= b.length; i++) {
    if (b[i] === 0x44 && b[i + 1] === 0x89 && b[i + 2] === 0x88) out.push(Buffer.from(b.subarray(i + 3, i + 11)).readDoubleBE(0));
  }
  return out;
}

test('a recording without a duration gets the time of its last frame', () => {
  const file = recorded();
  assert.deepEqual(durations(file), []);
  assert.equal(lastFrameMs(file), 1500);
  const out = withDuration(file);
  assert.deepEqual(durations(out), [1500]);
  assert.equal(out.length, file.length + 11 + 7, 'the Duration, and the Info size on 8 bytes');
  // Everything after the Info is the same bytes.
  const infoLen = info().length;
  const infoAt = EBML.length + 12;
  assert.deepEqual(out.subarray(infoAt + infoLen + 18), file.subarray(infoAt + infoLen));
  // The new Info: its ID, an 8-byte size that covers its old children and the Duration.
  assert.deepEqual([...out.subarray(infoAt, infoAt + 5)], [0x15, 0x49, 0xa9, 0x66, 0x01]);
  assert.equal(Buffer.from(out.subarray(infoAt + 5, infoAt + 12)).readUIntBE(1, 6), infoLen - 5 + 11);
  assert.ok(Buffer.from(out).includes(Buffer.from('test')), 'the other Info children are kept');
});

test('a given duration, in the file\'s own ticks; an old Duration replaced, not repeated', () => {
  assert.deepEqual(durations(withDuration(recorded(), 2000)), [2000]);
  // TimecodeScale 100,000 ns: a tick is 0.1 ms.
  const fine = recorded(info([0x01, 0x86, 0xa0]));
  assert.equal(lastFrameMs(fine), 150);
  assert.deepEqual(durations(withDuration(fine, 2000)), [20000]);
  const twice = withDuration(withDuration(recorded(), 700), 900);
  assert.deepEqual(durations(twice), [900]);
  assert.equal(twice.length, withDuration(recorded(), 900).length);
  const old = recorded(info(undefined, el([0x44, 0x89], [0x40, 0x8f, 0x40, 0, 0, 0, 0, 0]))); // Duration 1000
  assert.deepEqual(durations(old), [1000]);
  assert.deepEqual(durations(withDuration(old)), [1500]);
});

test('a Segment of known size and a SeekHead: the size and the positions past the Info move', () => {
  // SeekHead (Seek: ID of Cluster, SeekPosition 2 bytes), then Info, Tracks, one Cluster of known size.
  const cluster = el([0x1f, 0x43, 0xb6, 0x75], [...el([0xe7], [0]), ...block(0), ...block(40)]);
  const seekHeadLen = 4 + 1 + 2 + 1 + (2 + 1 + 4) + (2 + 1 + 2); // ID, size, Seek (ID, size, SeekID, SeekPosition)
  const clusterPos = seekHeadLen + info().length + TRACKS.length;
  const seek = el([0x4d, 0xbb], [...el([0x53, 0xab], [0x1f, 0x43, 0xb6, 0x75]), ...el([0x53, 0xac], [clusterPos >> 8, clusterPos & 0xff])]);
  const seekHead = el([0x11, 0x4d, 0x9b, 0x74], seek);
  assert.equal(seekHead.length, seekHeadLen);
  const data = [...seekHead, ...info(), ...TRACKS, ...cluster];
  const file = bytes(EBML, [0x18, 0x53, 0x80, 0x67, 0x40 | (data.length >> 8), data.length & 0xff], data);
  const out = withDuration(file);
  assert.deepEqual(durations(out), [40]);
  const segStart = EBML.length + 6;
  assert.equal(((out[EBML.length + 4] & 0x3f) << 8) | out[EBML.length + 5], out.length - segStart, 'the Segment size');
  const p = out.indexOf(0xac, segStart) + 2; // SeekPosition's data (53 AC 82 ..)
  const pos = (out[p] << 8) | out[p + 1];
  assert.equal(pos, clusterPos + 18);
  assert.deepEqual([...out.subarray(segStart + pos, segStart + pos + 4)], [0x1f, 0x43, 0xb6, 0x75], 'the SeekPosition points at the Cluster');
});

test('what is not a WebM file is refused with a reason', () => {
  assert.throws(() => withDuration(new Uint8Array()), /no Segment/);
  assert.throws(() => withDuration(bytes([0x89], 'PNG\r\n\x1a\n')), /not a WebM file/);
  assert.throws(() => withDuration(bytes(EBML)), /no Segment/);
  assert.throws(() => withDuration(bytes(EBML, [0x18, 0x53, 0x80, 0x67, ...UNKNOWN], TRACKS)), /no Segment Info/);
  assert.throws(() => withDuration(bytes(EBML, [0x18, 0x53, 0x80, 0x67, ...UNKNOWN], info(), TRACKS)), /no frames/);
  const cut = recorded();
  assert.throws(() => withDuration(cut.subarray(0, EBML.length + 16)), /not a WebM file/);
});
