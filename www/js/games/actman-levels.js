// Act-Man II dungeons (the course text format): a few bundled here so that the first
// visit works offline, and the collection of levels/actman/ (served by `gridlab serve`
// at /levels/) added by loadCollection() when it is there.

import { fetchCollection } from '../collection.js';

export const levels = [
  {
    id: 'dungeon0',
    name: 'Course dungeon 0 (5×11)',
    source: 'CS 5400 HW2 sample (ajc3xc/CS5400-HW2): 86E wins with 38 points',
    text: '5 11\n###########\n#   #  @ G#\n#A#     # #\n#   #D    #\n###########\n',
  },
  {
    id: 'dungeon1',
    name: 'Course dungeon 1 (5×11)',
    source: 'CS 5400 HW2 sample (ajc3xc/CS5400-HW2)',
    text: '5 11\n###########\n# A #D @G #\n# #     # #\n#   #     #\n###########\n',
  },
  {
    id: 'collision',
    name: 'Collision course (7×9)',
    source: 'gridlab: lure the ogre and the demon into each other (no shot needed)',
    text: '7 9\n#########\n#G     D#\n#       #\n#   A   #\n#       #\n#       #\n#########\n',
  },
  {
    id: 'corpse-alley',
    name: 'Corpse alley (7×12)',
    source: 'gridlab: fewest turns needs the shot; the best score leads both monsters onto corpses',
    text: '7 12\n############\n#A         #\n# ## @  ## #\n#    #     #\n# ## @  ## #\n#G        D#\n############\n',
  },
  {
    id: 'keep',
    name: 'The keep (9×13)',
    source: 'gridlab: no victory within 7 or 10 turns; 12 turns with a 50-turn limit',
    text:
      '9 13\n#############\n#A    #     #\n# ### # ### #\n# #       # #\n# # ##### # #\n' +
      '# #   G   # #\n# ####### # #\n#    D    @ #\n#############\n',
  },
];

export const defaultLevelId = 'dungeon0';

export function levelById(id) {
  return levels.find((l) => l.id === id) || null;
}

const norm = (t) => t.replace(/[ \t]+$/gm, '').replace(/\r/g, '').trimEnd();

/** The known dungeon whose text is `text` (ignoring trailing spaces), if any. */
export function levelByText(text) {
  const n = norm(text);
  return levels.find((l) => norm(l.text) === n) || null;
}

let collection = null;

/**
 * Fetch levels/actman/index.json and the dungeons it lists, once, adding them to
 * `levels`. Resolves to the collection's entries ([] when there is none).
 */
export function loadCollection() {
  if (!collection) {
    collection = fetchCollection('actman').then((fresh) => {
      levels.push(...fresh);
      return fresh;
    });
  }
  return collection;
}
