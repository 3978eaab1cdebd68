// Lectures and slides: an embed link in a small iframe shows only the board and a
// compact control bar and is driven with a presenter's PageDown / PageUp; B blacks the
// screen out; the board saves as a PNG.

import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useBrowser, pageOpener, loadText, b64url, startSolve, tab, idle, moves } from './harness.mjs';

const TC07 = '8 7\n#######\n#*#*#*#\n##***##\n#*****#\n##*P*##\n#*****#\n#*#*#*#\n#######\n';

const env = useBrowser();
const open = pageOpener(env);

/** A page on TC07 solved with A* (the plan and its search replay on the Solve tab). */
async function solvedWithAstar() {
  const opened = await open('#game=pengu');
  const { page } = opened;
  await loadText(page, TC07);
  await startSolve(page, 'astar');
  await page.waitForSelector('#outcome', { timeout: 60000 });
  return opened;
}

test('an embed link in a small iframe: the board and a control bar, driven with PageDown and PageUp', async () => {
  const { page, context, errors } = await open('#game=pengu');
  const link = `${env.server.url}#game=pengu&level=${b64url(TC07)}&tab=solve&s.algo=bfs&s.solved=1&s.trace=0&embed=1`;
  await page.setContent(`<!doctype html><body style="margin:0"><iframe id="slide" src="${link}" width="480" height="320" style="border:0"></iframe></body>`);
  const frame = await (await page.waitForSelector('#slide')).contentFrame();
  await frame.waitForSelector('body[data-ready="true"]');
  await frame.waitForFunction(() => /^0 \/ \d+$/.test(document.querySelector('#embed-pos').textContent));
  // Only the board and the bar: no header, no side panel, the board inside the iframe.
  assert.equal(await frame.isHidden('header'), true);
  assert.equal(await frame.isHidden('.side'), true);
  assert.equal(await frame.isVisible('#embed-bar'), true);
  const box = await frame.locator('#board').boundingBox();
  assert.ok(box.width > 100 && box.x + box.width <= 481 && box.y + box.height <= 321, JSON.stringify(box));
  const total = Number((await frame.textContent('#embed-pos')).split(' / ')[1]);
  assert.ok(total > 10, 'the search replay of the BFS run');
  // A presenter's clicker: PageDown steps the search replay on, PageUp back.
  await frame.locator('#board').focus();
  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageDown');
  await frame.waitForFunction(() => document.querySelector('#embed-pos').textContent.startsWith('2 / '));
  await page.keyboard.press('PageUp');
  await frame.waitForFunction(() => document.querySelector('#embed-pos').textContent.startsWith('1 / '));
  assert.match(await frame.textContent('#trace-info'), /^Expansion 1 of /);
  // The bar's own buttons do the same.
  await frame.click('#embed-step');
  await frame.waitForFunction(() => document.querySelector('#embed-pos').textContent.startsWith('2 / '));
  // The embed view stays in the link.
  assert.match(await frame.evaluate(() => location.hash), /(^#|&)embed=1(&|$)/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('presenting: B blacks the screen out and B brings it back; PageDown steps the plan', async () => {
  const { page, context, errors } = await solvedWithAstar();
  await page.locator('#board').focus();
  await page.keyboard.press('.');
  await page.waitForFunction(() => document.body.classList.contains('presenting'));
  await page.keyboard.press('b');
  assert.equal(await page.isVisible('#blackout'), true);
  await page.keyboard.press('b');
  assert.equal(await page.isVisible('#blackout'), false);
  // With the heat-map off, PageDown steps the plan.
  await page.click('#heatmap-toggle');
  await page.locator('#board').focus();
  await page.keyboard.press('PageDown');
  await page.waitForFunction(() => window.gridlab.moves().length === 1);
  await page.keyboard.press('PageUp');
  await page.waitForFunction(() => window.gridlab.moves().length === 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the board saves as a PNG image', async () => {
  const { page, context, errors } = await open('#game=rogue');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-png')]);
  assert.match(download.suggestedFilename(), /^gridlab-rogue-.*\.png$/);
  const bytes = readFileSync(await download.path());
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'the PNG signature');
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const board = await page.evaluate(() => [document.querySelector('#board').width, document.querySelector('#board').height]);
  assert.deepEqual([width, height], board, 'the image is the board canvas');
  assert.deepEqual(errors, []);
  await context.close();
});

/** The blocks (frames) of a WebM file: its EBML elements walked, Segment and Cluster entered. */
function webmBlocks(bytes) {
  const vint = (at, keepMarker) => {
    const first = bytes[at];
    let len = 1;
    while (len <= 8 && !(first & (0x80 >> (len - 1)))) len++;
    let value = keepMarker ? first : first & (0xff >> len);
    let unknown = value === (0xff >> len);
    for (let i = 1; i < len; i++) {
      value = value * 256 + bytes[at + i];
      unknown = unknown && bytes[at + i] === 0xff;
    }
    return { value, len, unknown };
  };
  const CONTAINERS = new Set([0x18538067, 0x1f43b675]); // Segment, Cluster
  let blocks = 0;
  let at = 0;
  while (at < bytes.length - 2) {
    const id = vint(at, true);
    const size = vint(at + id.len, false);
    at += id.len + size.len;
    if (id.value === 0xa3 || id.value === 0xa0) blocks++; // SimpleBlock, BlockGroup
    if (!CONTAINERS.has(id.value)) at += size.unknown ? 0 : size.value;
  }
  return blocks;
}

/** A downloaded WebM loaded in a <video> of the page: its duration (seconds, as text: "Infinity" when the file has none). */
async function videoDuration(page, bytes) {
  return page.evaluate(async (b64) => {
    const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const video = document.createElement('video');
    video.muted = true;
    video.preload = 'metadata';
    const loaded = new Promise((resolve, reject) => {
      video.onloadedmetadata = resolve;
      video.onerror = () => reject(new Error(`the video does not load: ${video.error && video.error.message}`));
    });
    video.src = URL.createObjectURL(new Blob([data], { type: 'video/webm' }));
    await loaded;
    return String(video.duration);
  }, bytes.toString('base64'));
}

/** Click `button` and read the file it downloads: {name, bytes}. */
async function downloaded(page, button, timeout = 120000) {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout }), page.click(button)]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

