// A game's level collection served at levels/<game>/ (by `gridlab serve`): an
// index.json of {file, name, group} entries and the level files it names.

/**
 * Fetch levels/<game>/index.json and every level it lists. Returns entries
 * {id: 'collection:<file>', name, group, source, text} in index order; an unreachable
 * or malformed collection (e.g. a static server without /levels/) gives [].
 */
export async function fetchCollection(game) {
  const base = new URL(`levels/${game}/`, document.baseURI);
  let index;
  try {
    const response = await fetch(new URL('index.json', base));
    if (!response.ok) return [];
    index = await response.json();
  } catch {
    return [];
  }
  if (!Array.isArray(index)) return [];
  const added = [];
  await Promise.all(index.map(async (entry, i) => {
    if (!entry || typeof entry.file !== 'string') return;
    try {
      const response = await fetch(new URL(entry.file, base));
      if (!response.ok) return;
      added[i] = {
        id: `collection:${entry.file}`,
        name: entry.name || entry.file,
        group: entry.group || 'Collection',
        source: `levels/${game}/${entry.file}`,
        text: await response.text(),
      };
    } catch {
      /* a level that cannot be fetched is left out */
    }
  }));
  return added.filter(Boolean);
}

const normText = (t) => t.replace(/[ \t]+$/gm, '').replace(/\r/g, '').trimEnd();

/**
 * A game's level catalog: its bundled levels (so the first visit works offline) and,
 * once loadCollection() has run, the collection of levels/<game>/ (without the copies
 * of bundled levels when `skipBundledCopies` is set).
 */
export function levelCatalog(game, bundled, defaultLevelId, { skipBundledCopies = false } = {}) {
  const levels = [...bundled];
  const bundledTexts = new Set(bundled.map((l) => normText(l.text)));
  let collection = null;
  const levelById = (id) => levels.find((l) => l.id === id) || null;
  return {
    levels,
    defaultLevelId,
    levelById,
    defaultLevel: () => levelById(defaultLevelId),
    /** The known level whose text is `text` (ignoring trailing spaces), if any. */
    levelByText(text) {
      const n = normText(text);
      return levels.find((l) => normText(l.text) === n) || null;
    },
    /** Fetch the collection once, adding it to `levels`; resolves to its entries. */
    loadCollection() {
      if (!collection) {
        collection = fetchCollection(game).then((entries) => {
          // With skipBundledCopies, a collection entry with a bundled level's text is
          // left out (the picker shows each level once).
          const fresh = skipBundledCopies ? entries.filter((l) => !bundledTexts.has(normText(l.text))) : entries;
          levels.push(...fresh);
          return fresh;
        });
      }
      return collection;
    },
  };
}
