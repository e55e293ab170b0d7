/**
 * The consent question in a real browser against the real `sitegen preview`:
 * asked again from the footer's Cookie settings, where the focus goes once it
 * is answered, the footer clear of it while it is asked, answered on another
 * page or in another tab, and asked again once the answer is 12 months old.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { chromium, type Page } from 'playwright-core';
import { chromiumFlags, chromiumPath } from '../../src/check/chromium';
import { describe, expect, it } from 'vitest';
import { anotherTab, narrow, openPage, reusedPage, stored, wide } from './support/browser';
import { adLanding, banner } from './support/consent';
import { sharedTestPreview } from './support/preview';

const preview = sharedTestPreview();
const visitor = reusedPage(wide);

async function axeViolations(page: Page): Promise<string[]> {
  const source = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: { id: string }[] }> } }).axe;
    return (await axe.run()).violations.map((violation) => violation.id);
  });
}

describe('Cookie settings', () => {
  it('in the footer is a button that asks again, by Enter and by Space, and the question has nothing axe finds', async () => {
    const { page, problems } = await visitor();
    await page.goto(`${preview.url}/about`);
    expect(await axeViolations(page)).toEqual([]);
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    await page.reload();
    expect(await banner(page).isVisible()).toBe(false);

    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'Cookie settings' }).count()).toBe(0);
    const settings = footer.getByRole('button', { name: 'Cookie settings' });
    const hasFocus = (element: Element) => element === document.activeElement;
    for (const key of ['Enter', 'Space']) {
      await settings.focus();
      await page.keyboard.press(key);
      expect(await banner(page).isVisible(), key).toBe(true);
      expect(await banner(page).evaluate(hasFocus), key).toBe(true);
      expect(page.url()).toBe(`${preview.url}/about`);
      expect(await axeViolations(page)).toEqual([]);

      // The question's link to the cookie policy, Accept, then Reject.
      for (let press = 0; press < 3; press++) await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Reject');
      await page.keyboard.press(key);
      await expect.poll(() => banner(page).isVisible()).toBe(false);
      expect(await settings.evaluate(hasFocus), key).toBe(true);
      expect(Object.keys((await stored(page)).local)).toEqual(['tradeboost-consent']);
    }
    expect(problems).toEqual([]);
  }, 60_000);
});

describe("a first visit's answer", () => {
  const focused = (page: Page) =>
    page.evaluate(() => ({
      element: `${document.activeElement?.tagName.toLowerCase()}#${document.activeElement?.id}`,
      inMain: document.activeElement?.closest('main') !== null,
    }));

  it('by keyboard, leaves the focus at the start of the main content, where the next Tab goes on, not on the page', async () => {
    const { page, problems } = await visitor();
    await page.goto(`${preview.url}/`);
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    // The skip link, the question's link to the cookie policy, then its first answer.
    for (let press = 0; press < 3; press++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Accept');
    await page.keyboard.press('Enter');
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    expect(await focused(page)).toEqual({ element: 'main#main', inMain: true });
    await page.keyboard.press('Tab');
    expect((await focused(page)).inMain).toBe(true);
    expect(problems).toEqual([]);
  });

  it('by mouse, halfway down the page, moves the focus there too, and the page not at all', async () => {
    const { page, problems } = await visitor();
    await page.goto(`${preview.url}/about`);
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 1500));
    await banner(page).getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    expect(await focused(page)).toEqual({ element: 'main#main', inMain: true });
    expect(await page.evaluate(() => scrollY)).toBe(1500);
    expect(problems).toEqual([]);
  });

  it('at the top of a page, leaves it there: its breadcrumbs stay clear of the header', async () => {
    const { page, problems } = await visitor();
    await page.goto(`${preview.url}/about`);
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    expect(await focused(page)).toEqual({ element: 'main#main', inMain: true });
    expect(await page.evaluate(() => scrollY)).toBe(0);
    const header = await page.locator('body > header').boundingBox();
    const breadcrumbs = await page.getByRole('navigation', { name: 'Breadcrumb' }).boundingBox();
    expect(breadcrumbs!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    expect(problems).toEqual([]);
  });
});

describe('while the question is asked', () => {
  it('the page scrolls every link and button of its footer clear of it, and what takes the focus, at 390 and 1280 px', async () => {
    for (const width of [narrow, wide]) {
      const { page, problems } = await openPage(width);
      await page.goto(`${preview.url}/contact`);
      await expect.poll(() => banner(page).isVisible()).toBe(true);
      const links = page.locator('footer').locator('a, button');
      /** The footer's links and button in the window that the visitor cannot click where they are shown, and whether its last is among them. */
      const covered = () =>
        links.evaluateAll((all) => {
          // Below the site's header, which stays at the window's top.
          const top = document.querySelector('header')!.getBoundingClientRect().bottom;
          const shown = all.filter((link) => {
            const box = link.getBoundingClientRect();
            return box.top >= top && box.bottom <= innerHeight;
          });
          const hidden = shown.filter((link) => {
            const box = link.getBoundingClientRect();
            const seen = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
            return !seen || !link.contains(seen);
          });
          return { hidden: hidden.map((link) => link.textContent), lastShown: shown.includes(all.at(-1)!) };
        });
      // Scrolled to the end, and again while the page is still making room for the question (measured once it shows).
      const atTheEnd = async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return covered();
      };
      await expect.poll(atTheEnd).toEqual({ hidden: [], lastShown: true });
      // Tabbed to from above, the footer's last control scrolls above the question.
      await page.evaluate(() => window.scrollTo(0, 0));
      await links.last().focus();
      expect(await covered()).toEqual({ hidden: [], lastShown: true });
      // Answered, the room below the footer goes with it.
      const height = () => page.evaluate(() => document.documentElement.scrollHeight);
      const asked = await height();
      await banner(page).getByRole('button', { name: 'Reject' }).click();
      await expect.poll(height).toBeLessThan(asked);
      expect(problems, `${width.width}px`).toEqual([]);
    }
  }, 60_000);
});

