/**
 * The site as a visitor who has changed how their browser draws pages sees it,
 * where the other files do not look already (high-contrast.test.ts: forced
 * colours' edges and chosen states; view-transitions.test.ts and
 * navigation.test.ts: reduced motion). In a high-contrast theme (forced
 * colours), the icons still show on the theme's ground.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { reusedPage, wide } from './support/browser';
import { sharedTestPreview } from './support/preview';

const preview = sharedTestPreview();
const wideVisitor = reusedPage(wide);

/** Relative luminance of a pixel, as WCAG reckons it. */
function luminance(pixel: readonly number[]): number {
  const [r, g, b] = pixel.map((value) => {
    const channel = value / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

interface Drawn {
  data: Buffer;
  width: number;
  channels: number;
}

/**
 * An icon's box as the screen shows it, cut from the whole page `drawn`: the contrast (WCAG's ratio) between the ground
 * the icon stands on (the box's most common colour) and the pixel of the box farthest from it; 1 where nothing shows.
 */
function contrastAsDrawn(drawn: Drawn, box: { x: number; y: number; width: number; height: number }): number {
  const pixels: number[][] = [];
  const counts = new Map<string, number>();
  for (let y = Math.round(box.y); y < Math.round(box.y + box.height); y++)
    for (let x = Math.round(box.x); x < Math.round(box.x + box.width); x++) {
      const at = (y * drawn.width + x) * drawn.channels;
      const pixel = [drawn.data[at]!, drawn.data[at + 1]!, drawn.data[at + 2]!];
      pixels.push(pixel);
      counts.set(pixel.join(), (counts.get(pixel.join()) ?? 0) + 1);
    }
  const [ground] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  const groundLight = luminance(ground.split(',').map(Number));
  return Math.max(
    ...pixels.map((pixel) => {
      const [lighter, darker] = [luminance(pixel), groundLight].sort((a, b) => b - a);
      return (lighter! + 0.05) / (darker! + 0.05);
    }),
  );
}

/** Every icon the page shows: its box on the whole page, and the words beside it (its parent's first line). */
function iconsShown(page: Page) {
  return page.locator('svg').evaluateAll((icons) =>
    icons
      .filter((icon) => icon.checkVisibility({ visibilityProperty: true }))
      .map((icon) => {
        const { x, y, width, height } = icon.getBoundingClientRect();
        return {
          box: { x, y: y + scrollY, width, height },
          beside: icon.parentElement!.innerText.trim().split('\n')[0]!,
        };
      }),
  );
}

/**
 * `path` opened in forced colours; on a visit's first page, the consent question answered (it would cover icons at
 * the window's foot).
 */
async function openForced(page: Page, path: string, answerConsent: boolean): Promise<void> {
  await page.emulateMedia({ forcedColors: 'active' });
  await page.goto(`${preview.url}${path}`);
  if (!(await page.evaluate(() => matchMedia('(forced-colors: active)').matches)))
    throw new Error('Chromium is not in forced colours');
  if (answerConsent) await page.getByRole('button', { name: 'Reject', exact: true }).click();
}

describe('in a high-contrast theme (forced colours)', () => {
  it("every icon shows against the theme's ground, as a part of the page must (3 to 1), whatever colour the site gave it", async () => {
    const { page, problems } = await wideVisitor();
    const faint: string[] = [];
    let seen = 0;
    // The home page's hero ticks (pale green, for its blue ground) and the AI services' spotlight (pale blue, for its
    // dark one) among them.
    for (const path of ['/', '/services/ai-services']) {
      await openForced(page, path, path === '/');
      const icons = await iconsShown(page);
      const { data, info } = await sharp(await page.screenshot({ fullPage: true }))
        .raw()
        .toBuffer({ resolveWithObject: true });
      const drawn = { data, width: info.width, channels: info.channels };
      seen += icons.length;
      for (const { box, beside } of icons) {
        const contrast = contrastAsDrawn(drawn, box);
        if (contrast < 3) faint.push(`${path}: the icon by "${beside}", ${contrast.toFixed(2)} to 1`);
      }
    }
    expect(seen).toBeGreaterThan(40);
    expect(faint).toEqual([]);
    expect(problems).toEqual([]);
  });
});
