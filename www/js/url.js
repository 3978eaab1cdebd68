// Sharing through the URL hash: `#game=pengu&level=<base64url>&moves=<actions>&…`.
// When the browser can compress (CompressionStream), the level goes in `lz=` instead
// (deflate-raw, then base64url) if that is shorter. Both forms are read. Every other
// parameter is the view (tab, algorithm, players, seed, overlays, …): a flat
// {key: string} object that the shell and the game write and read back whole.

/** Characters of encoded level (the `lz=` or `level=` value) a link holds. */
export const MAX_HASH_LEVEL = 60000;
/** Bytes of level text (UTF-8) a link holds once decoded (a deflated level stops there). */
export const MAX_LINK_LEVEL = 1000000;
/** Characters of moves a link holds (longer lines are left out of the page's links). */
export const MAX_LINK_MOVES = 500000;
/** Characters a link's hash may have: the level, the moves and the view. */
export const MAX_HASH = 1000000;

const tooLarge = (what, game) => ({ message: `this link is too large: ${what}`, tooLarge: true, game });
const count = (n) => n.toLocaleString('en-US');

export function toBase64Url(bytes) {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(s) {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '==='.slice((b64.length + 3) % 4));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export const decodeText = (s) => new TextDecoder().decode(fromBase64Url(s));

async function pipe(bytes, stream) {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

/** Deflate `bytes` (deflate-raw) as base64url; null where the browser cannot. */
export async function compress(bytes) {
  if (typeof CompressionStream === 'undefined') return null;
  try {
    return toBase64Url(await pipe(bytes, new CompressionStream('deflate-raw')));
  } catch {
    return null;
  }
}

/**
 * Inflate a deflated level, stopping as soon as it passes `MAX_LINK_LEVEL` bytes (a
 * small link can inflate to gigabytes): throws `{message, tooLarge}` then.
 */
export async function decompress(s) {
  const stream = new Blob([fromBase64Url(s)]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  const reader = stream.getReader();
  const chunks = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > MAX_LINK_LEVEL) {
      reader.cancel().catch(() => {});
      throw tooLarge(`its level inflates to more than ${count(MAX_LINK_LEVEL)} bytes`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  return new TextDecoder().decode(bytes);
}

const RESERVED = new Set(['game', 'lz', 'level', 'moves']);

/** Build the hash (without '#') for a game, a level text, a move string and a view. */
export async function buildHash({ game, level, moves, view }) {
  const params = [['game', game]];
  const bytes = level != null ? new TextEncoder().encode(level) : null;
  if (bytes && bytes.length <= MAX_LINK_LEVEL) {
    const plain = toBase64Url(bytes);
    const packed = await compress(bytes);
    if (packed && packed.length < plain.length) {
      if (packed.length <= MAX_HASH_LEVEL) params.push(['lz', packed]);
    } else if (plain.length <= MAX_HASH_LEVEL) {
      params.push(['level', plain]);
    }
  }
  if (moves && moves.length <= MAX_LINK_MOVES) params.push(['moves', moves]);
  for (const [k, v] of Object.entries(view || {})) {
    if (v != null && v !== '' && !RESERVED.has(k)) params.push([encodeURIComponent(k), encodeURIComponent(String(v))]);
  }
  return params.map(([k, v]) => `${k}=${v}`).join('&');
}

/** Whether a built hash carries the level (false when it was too large). */
export const hashHasLevel = (hash) => /(^|&)(lz|level)=/.test(hash);

/** Read a hash: `{game, level, moves, view}` (fields missing when absent) or null. Throws
 *  `{message, game}` when the level is there but cannot be decoded, and `{message,
 *  tooLarge, game}` past the limits above (checked before anything is decoded, and
 *  while inflating); `game` is the link's game when it was read. */
export async function parseHash(hash) {
  const h = String(hash || '').replace(/^#/, '');
  if (!h) return null;
  if (h.length > MAX_HASH) throw tooLarge(`${count(h.length)} characters (at most ${count(MAX_HASH)})`);
  const params = new URLSearchParams(h.replace(/\+/g, '%2B'));
  const out = {};
  if (params.has('game')) out.game = params.get('game');
  const packed = params.get('lz') ?? params.get('level');
  if (packed != null && packed.length > MAX_HASH_LEVEL) {
    throw tooLarge(`its level has ${count(packed.length)} characters (at most ${count(MAX_HASH_LEVEL)})`, out.game);
  }
  try {
    if (params.has('lz')) out.level = await decompress(params.get('lz'));
    else if (params.has('level')) out.level = decodeText(params.get('level'));
  } catch (err) {
    if (err && err.tooLarge) throw { ...err, game: out.game };
    throw { message: 'the level in this link is damaged (cannot decode it)', game: out.game };
  }
  if (params.has('moves') && params.get('moves').length > MAX_LINK_MOVES) {
    throw tooLarge(`its moves have more than ${count(MAX_LINK_MOVES)} characters`, out.game);
  }
  if (params.has('moves')) out.moves = params.get('moves').replace(/[^1-9A-Za-z]/g, ''); // digits; N S E W shots
  const view = {};
  for (const [k, v] of params) if (!RESERVED.has(k)) view[k] = v;
  if (Object.keys(view).length) out.view = view;
  return Object.keys(out).length ? out : null;
}

/** Replace the hash without adding a history entry (no hashchange event). */
export function replaceHash(hash) {
  const url = `${location.pathname}${location.search}${hash ? '#' + hash : ''}`;
  history.replaceState(history.state, '', url);
}
