/**
 * Linking by a QR code read by the camera (issue #17): the writer's offer, drawn as a QR code, is
 * what the second device's camera sees (Chromium's fake camera, fed a video file of that QR code);
 * the link screen reads it (jsQR: headless Chromium on Linux has no BarcodeDetector), answers, and
 * the two devices link. Two browsers (two devices), no server between them.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { generate } from 'lean-qr';
import { collectErrors, launch as launchChromium, NO_CHROMIUM, NO_MDNS, requireServer, setupOnce } from './helpers';
import { waitForApp } from './helpers';

const baseUrl = inject('baseUrl');
const setupError = inject('e2eSetupError');

/** A one-frame Y4M video (640×480, 4:2:0) of a QR code of `text`, black on white. */
function qrVideo(text: string): Buffer {
  const W = 640,
    H = 480;
  const code = generate(text);
  const scale = Math.floor((H - 20) / (code.size + 8));
  const left = Math.floor((W - code.size * scale) / 2),
    top = Math.floor((H - code.size * scale) / 2);
  const y = Buffer.alloc(W * H, 235);
  for (let py = 0; py < code.size * scale; py++)
    for (let px = 0; px < code.size * scale; px++)
      if (code.get(Math.floor(px / scale), Math.floor(py / scale))) y[(top + py) * W + left + px] = 16;
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F1:1 Ip A1:1 C420jpeg\nFRAME\n`), y, chroma]);
}

describe.skipIf(NO_CHROMIUM)('linking by a QR code seen by the camera', () => {
  const browsers: Browser[] = [];
  let dir = '';
  const launch = (args: string[] = []) => launchChromium([NO_MDNS, ...args]);
  setupOnce(async () => {
    requireServer(baseUrl, setupError);
    dir = await mkdtemp(join(tmpdir(), 'wc-link-qr-'));
  });
  afterAll(async () => {
    for (const b of browsers) await b.close().catch(() => undefined);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('the second device scans the offer with its camera, answers, and the devices link', async () => {
    const a = await launch();
    browsers.push(a);
    const writer = await (await a.newContext()).newPage();
    const errors = collectErrors(writer);
    await writer.goto(baseUrl + '#/game/breakout');
    await waitForApp(writer);
    await writer.locator('wc-game-page form').first().getByRole('button', { name: 'Start a new game' }).click();
    await writer.waitForURL(/#\/session\//);
    // The header's link button names the open game once it has loaded.
    await writer.getByRole('tab', { name: 'Dice' }).waitFor();
    await writer.getByTestId('link-open').click();
    await writer.getByTestId('link-add').click();
    const offer = await writer.getByTestId('link-offer').inputValue({ timeout: 20_000 });

    const video = join(dir, 'offer.y4m');
    await writeFile(video, qrVideo(offer));
    const b = await launch([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ]);
    browsers.push(b);
    const replica = await (await b.newContext({ permissions: ['camera'] })).newPage();
    collectErrors(replica, errors);
    await replica.goto(baseUrl + '#/link');
    await waitForApp(replica);
    await replica.getByTestId('link-join').getByRole('button', { name: 'Scan with the camera' }).click();
    // Read, put in the field and submitted: the answer's code shows.
    const answer = await replica.getByTestId('link-answer').inputValue({ timeout: 30_000 });
    expect(answer).toMatch(/^WC1A\./);
    await writer.getByTestId('link-accept').locator('textarea').fill(answer);
    await writer.getByTestId('link-accept').getByRole('button', { name: 'Link' }).click();
    await expect
      .poll(() => replica.getByTestId('link-strip').textContent(), { timeout: 20_000 })
      .toContain('Following');
    // The replica starts as the shared display: the turn and the log of the game.
    await expect.poll(() => replica.getByTestId('link-display').textContent()).toContain('Turn 1');
    expect(errors).toEqual([]);
  });
});
