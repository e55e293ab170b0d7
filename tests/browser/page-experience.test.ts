/**
 * A page as Chromium measures a visitor's experience of it: nothing moves that
 * the visitor did not move (layout shifts) while it arrives piece by piece over
 * a slow connection, the largest thing drawn at load
 * (the largest contentful paint) is the page's main photo wherever that photo
 * fills the first window, asked for first, and what a visitor types or taps
 * before a script has come is kept. Each kind of page, on a phone and on a
 * wide screen, walked once for the first two; the stock photos answered at the
 * size the page asks for, as the host crops them.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consentQuestion } from '../support/site';
import { holdBack, layoutShift, narrow, openPage, wide } from './support/browser';
import { sharedTestPreview } from './support/preview';
import { slowConnection } from './support/slow-connection';

const preview = sharedTestPreview();

/** Each kind of page, and the widths at which its main photo is the largest thing drawn at load. */
const pages: [path: string, photoLargest: ('narrow' | 'wide')[]][] = [
  ['/', []],
  // On a phone the photo comes below the page's first words, the window showing little of it.
  ['/services/local-seo', ['wide']],
  ['/services/plumber', ['narrow', 'wide']],
  ['/contact', []],
  ['/blog', ['narrow', 'wide']],
  ['/blog/local-seo-tips', ['narrow', 'wide']],
  ['/about', ['wide']],
  ['/careers', ['wide']],
  ['/case-studies', ['narrow', 'wide']],
  ['/no-such-page', []],
  ['/privacy-policy', []],
];

interface Measured {
  shift: { total: number; moved: string };
  /** The largest contentful paint's element: its photo's loading and fetch priority, or `text`. */
  largest: string;
  /** Photos wholly in the first window that wait to be scrolled to (loading="lazy"), by their address. */
  lazyInView: string[];
}

