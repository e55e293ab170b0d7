/**
 * The site in a Windows high-contrast theme (CSS forced colours), as Chromium
 * draws it: the theme's own colours replace the site's, and no background
 * colour or shadow of the site's is drawn. What a visitor there would lose,
 * told by a fill or a shadow alone, must still show.
 */
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { reusedPage, wide } from './support/browser';
import { sharedTestPreview } from './support/preview';

const preview = sharedTestPreview();
const wideVisitor = reusedPage(wide);

/**
 * `path` opened in forced colours; on a visit's first page, the consent question answered (it covers the bottom of
 * the window while asked).
 */
async function openForced(page: Page, path: string, answerConsent = true): Promise<void> {
  await page.emulateMedia({ forcedColors: 'active' });
  await page.goto(`${preview.url}${path}`);
  if (!(await page.evaluate(() => matchMedia('(forced-colors: active)').matches)))
    throw new Error('Chromium is not in forced colours');
  if (answerConsent) await page.getByRole('button', { name: 'Reject', exact: true }).click();
}

/** A service's label as drawn, found by its words. */
const service = (page: Page, name: string) => page.locator('fieldset label').filter({ hasText: name });

/**
 * The box of a label's words as the screen shows it: its most common colour
 * (the ground the words stand on) and how far its farthest pixel is from that
 * colour (0 to 255 per channel, summed): the words' contrast, 0 where they do
 * not show.
 */
async function wordsAsDrawn(page: Page, label: Locator) {
  const box = await label.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element.lastChild!);
    const { x, y, width, height } = range.getBoundingClientRect();
    return { x, y, width, height };
  });
  const png = await page.screenshot({ clip: box });
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const counts = new Map<number, number>();
  const pixels: number[][] = [];
  for (let at = 0; at < data.length; at += info.channels) {
    const pixel = [data[at]!, data[at + 1]!, data[at + 2]!];
    pixels.push(pixel);
    const key = (pixel[0]! << 16) | (pixel[1]! << 8) | pixel[2]!;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const [ground] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  const groundRgb = [ground >> 16, (ground >> 8) & 255, ground & 255];
  const contrast = Math.max(
    ...pixels.map((pixel) => pixel.reduce((sum, value, i) => sum + Math.abs(value - groundRgb[i]!), 0)),
  );
  return { ground: groundRgb.join(','), contrast };
}

describe('in a high-contrast theme (forced colours)', () => {
  it("a chosen service looks chosen: its label in other colours than an unchosen one's, its words still legible", async () => {
    const { page, problems } = await wideVisitor();
    await openForced(page, '/contact');
    await service(page, 'Local SEO').click();
    const chosen = service(page, 'Local SEO');
    const unchosen = service(page, 'Google Ads');
    expect(await chosen.locator('input').isChecked()).toBe(true);
    const textColour = (label: Locator) => label.evaluate((element) => getComputedStyle(element).color);
    expect(await textColour(chosen)).not.toBe(await textColour(unchosen));

    // As the screen shows them: the chosen one's words on another ground than the unchosen one's, both readable.
    await chosen.scrollIntoViewIfNeeded();
    const [chosenWords, unchosenWords] = [await wordsAsDrawn(page, chosen), await wordsAsDrawn(page, unchosen)];
    expect(chosenWords.ground).not.toBe(unchosenWords.ground);
    expect(chosenWords.contrast).toBeGreaterThan(300);
    expect(problems).toEqual([]);
  });
});
