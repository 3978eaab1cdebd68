// Pengu levels (the course text format): a few bundled here so that the first visit
// works offline, and the whole collection of levels/pengu/ (served by `gridlab serve`
// at /levels/) added by loadCollection().

import { fetchCollection } from '../collection.js';

export const levels = [
  {
    id: 'tutorial',
    name: 'Tutorial (5×8)',
    source: 'gridlab: slides stop at walls and on snow; sharks and bears are deadly',
    text: '5 8\n########\n#P  * 0#\n#  #   #\n#*  S *#\n########\n',
  },
  {
    id: 'a1-7x6',
    name: 'A1 field (7×6)',
    source: 'CS 5400 A1 grading input (Vinay9427/CS5400)',
    text: '7 6 \n######\n#U0 S#\n#* 0##\n#P  *#\n#0 #0#\n#*#U*#\n######\n',
  },
  {
    id: 'a3-6x20',
    name: 'A3 field (6×20)',
    source: 'CS 5400 A3 grading input (Vinay9427/CS5400)',
    text:
      '6 20\n####################\n# * S# ** S # U  #*#\n#*U*U*U   P  S*U*#*#\n' +
      '#0  ***0UUUUU0S *#*#\n#S**SS* *****0*S   #\n####################\n',
  },
  {
    id: 'tc07-8x7',
    name: 'Diamond (8×7)',
    source: 'student test case 07 (rajasekhar02/ai-ha-pengu)',
    text: '8 7\n#######\n#*#*#*#\n##***##\n#*****#\n##*P*##\n#*****#\n#*#*#*#\n#######\n',
  },
  {
    id: 'tc14-20x20',
    name: 'Big room (20×20)',
    source: 'student test case 14 (rajasekhar02/ai-ha-pengu)',
    text:
      '20 20\n####################\n### # ** SSU # # ###\n#######       ##  ##\n' +
      '#**      #    #   ##\n#    #     ###  ####\n#SS   UUU ####  ## #\n' +
      '#                  #\n#                  #\n#                  #\n' +
      '#******************#\n#   #   #      #   #\n#                  #\n' +
      '#                  #\n#                  #\n#                  #\n' +
      '#                  #\n#                  #\n#             P    #\n' +
      '#                  #\n####################\n',
  },
];

export const defaultLevelId = 'a1-7x6';

export function levelById(id) {
  return levels.find((l) => l.id === id) || null;
}

/** The bundled level whose text is `text` (ignoring trailing spaces), if any. */
export function levelByText(text) {
  const norm = (t) => t.replace(/[ \t]+$/gm, '').replace(/\r/g, '').trimEnd();
  const n = norm(text);
  return levels.find((l) => norm(l.text) === n) || null;
}

let collection = null;

/**
 * Fetch levels/pengu/index.json and every level it lists, and add them to `levels`
 * (group = the index's group), once. Resolves to the collection's entries; an
 * unreachable collection (e.g. a static server without /levels/) adds nothing.
 */
export function loadCollection() {
  if (!collection) {
    collection = fetchCollection('pengu').then((fresh) => {
      levels.push(...fresh);
      return fresh;
    });
  }
  return collection;
}
