// Sharing through the URL hash: `#game=pengu&level=<base64url>&moves=<actions>&…`.
// When the browser can compress (CompressionStream), the level goes in `lz=` instead
// (deflate-raw, then base64url) if that is shorter. Both forms are read. Every other
// parameter is the view (tab, algorithm, players, seed, overlays, …): a flat
// {key: string} object that the shell and the game write and read back whole.

const MAX_HASH_LEVEL = 60000; // characters of encoded level kept in the URL

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

export const encodeText = (text) => toBase64Url(new TextEncoder().encode(text));
export const decodeText = (s) => new TextDecoder().decode(fromBase64Url(s));

async function pipe(bytes, stream) {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

async function compress(text) {
  if (typeof CompressionStream === 'undefined') return null;
  try {
    return toBase64Url(await pipe(new TextEncoder().encode(text), new CompressionStream('deflate-raw')));
  } catch {
    return null;
  }
}

async function decompress(s) {
  const bytes = await pipe(fromBase64Url(s), new DecompressionStream('deflate-raw'));
  return new TextDecoder().decode(bytes);
}

const RESERVED = new Set(['game', 'lz', 'level', 'moves']);

/** Build the hash (without '#') for a game, a level text, a move string and a view. */
export async function buildHash({ game, level, moves, view }) {
  const params = [['game', game]];
  if (level != null) {
    const plain = encodeText(level);
    const packed = await compress(level);
    if (packed && packed.length < plain.length) {
      if (packed.length <= MAX_HASH_LEVEL) params.push(['lz', packed]);
    } else if (plain.length <= MAX_HASH_LEVEL) {
      params.push(['level', plain]);
    }
  }
  if (moves) params.push(['moves', moves]);
  for (const [k, v] of Object.entries(view || {})) {
    if (v != null && v !== '' && !RESERVED.has(k)) params.push([encodeURIComponent(k), encodeURIComponent(String(v))]);
  }
  return params.map(([k, v]) => `${k}=${v}`).join('&');
}

/** Whether a built hash carries the level (false when it was too large). */
export const hashHasLevel = (hash) => /(^|&)(lz|level)=/.test(hash);

/** Read a hash: `{game, level, moves, view}` (fields missing when absent) or null. Throws
 *  `{message}` when the level is there but cannot be decoded. */
export async function parseHash(hash) {
  const h = (hash || '').replace(/^#/, '');
  if (!h) return null;
  const params = new URLSearchParams(h.replace(/\+/g, '%2B'));
  const out = {};
  if (params.has('game')) out.game = params.get('game');
  try {
    if (params.has('lz')) out.level = await decompress(params.get('lz'));
    else if (params.has('level')) out.level = decodeText(params.get('level'));
  } catch {
    throw { message: 'the level in this link is damaged (cannot decode it)' };
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
