// Pengu's toolbar, status bar, Play panel, end-of-game banner and help text (on the
// shared scaffolding of ../game-ui.js).

import { h, button, copyText } from '../../ui.js';
import { GameUi, NAME, plural, chip, setChip, keyTable, commonKeyRows } from '../../game-ui.js';

/** @extends {GameUi<import('./pengu.js').PenguGame>} */
export class PenguUi extends GameUi {
  get planKind() {
    return 'goal';
  }

  levelSummary(v) {
    return `${v.totalFish} fish`;
  }

  buildToolbar() {
    this.setToolbar('Level', 'move');
  }

  buildStatus() {
    this.score = chip('score', 'Score');
    this.fish = chip('fish-left', 'Fish left');
    this.count = chip('move-count', 'Moves');
    this.setStatusBar([this.score, this.fish, this.count],
      { label: 'Move string', title: 'Move string (course format)', copyTitle: 'Copy the move string', copyWhat: 'Move string' });
  }

  buildPlayPanel() {
    this.shell.panels.play.replaceChildren(
      h('h3', {}, 'Move'),
      h('p.muted', {}, 'Click or tap any cell in a direction from Pengu, swipe, or use the keys.'),
      this.directionPad({ label: 'Directions', hero: 'P', verb: 'Slide' }),
      h('h3', {}, 'Level'),
      this.levelInfo = h('p.muted#level-info'),
      this.legend(['P', ' ', '0', '*', '#', 'U', 'S']),
      ...this.outputSection(),
    );
  }

  update() {
    const v = this.game.view;
    if (!v) return;
    setChip(this.score, v.score);
    setChip(this.fish, `${v.fishLeft} / ${v.totalFish}`);
    setChip(this.count, v.moves.length);
    const label = { playing: 'Playing', victory: 'Victory', dead: 'Dead' }[v.status] || v.status;
    this.statusPill.textContent = label;
    this.statusPill.dataset.status = v.status;
    this.updateCommon(v);
    this.updateBanner();
  }

  bannerContent(kind, v) {
    const g = this.game;
    return {
      title: { victory: 'Victory!', dead: 'Pengu died', goal: 'Goal met' }[kind],
      sub: {
        victory: `All ${v.totalFish} fish eaten in ${plural(v.moves.length, 'move')}.`,
        dead: `Eaten by a ${deathCause(g)} after ${plural(v.moves.length, 'move')}.`,
        goal: g.planNote,
      }[kind],
      stats: [['Score', v.score], ['Moves', v.moves.length]],
      extra: [h('code.banner-moves', {}, v.moves)],
      buttons: [button('.btn.primary#banner-copy', { icon: 'copy', label: 'Copy output', onclick: () => copyText(v.output, 'Output') })],
      undo: kind === 'dead',
    };
  }

  illegalText(digit) {
    return `slide ${NAME[digit] || digit}`;
  }

  helpContent() {
    return [
      keyTable(commonKeyRows({ verb: 'Slide', move: 'a move', level: 'level', page: { searchDebugger: true } })),
      h('p', {}, 'Mouse and touch: click or tap a cell in one of the eight directions from Pengu (any distance; other cells pick the nearest direction), or swipe. In the Edit tab, click or drag to paint with the chosen tile; the right button paints ice.'),
      h('p.muted', {}, 'The level text, the moves and the plan all use the course formats; every rule comes from the Rust engine compiled to WebAssembly.'),
    ];
  }
}

function deathCause(g) {
  const v = g.view;
  const sym = g.session.level_tiles()[v.pengu.row * v.cols + v.pengu.col];
  return sym === 'U' ? 'bear' : sym === 'S' ? 'shark' : 'hazard';
}
