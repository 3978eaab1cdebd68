// GPac maps (the course format: `W H`, then H rows of `#` wall / `~` open, top row
// first): course map 00 bundled (so that the first visit works offline), and the 100
// maps of the course's fall 2022 series 2 from levels/gpac/index.json (served by
// `gridlab serve` at /levels/), added by loadCollection() when they are there. A
// collection entry with the text of a bundled map is left out of the picker.

import { levelCatalog } from '../../collection.js';

const bundled = [
  {
    id: 'map00',
    name: 'Course map 00',
    source: 'the course framework (fall 2022 series 2), levels/gpac/course/map00.txt',
    text: '35 20\n~~~~~~~~~~~~~~~~###~~~~~~~~~~~~~~~~\n~###~##~#~###~#~###~#~###~#~##~###~\n~###~~~~~~###~#~###~#~###~~~~~~###~\n~~~~~########~#~~~~~#~########~~~~~\n~##~#########~#~###~#~#########~##~\n~~~~~########~#~###~#~########~~~~~\n~###~~~~#####~#~###~#~#####~~~~###~\n~#~~~##~#####~~~~~~~~~#####~##~~~#~\n~#~####~#####~##~#~##~#####~####~#~\n~#~####~~~~~~~~~~#~~~~~~~~~~####~#~\n~~~#########~###~#~###~#########~~~\n#~##########~###~#~###~##########~#\n#~##########~###~#~###~##########~#\n#~##########~~~~~#~~~~~##########~#\n#~#############~~~~~#############~#\n~~~############~###~############~~~\n~#~############~###~############~#~\n~#~~~#~~~######~###~######~~~#~~~#~\n~###~#~#~~~~~##~###~##~~~~~#~#~###~\n~~~~~~~~~###~~~~~~~~~~~###~~~~~~~~~',
  },
];

export const catalog = levelCatalog('gpac', bundled, 'map00', { skipBundledCopies: true });