/** The frames of a GIF: its graphic control extensions. */
const gifFrames = (bytes) => bytes.toString('latin1').split('\x21\xf9\x04').length - 1;

test('a plan exports as an animated GIF and as a WebM video (with its duration), each of several frames', async () => {
  const { page, context, errors } = await solvedWithAstar();
  await page.click('#heatmap-toggle'); // the plan, not the search replay
  const planLength = (await page.evaluate(() => window.gridlab.plan())).length;
  assert.ok(planLength >= 3);
  const [gif] = await Promise.all([page.waitForEvent('download', { timeout: 60000 }), page.click('#save-gif')]);
  assert.match(gif.suggestedFilename(), /^gridlab-pengu-.*\.gif$/);
  const g = readFileSync(await gif.path());
  assert.equal(g.subarray(0, 6).toString('latin1'), 'GIF89a');
  const frames = g.toString('latin1').split('\x21\xf9\x04').length - 1; // graphic control extensions
  assert.equal(frames, planLength + 1, 'one frame a position of the plan');
  assert.equal(await page.evaluate(() => window.gridlab.moves()), '', 'the position shown before is back');
  const [webm] = await Promise.all([page.waitForEvent('download', { timeout: 120000 }), page.click('#save-webm')]);
  assert.match(webm.suggestedFilename(), /\.webm$/);
  const v = readFileSync(await webm.path());
  assert.deepEqual([...v.subarray(0, 4)], [0x1a, 0x45, 0xdf, 0xa3], 'the EBML header');
  assert.ok(v.includes(Buffer.from('webm')), 'the WebM doctype');
  assert.ok(webmBlocks(v) > 1, `more than one frame (${webmBlocks(v)})`);
  // The video says how long it is (its duration is written into the file): the plan at
  // 4 moves a second after a lead-in, at least the time from its first move to its last.
  const seconds = Number(await videoDuration(page, v));
  assert.ok(Number.isFinite(seconds), `a finite duration (${seconds})`);
  assert.ok(seconds >= (planLength - 1) / 4 && seconds < planLength / 4 + 30, `${seconds} s for ${planLength} moves`);
  assert.equal(await page.evaluate(() => window.gridlab.moves()), '', 'the position shown before is back');
  assert.deepEqual(errors, []);
  await context.close();
});

test('moves played by hand on Pengu\'s Play tab export as a GIF of those moves, though a plan is solved', async () => {
  const { page, context, errors } = await solvedWithAstar();
  const plan = await page.evaluate(() => window.gridlab.plan());
  assert.notEqual(plan.length, 3);
  await tab(page, 'play');
  await page.locator('#board').focus();
  for (const d of '628') {
    await page.keyboard.press(d);
    await idle(page);
  }
  assert.equal(await moves(page), '628');
  let gif = await downloaded(page, '#save-gif');
  assert.match(gif.name, /^gridlab-pengu-.*\.gif$/);
  assert.equal(gifFrames(gif.bytes), 4, 'the start and the three moves played');
  assert.equal(await moves(page), '628', 'the position shown before is back');
  // After an undo: the moves up to the one shown; the undone move stays on the redo line.
  await page.locator('#board').focus();
  await page.keyboard.press('Backspace');
  assert.equal(await moves(page), '62');
  gif = await downloaded(page, '#save-gif');
  assert.equal(gifFrames(gif.bytes), 3);
  assert.equal(await moves(page), '62');
  await page.locator('#board').focus();
  await page.keyboard.press('Control+y');
  await idle(page);
  assert.equal(await moves(page), '628', 'the redo line is kept');
  // The presenter's keys step the same line.
  await page.keyboard.press('PageUp');
  await page.keyboard.press('PageUp');
  assert.equal(await moves(page), '6');
  await page.keyboard.press('PageDown');
  await page.waitForFunction(() => window.gridlab.moves() === '62');
  assert.deepEqual(errors, []);
  await context.close();
});

test('actions played by hand on Act-Man\'s Play tab export as a GIF and a WebM of those actions', async () => {
  const { page, context, errors } = await open('#game=actman');
  await page.waitForFunction(() => window.gridlab.game === 'actman');
  await page.locator('#board').focus();
  // Three legal steps, each the first direction digit the engine allows.
  for (let i = 0; i < 3; i++) {
    const d = await page.evaluate(() => window.gridlab.view().legal.replace(/[^1-46-9]/g, '')[0]);
    await page.keyboard.press(d);
    await idle(page);
  }
  const played = await moves(page);
  assert.equal(played.length, 3);
  const gif = await downloaded(page, '#save-gif');
  assert.match(gif.name, /^gridlab-actman-.*\.gif$/);
  assert.equal(gifFrames(gif.bytes), 4);
  assert.equal(await moves(page), played);
  const webm = await downloaded(page, '#save-webm');
  assert.match(webm.name, /^gridlab-actman-.*\.webm$/);
  assert.ok(webmBlocks(webm.bytes) > 1);
  assert.ok(Number.isFinite(Number(await videoDuration(page, webm.bytes))));
  assert.equal(await moves(page), played, 'the position shown before is back');
  assert.deepEqual(errors, []);
  await context.close();
});