describe('an answer given on another page', () => {
  it('is not asked again on the page before it, come back from the back/forward cache as it was left', async () => {
    // A browser of its own, with the back/forward cache that Playwright's browsers go without.
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: chromiumFlags,
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
    });
    try {
      const page = await browser.newPage({ viewport: wide });
      await page.route(/^https:\/\/images\.unsplash\.com\//, (route) => route.abort());
      await page.goto(`${preview.url}/`);
      await expect.poll(() => banner(page).isVisible()).toBe(true);
      await page.evaluate(() =>
        addEventListener('pageshow', (event) => (document.body.dataset.restored = String(event.persisted))),
      );
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
      await page.waitForURL(/\/about$/);
      await banner(page).getByRole('button', { name: 'Accept' }).click();
      await expect.poll(() => banner(page).isVisible()).toBe(false);
      await page.goBack({ waitUntil: 'commit' });
      // The home page as it was left, not loaded again: its question was showing then.
      await expect.poll(() => page.evaluate(() => document.body.dataset.restored)).toBe('true');
      expect(await banner(page).isVisible()).toBe(false);
    } finally {
      await browser.close();
    }
  }, 60_000);
});

describe('an answer given in another tab', () => {
  it('while the focus is in the question here, takes it to the main content as the question goes, not to the page', async () => {
    const { page, problems } = await openPage(wide);
    await page.goto(`${preview.url}/`);
    await banner(page).getByRole('button', { name: 'Accept' }).focus();
    const other = await anotherTab(page.context());
    await other.page.goto(`${preview.url}/about`);
    await banner(other.page).getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect([...problems, ...other.problems]).toEqual([]);
  }, 60_000);
});

describe('an answer 12 months old', () => {
  it('is asked again, and what an accept allowed is gone from the browser before the visitor answers', async () => {
    const { page, problems } = await openPage(wide);
    await page.clock.install({ time: new Date('2026-06-01T09:00:00Z') });
    await page.goto(`${preview.url}${adLanding}`);
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    expect(Object.keys((await stored(page)).local).sort()).toEqual(['tradeboost-attribution', 'tradeboost-consent']);
    await page.clock.setSystemTime(new Date('2027-06-02T09:00:00Z'));
    await page.goto(`${preview.url}/about`);
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    expect((await stored(page)).local).toEqual({});
    expect(problems).toEqual([]);
  }, 60_000);
});
