/**
 * The not-found page in a real browser against the real preview server: its
 * 404 and console line, the page a mistyped address nearly names, and nothing
 * moving when that suggestion appears.
 */
import { describe, expect, it } from 'vitest';
import { holdBack, layoutShift, narrow, openPage, reusedPage, wide } from './support/browser';
import { sharedTestPreview } from './support/preview';

const preview = sharedTestPreview();
const wideVisitor = reusedPage(wide);

describe('not-found page', () => {
  it('answers 404, shows the page and logs the missing path to the console', async () => {
    const { page, problems } = await wideVisitor();
    // No menu links near it: the page looks in the sitemap, and finds nothing near there either.
    const sitemapRead = page.waitForResponse(`${preview.url}/sitemap.xml`);
    const response = await page.goto(`${preview.url}/services/astronaut`);
    expect(response?.status()).toBe(404);
    await (await sitemapRead).finished();
    expect(await page.locator('h1').textContent()).toBe('Oops! Page not found');
    await expect
      .poll(() => problems)
      .toContain('error: 404 Error: User attempted to access non-existent route: /services/astronaut');
    expect(await page.getByText('Did you mean').count()).toBe(0);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(`${preview.url}/`);
  });

  it('offers the page a mistyped address nearly names, by a link', async () => {
    const { page, problems } = await wideVisitor();
    for (const [asked, name, path] of [
      ['/services/plumbers', 'Plumber', '/services/plumber'],
      ['/Contact', 'Contact', '/contact'],
      ['/about-us/', 'About', '/about'],
      // An article's address cut short, as a shared link can be: no menu links to it, the sitemap lists it.
      ['/blog/local-seo-ti', '/blog/local-seo-tips', '/blog/local-seo-tips'],
      ['/services/local-seo-', 'Local SEO', '/services/local-seo'],
    ]) {
      await page.goto(`${preview.url}${asked}`);
      const hint = page.locator('main').getByText('Did you mean');
      await expect.poll(() => hint.textContent(), { message: asked }).toBe(`Did you mean ${name}?`);
      expect(await hint.getByRole('link').getAttribute('href'), asked).toBe(path);
    }
    await page.locator('main').getByRole('link', { name: 'Local SEO' }).click();
    await page.waitForURL(`${preview.url}/services/local-seo`);
    expect(problems.filter((problem) => !problem.includes('404'))).toEqual([]);
  });

  // On a 320-pixel phone, a long page name takes the suggestion's second line.
  it.each([
    ['wide', wide, '/services/plumbers'],
    ['narrow', { ...narrow, width: 320 }, '/services/reputation-managment'],
    ['narrow, an article found in the sitemap', { ...narrow, width: 320 }, '/blog/digital-marketing-ro'],
  ])(
    'moves nothing when the suggestion appears, even when its script arrives after the page is drawn (%s)',
    async (_, viewport, asked) => {
      const { page } = await openPage(viewport);
      const { release } = await holdBack(page, '**/assets/not-found-*.js');
      await page.goto(`${preview.url}${asked}`, { waitUntil: 'commit' });
      await page.getByRole('link', { name: 'Return to Home' }).waitFor();
      await page.evaluate(() => new Promise(requestAnimationFrame));
      release();
      await expect.poll(() => page.locator('main').getByText('Did you mean').count()).toBe(1);
      // Nothing at all: the headings above move by a line's half, which CLS counts as little.
      expect(await layoutShift(page)).toEqual({ total: 0, moved: '' });
    },
  );
});
