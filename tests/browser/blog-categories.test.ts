/**
 * The blog's category links in a browser without JavaScript against the real
 * preview server: each leads to its category's page, marked current.
 */
import { describe, expect, it } from 'vitest';
import { blogCategoryLinks } from '../support/site';
import { reusedPage, wide } from './support/browser';
import { sharedTestPreview } from './support/preview';

const preview = sharedTestPreview();
const visitorWithoutJavaScript = reusedPage({ ...wide, javaScript: false });

describe('blog categories', () => {
  it('are links that work with JavaScript off: each leads to its page, marked current, listing its articles alone', async () => {
    const { page, problems } = await visitorWithoutJavaScript();
    await page.goto(`${preview.url}/blog`);
    const categories = page.getByRole('navigation', { name: 'Browse articles by category' });
    expect(await categories.getByRole('link').allTextContents()).toEqual(blogCategoryLinks);
    expect(await categories.locator('[aria-current="page"]').allTextContents()).toEqual(['All']);
    expect(await page.locator('main article').count()).toBe(6);

    await categories.getByRole('link', { name: 'Google Ads' }).click();
    await page.waitForURL(`${preview.url}/blog/category/google-ads`);
    expect(await page.locator('h1').textContent()).toBe('Marketing Tips for Tradesmen: Google Ads');
    expect(await categories.locator('[aria-current="page"]').allTextContents()).toEqual(['Google Ads']);
    expect(await page.locator('main article h3').allTextContents()).toEqual([
      'Google Ads for Tradespeople: Pay for Leads, Not Clicks',
    ]);
    await categories.getByRole('link', { name: 'Reputation Management' }).click();
    await page.waitForURL(`${preview.url}/blog/category/reputation-management`);
    expect(await page.locator('main article h3').allTextContents()).toEqual([
      'Online Reviews for Trades: Get More, Handle the Bad Ones',
    ]);
    await categories.getByRole('link', { name: 'All' }).click();
    await page.waitForURL(`${preview.url}/blog`);
    expect(await page.locator('main article').count()).toBe(6);
    expect(problems).toEqual([]);
  });

  it("an article's category leads to its category's page", async () => {
    const { page } = await visitorWithoutJavaScript();
    await page.goto(`${preview.url}/blog/local-seo-tips`);
    await page.locator('main article').getByRole('link', { name: 'SEO articles', exact: true }).click();
    await page.waitForURL(`${preview.url}/blog/category/seo`);
    expect(await page.locator('h1').textContent()).toBe('Marketing Tips for Tradesmen: SEO');
  });
});