function measure(page: Page): Promise<Omit<Measured, 'shift'>> {
  return page.evaluate(
    () =>
      new Promise<Omit<Measured, 'shift'>>((resolve) => {
        new PerformanceObserver((list) => {
          const element = (list.getEntries().at(-1) as PerformanceEntry & { element: Element | null }).element;
          const largest =
            element instanceof HTMLImageElement
              ? `photo ${element.loading} ${element.getAttribute('fetchpriority') ?? ''}`.trim()
              : 'text';
          const lazyInView = [...document.images]
            .filter((img) => img.loading === 'lazy' && img.getBoundingClientRect().bottom <= innerHeight)
            .map((img) => img.src);
          resolve({ largest, lazyInView });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

const walks = new Map<string, Promise<Map<string, Measured>>>();

/**
 * Every kind of page loaded once at a width, as on a first visit over a slow connection: the consent question asked on
 * each. Pieces end also where a page drawn half-arrived once moved: in the header's menu, before its Get Quote, before
 * an article's date.
 */
function walk(width: 'narrow' | 'wide'): Promise<Map<string, Measured>> {
  const walked = async () => {
    const { page } = await openPage({ ...(width === 'narrow' ? narrow : wide), stockPhotosSized: true });
    const connection = await slowConnection(preview.url, page, ['Services<svg', 'Get Quote', '<time']);
    const measured = new Map<string, Measured>();
    try {
      for (const [path] of pages) {
        await page.goto(`${connection.url}${path}`, { waitUntil: 'load' });
        await page.getByRole('region', { name: consentQuestion }).waitFor();
        measured.set(path, { shift: await layoutShift(page), ...(await measure(page)) });
      }
    } finally {
      await connection.close();
    }
    return measured;
  };
  if (!walks.has(width)) walks.set(width, walked());
  return walks.get(width)!;
}

describe.each(['narrow', 'wide'] as const)('every kind of page (%s)', (width) => {
  it('moves nothing as it arrives over a slow connection, and the consent question appears', async () => {
    const measured = await walk(width);
    expect(pages.map(([path]) => [path, measured.get(path)!.shift])).toEqual(
      pages.map(([path]) => [path, { total: 0, moved: '' }]),
    );
  }, 180_000);

  it('draws its main photo as its largest thing where it fills the first window, asked for at once and first; no photo wholly in the first window waits to be scrolled to', async () => {
    const measured = await walk(width);
    expect(pages.map(([path]) => [path, measured.get(path)!.largest, measured.get(path)!.lazyInView])).toEqual(
      pages.map(([path, photoLargest]) => [path, photoLargest.includes(width) ? 'photo eager high' : 'text', []]),
    );
  }, 180_000);
});

describe('a browser that draws a page before its footer has come (no rel="expect": Firefox, Safari)', () => {
  it("moves nothing drawn half-arrived: the header's phone number, the blog's category links, an article's date line", async () => {
    const withoutExpect = (html: string) => html.replace(/<link rel="expect"[^>]*>/, '');
    for (const size of [narrow, wide]) {
      const { page, problems } = await openPage(size);
      // Where a piece once ended: before the Services menu's button, which the menu (a <details>) shows its own in place
      // of, and between the back link's arrow and its words.
      const cuts = ['<summary', 'Get Quote', 'href="/blog/category/web-design"', '<time', 'Back to Blog</a>'];
      const connection = await slowConnection(preview.url, page, cuts, withoutExpect);
      try {
        for (const path of ['/blog', '/blog/local-seo-tips']) {
          await page.goto(`${connection.url}${path}`, { waitUntil: 'load' });
          expect([path, (await layoutShift(page)).moved]).toEqual([path, '']);
        }
      } finally {
        await connection.close();
      }
      expect(problems).toEqual([]);
    }
  }, 90_000);
});

describe('what a visitor does before a script has come', () => {
  it("text typed into a form before its code has come stays as typed, the caret and the focus where they were, and the next key lands there once the form's code has come", async () => {
    const { page, problems } = await openPage(narrow);
    await page.goto(`${preview.url}/contact`);
    const form = page.locator('#main form');
    await expect.poll(() => form.getByRole('button', { name: 'Send My Enquiry' }).isEnabled()).toBe(true);
    const { asked, release } = await holdBack(page, '**/assets/*.js');
    const name = form.getByLabel('Full name');
    await name.tap();
    await page.keyboard.type('Dave Hughes');
    for (const _ of 'Hughes') await page.keyboard.press('ArrowLeft');
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    // The form, come alive, asks for the code that sends a lead (functions-js, which names its x-region header).
    const alive = page.waitForResponse(async (response) =>
      (await response.text().catch(() => '')).includes('x-region'),
    );
    release();
    await alive;
    await page.evaluate(() => new Promise(requestAnimationFrame));
    const caret = () =>
      name.evaluate((field: HTMLInputElement) => [field.value, field.selectionStart, field === document.activeElement]);
    expect(await caret()).toEqual(['Dave Hughes', 5, true]);
    await page.keyboard.type('R. ');
    expect(await caret()).toEqual(['Dave R. Hughes', 8, true]);
    expect(problems).toEqual([]);
  });

  it('a tap on the menu before its script has come opens it, and it stays open, said to be expanded, once the script is there', async () => {
    const { page, problems } = await openPage(narrow);
    const { asked, release } = await holdBack(page, '**/assets/menus-*.js');
    await page.goto(`${preview.url}/`, { waitUntil: 'commit' });
    const menu = page.locator('details[data-menu="mobile"]');
    await menu.locator('> summary').tap();
    expect(await menu.evaluate((details: HTMLDetailsElement) => details.open)).toBe(true);
    await expect.poll(() => asked.length).toBe(1);
    release();
    await expect.poll(() => menu.locator('> summary').getAttribute('aria-expanded')).toBe('true');
    expect(await menu.evaluate((details: HTMLDetailsElement) => details.open)).toBe(true);
    expect(problems).toEqual([]);
  });
});
