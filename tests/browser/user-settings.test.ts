/**
 * The site as a visitor who has changed how their browser draws pages sees it,
 * where the other files do not look already (high-contrast.test.ts: forced
 * colours' edges and chosen states; view-transitions.test.ts and
 * header-menus.test.ts: reduced motion). In a high-contrast theme (forced
 * colours), the icons still show on the theme's ground. With the text spaced
 * out as far as WCAG 1.4.12 asks a page to bear, no words are cut off or
 * pushed out of the window. With a minimum font size (a browser's setting for
 * small type), the header keeps every link inside the window.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { chromiumFlags, chromiumPath } from '../../src/check/chromium';
import { openPage, reusedPage, wide } from './support/browser';
import { contrastRatio } from './support/contrast';
import { sharedTestPreview } from './support/preview';

const preview = sharedTestPreview();
const wideVisitor = reusedPage(wide);

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
  const groundColour = ground.split(',').map(Number);
  return Math.max(...pixels.map((pixel) => contrastRatio(pixel, groundColour)));
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

/** WCAG 1.4.12's text spacing, as a visitor's own style sheet (a bookmarklet's, an extension's) sets it on every element. */
const spacedText =
  '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }';

/**
 * What the spaced text spoils on the page shown: the page pushed sideways past the window, and every box that hides
 * what overflows it (overflow hidden or clip) and holds more words than it shows; not the words no one is meant to see
 * (for screen readers only, the forms' trap for bots).
 */
function spoiled(page: Page): Promise<string[]> {
  return page.evaluate((css) => {
    // A style sheet made by script, not a <style>: the site's Content-Security-Policy refuses inline styles.
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [sheet];
    const found: string[] = [];
    if (document.documentElement.scrollWidth > innerWidth)
      found.push(`the page is ${document.documentElement.scrollWidth - innerWidth} px wider than the window`);
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const words = element.innerText?.trim();
      if (
        !words ||
        !element.checkVisibility({ visibilityProperty: true }) ||
        element.closest('.sr-only, [aria-hidden="true"]')
      )
        continue;
      const style = getComputedStyle(element);
      const hides = (overflow: string) => overflow === 'hidden' || overflow === 'clip';
      if (
        (hides(style.overflowY) && element.scrollHeight > element.clientHeight + 1) ||
        (hides(style.overflowX) && element.scrollWidth > element.clientWidth + 1)
      )
        found.push(`"${words.slice(0, 40)}" is cut off`);
    }
    return found;
  }, spacedText);
}

describe('with the text spaced out (WCAG 1.4.12)', () => {
  it('no page is pushed wider than the window, and no words are cut off, on a wide screen, a laptop or a phone', async () => {
    const spoilt: string[] = [];
    for (const width of [1280, 1024, 375]) {
      const { page, problems } = await openPage({ width, height: 800 });
      for (const path of [
        '/',
        '/services/local-seo',
        '/services/roofer',
        '/contact',
        '/blog',
        '/blog/local-seo-tips',
        '/about',
        '/no-such-page',
        '/privacy-policy',
      ]) {
        await page.goto(`${preview.url}${path}`);
        for (const found of await spoiled(page)) spoilt.push(`${width} px, ${path}: ${found}`);
      }
      // The 404 page says, as it must, that its address is not found.
      expect(problems.filter((problem) => !problem.includes('/no-such-page'))).toEqual([]);
    }
    expect(spoilt).toEqual([]);
  }, 120_000);
});

describe('with a minimum font size (24 px, a setting of Chromium and Firefox for visitors who find small type hard to read)', () => {
  it("the header's links all show inside the window on a laptop, and the page is not pushed sideways", async () => {
    // A browser of its own: the setting lives in the profile's preferences, which no DevTools command changes.
    const profile = await mkdtemp(join(tmpdir(), 'sitegen-minimum-font-'));
    await mkdir(join(profile, 'Default'));
    const preferences = { webkit: { webprefs: { minimum_font_size: 24, minimum_logical_font_size: 24 } } };
    await writeFile(join(profile, 'Default', 'Preferences'), JSON.stringify(preferences));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      args: chromiumFlags,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.route(/^https:\/\/images\.unsplash\.com\//, (route) => route.abort());
      const outside: string[] = [];
      for (const width of [1024, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${preview.url}/`);
        if ((await page.evaluate(() => getComputedStyle(document.querySelector('footer a')!).fontSize)) !== '24px')
          throw new Error('Chromium has no minimum font size');
        const found = await page.evaluate(() => {
          const spoilt = [...document.querySelectorAll<HTMLElement>('header a, header summary')]
            .filter((link) => link.checkVisibility({ visibilityProperty: true }))
            .filter((link) => {
              const { left, right } = link.getBoundingClientRect();
              return left < 0 || right > innerWidth || link.scrollWidth > link.clientWidth + 1;
            })
            .map((link) => `"${link.innerText.trim()}" is cut off or spills out of its box`);
          const wider = document.documentElement.scrollWidth - innerWidth;
          return wider > 0 ? [...spoilt, `the page is ${wider} px wider than the window`] : spoilt;
        });
        outside.push(...found.map((problem) => `${width} px: ${problem}`));
      }
      expect(outside).toEqual([]);
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  }, 60_000);
});
