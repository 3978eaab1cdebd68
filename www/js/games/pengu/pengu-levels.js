// Pengu levels (the course text format): a few bundled here so that the first visit
// works offline, and the whole collection of levels/pengu/ (served by `gridlab serve`
// at /levels/) added by loadCollection().

import { levelCatalog } from '../../collection.js';

const bundled = [
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

export const catalog = levelCatalog('pengu', bundled, 'a1-7x6');
export const { levels, defaultLevelId, levelById, levelByText, loadCollection } = catalog;
