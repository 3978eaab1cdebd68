// Autosave in localStorage (silently does nothing when storage is unavailable).

const PREFIX = 'gridlab.v1.';

/** What is stored under `key`, or null (nothing, or not JSON). */
export function load(key) {
  return read(key).value;
}

/** What is stored under `key`: `{value}` (null when nothing is), or `{value: null,
 *  damaged}` when it is not JSON. */
export function read(key) {
  let raw;
  try {
    raw = localStorage.getItem(PREFIX + key);
  } catch {
    return { value: null };
  }
  if (!raw) return { value: null };
  try {
    return { value: JSON.parse(raw) };
  } catch {
    return { value: null, damaged: 'it is not JSON' };
  }
}

export function save(key, value) {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function remove(key) {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    /* ignore */
  }
}

/** A saver that writes at most every `ms` milliseconds (the last value wins). */
export function debouncedSaver(key, ms = 250) {
  let timer = 0;
  let pending = null;
  const flush = () => {
    timer = 0;
    if (pending !== null) save(key, pending);
    pending = null;
  };
  addEventListener('pagehide', flush);
  return {
    save(value) {
      pending = value;
      if (!timer) timer = setTimeout(flush, ms);
    },
    flush,
  };
}
