// Act-Man II dungeons (the course text format): a few bundled here so that the first
// visit works offline, and the collection of levels/actman/ (served by `gridlab serve`
// at /levels/) added by loadCollection() when it is there.

import { levelCatalog } from '../../collection.js';

const bundled = [
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

export const catalog = levelCatalog('actman', bundled, 'dungeon0');
export const { levels, defaultLevelId, levelById, levelByText, loadCollection } = catalog;
