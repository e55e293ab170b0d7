/**
 * Pages cross-fade as a visitor moves between them, and the cross-fade never
 * fails on the page: not even when the stylesheet arrives late (the first
 * visit after a deploy that changed it, a slow connection), when Chromium
 * would skip the transition for a page whose opt-in is still on its way and
 * raise an uncaught error in it. None for a visitor who asks for less motion.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage } from './support/browser';
import { sharedTestPreview } from './support/preview';

const preview = sharedTestPreview();

/** Five pages of the footer's Company and Legal lists, each reached from the last by its link. */
const route = ['/about', '/case-studies', '/blog', '/contact', '/privacy-policy'];

/** How each page was revealed: with a view transition that ran to its end, or with none. */
async function watchReveals(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state = window as unknown as { revealed?: string };
    addEventListener('pagereveal', (event) => {
      const { viewTransition } = event as Event & { viewTransition: ViewTransition | null };
      state.revealed = viewTransition ? 'transition' : 'none';
      // `finished` settles however the transition ends; it is never rejected, so no error is hidden.
      void viewTransition?.finished.then(() => (state.revealed = 'transition finished'));
    });
  });
}

/** Clicks through the route from the home page; how each page was revealed, once it settled. */
async function clickThrough(page: Page): Promise<string[]> {
  await page.goto(`${preview.url}/`);
  const reveals: string[] = [];
  for (const path of route) {
    await page.locator(`footer a[href="${path}"]`).click();
    await page.waitForURL(`${preview.url}${path}`);
    // A visitor reads the page before the next click: the transition has ended.
    const settled = await page.waitForFunction(() => {
      const { revealed } = window as unknown as { revealed?: string };
      return revealed === 'none' || revealed === 'transition finished' ? revealed : undefined;
    });
    reveals.push(`${path}: ${await settled.jsonValue()}`);
  }
  return reveals;
}

describe('view transitions between pages', () => {
  it.each([
    { width: 412, height: 915, hasTouch: true },
    { width: 1280, height: 900 },
  ])(
    'cross-fade on every click at $width px, with the stylesheet held back, and no error on any page',
    { timeout: 120_000 },
    async (viewport) => {
      const { page, problems } = await openPage(viewport);
      await watchReveals(page);
      // Held back on every page: a routed request is never answered from the cache.
      await page.route('**/assets/styles-*.css', async (held) => {
        await sleep(400);
        await held.continue();
      });
      const reveals = await clickThrough(page);
      expect({ reveals, problems }).toEqual({
        reveals: route.map((path) => `${path}: transition finished`),
        problems: [],
      });
    },
  );

  it('are left out for a visitor who asks for reduced motion', { timeout: 120_000 }, async () => {
    const { page, problems } = await openPage({ width: 1280, height: 900, reducedMotion: true });
    await watchReveals(page);
    const reveals = await clickThrough(page);
    expect({ reveals, problems }).toEqual({ reveals: route.map((path) => `${path}: none`), problems: [] });
  });
});
