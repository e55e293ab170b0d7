/**
 * The links on cards in a real browser against the real preview server: each
 * service card's Learn More, each article card's Read More and each job's
 * Apply Now and Learn More, read with what they lead to and drawn as before.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { reusedPage, wide } from './support/browser';
import { sharedTestPreview } from './support/preview';

const preview = sharedTestPreview();
const wideVisitor = reusedPage(wide);

/** The link of `scope` that shows `words`, read "<words>: <title>", with no space before the colon. */
async function linkReadAs(scope: Locator, words: string, title: string): Promise<Locator> {
  const link = scope.getByRole('link', { name: new RegExp(`^${words}`) });
  // The name as a screen reader reads it (Chromium's accessibility tree; its snapshot says what it read otherwise).
  const named = scope.getByRole('link', { name: `${words}: ${title}`, exact: true });
  expect(await named.count(), await link.ariaSnapshot()).toBe(1);
  return link;
}

/** A card's link: read "<words>: <title>"; shown as its words and an arrow 8 px on. */
async function expectCardLink(card: Locator, words: string, title: string) {
  const link = await linkReadAs(card, words, title);
  expect(await link.evaluate((element) => element.textContent), title).toBe(`${words}→`);
  // From the words' right edge to the arrow's left: the gap the card was drawn with when a hidden span held the name.
  const apart = await link.evaluate((element) => {
    const shown = document.createRange();
    shown.selectNodeContents(element.firstChild!);
    return element.querySelector('[aria-hidden]')!.getBoundingClientRect().left - shown.getBoundingClientRect().right;
  });
  expect(apart, title).toBeCloseTo(8, 1);
}

describe('service cards', () => {
  it("each card's Learn More is read with its service's name, no space before the colon, and shows the words and the arrow 8 px apart, on the home page and a trade's", async () => {
    const { page, problems } = await wideVisitor();
    for (const path of ['/', '/services/plumber']) {
      await page.goto(`${preview.url}${path}`);
      const cards = page.locator('#services article');
      const titles = await cards.locator('h3').allTextContents();
      expect(titles, path).toHaveLength(6);
      for (const [index, title] of titles.entries()) {
        expect(await cards.nth(index).getByRole('link').getAttribute('href'), title).toBe('/contact');
        await expectCardLink(cards.nth(index), 'Learn More', title);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("the blog's article cards", () => {
  it("each card's Read More is read with its article's title, no space before the colon, and shows the words and the arrow 8 px apart", async () => {
    const { page, problems } = await wideVisitor();
    await page.goto(`${preview.url}/blog`);
    // The featured article's card, its title a heading of level 2, and the others'.
    const cards = page.locator('main article');
    const titles = await cards.locator('h2, h3').allTextContents();
    expect(titles).toHaveLength(await cards.count());
    expect(titles.length).toBeGreaterThan(1);
    for (const [index, title] of titles.entries()) {
      await expectCardLink(cards.nth(index), 'Read More', title);
    }
    expect(problems).toEqual([]);
  });
});

describe('the careers page', () => {
  it("each job's Apply Now and Learn More are read with the job's title, no space before the colon, and show their words alone", async () => {
    const { page, problems } = await wideVisitor();
    await page.goto(`${preview.url}/careers`);
    const jobs = page.locator('main article:has(h3)');
    const titles = await jobs.locator('h3').allTextContents();
    expect(titles.length).toBeGreaterThan(1);
    for (const [index, title] of titles.entries()) {
      for (const words of ['Apply Now', 'Learn More']) {
        const link = await linkReadAs(jobs.nth(index), words, title);
        expect(await link.evaluate((element) => element.textContent), title).toBe(words);
      }
    }
    expect(problems).toEqual([]);
  });
});
