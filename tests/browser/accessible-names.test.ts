/**
 * The header's phone link as a screen reader reads it, and the headings it
 * lists, from Chromium's own accessibility tree (support/accessibility.ts).
 * Every page's names, on a phone with its menu open: every-page.test.ts, on
 * its one walk of the site.
 */
import { describe, expect, it } from 'vitest';
import { consentQuestion } from '../support/site';
import { accessibleNames, saidInvalid } from './support/accessibility';
import { narrow, reusedPage, wide } from './support/browser';
import { sharedTestPreview } from './support/preview';

const preview = sharedTestPreview();
const narrowVisitor = reusedPage(narrow);
const wideVisitor = reusedPage(wide);

describe("the header's phone link", () => {
  it('is read "Call free 0808 157 0192", one space between the hidden words and the number, at a narrow and a wide screen', async () => {
    for (const visitor of [narrowVisitor, wideVisitor]) {
      const { page, problems } = await visitor();
      await page.goto(`${preview.url}/about`);
      const names = await accessibleNames(page);
      // Within the words and the number the spaces are non-breaking: made plain, a doubled space still shows.
      const phone = names
        .filter(({ role, name }) => role === 'link' && name.startsWith('Call'))
        .map(({ name }) => name.replace(/\u00a0/g, ' '));
      expect(phone).toEqual(['Call free 0808 157 0192']);
      expect(problems).toEqual([]);
    }
  });
});

describe("a screen reader's list of headings", () => {
  it("starts with the page's h1 while the consent question, first in the page's order, is asked: a region named by its words", async () => {
    const { page, problems } = await wideVisitor();
    for (const [path, h1] of [
      ['/', 'More Calls, More Jobs, Less Time Chasing Work'],
      ['/about', 'We Only Do One Thing: Market Trades'],
      ['/services/plumber', 'Digital Marketing for Plumbers'],
      ['/blog/local-seo-tips', 'Local SEO for Tradespeople: 10 Tips to Win More Jobs Nearby'],
      ['/cookie-policy', 'Cookie Policy'],
      ['/no-such-page', 'Oops! Page not found'],
    ]) {
      await page.goto(`${preview.url}${path}`);
      await expect
        .poll(() => page.getByRole('region', { name: consentQuestion }).isVisible(), { message: path })
        .toBe(true);
      const names = await accessibleNames(page);
      expect(
        names.filter(({ name }) => name === consentQuestion),
        path,
      ).toEqual([{ role: 'region', name: consentQuestion }]);
      // In the page's order, as a screen reader lists them (Chromium's own tree lists its nodes in another).
      expect(await page.getByRole('heading').first().textContent(), path).toBe(h1);
      expect(await page.getByRole('heading', { level: 1 }).allTextContents(), path).toEqual([h1]);
    }
    // The not-found page's response, and its line for the site's owner (as the specification has it).
    expect(problems).toEqual([
      `error: Failed to load resource: the server responded with a status of 404 (Not Found) (${preview.url}/no-such-page)`,
      'error: 404 Error: User attempted to access non-existent route: /no-such-page',
    ]);
  });
});

describe("the forms' fields", () => {
  it('are not said to be invalid before the visitor has typed or chosen anything: the required trade list no more than the fields around it', async () => {
    const { page, problems } = await wideVisitor();
    for (const path of ['/', '/contact']) {
      await page.goto(`${preview.url}${path}`);
      expect(await page.getByRole('combobox', { name: 'Your trade', exact: true }).count(), path).toBe(
        path === '/' ? 2 : 1,
      );
      expect(await saidInvalid(page), path).toEqual([]);
    }
    expect(problems).toEqual([]);
  });
});

describe("the case studies' results", () => {
  it('are each named "The results: " and the study\'s title, a pause between, not the two headings run together', async () => {
    const { page, problems } = await wideVisitor();
    await page.goto(`${preview.url}/case-studies`);
    const regions = (await accessibleNames(page)).filter(({ role }) => role === 'region');
    expect(regions.filter(({ name }) => name.startsWith('The results'))).toEqual([
      { role: 'region', name: 'The results: From quiet summers to a full diary: Sherwood Plumbing & Heating' },
      { role: 'region', name: 'The results: Better calls, lower costs: Erewash Electrical Contractors' },
      { role: 'region', name: 'The results: No more shared leads: Nene Valley Roofing' },
    ]);
    expect(problems).toEqual([]);
  });
});

describe("the Services menu's two lists", () => {
  it('are each in a group named by the line above it, in the desktop menu and in the mobile one', async () => {
    const wideOpen = async () => {
      const { page, problems } = await wideVisitor();
      await page.goto(`${preview.url}/about`);
      await page.getByRole('navigation', { name: 'Main' }).locator('details[data-menu="services"] > summary').click();
      return { page, problems };
    };
    const narrowOpen = async () => {
      const { page, problems } = await narrowVisitor();
      await page.goto(`${preview.url}/about`);
      await page.locator('details[data-menu="mobile"] > summary').click();
      await page.locator('details[data-menu="mobile"] details[data-menu="services"] > summary').click();
      return { page, problems };
    };
    for (const open of [wideOpen, narrowOpen]) {
      const { page, problems } = await open();
      await expect.poll(() => page.getByRole('link', { name: 'Plumber', exact: true }).isVisible()).toBe(true);
      // Each list in a group of the line's words, which a screen reader says as it enters the list.
      const groups = (await accessibleNames(page)).filter(({ role }) => role === 'group');
      expect(groups).toEqual([
        { role: 'group', name: 'Our services' },
        { role: 'group', name: 'Marketing by trade' },
      ]);
      for (const { name } of groups) {
        expect(await page.getByRole('group', { name, exact: true }).getByRole('list').count(), name).toBe(1);
      }
      expect(problems).toEqual([]);
    }
  });
});

describe("the blog's feed links", () => {
  it('each read alone in a list of links: the visible word first, then the line before them', async () => {
    const { page, problems } = await wideVisitor();
    await page.goto(`${preview.url}/blog`);
    const feeds = (await accessibleNames(page)).filter(
      ({ role, name }) => role === 'link' && /^(RSS|Atom|JSON Feed)\b/.test(name),
    );
    expect(feeds).toEqual(
      ['RSS', 'Atom', 'JSON Feed'].map((word) => ({
        role: 'link',
        name: `${word}: Follow the blog in your feed reader`,
      })),
    );
    expect(problems).toEqual([]);
  });
});
