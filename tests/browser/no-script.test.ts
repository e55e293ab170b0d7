/**
 * A phone whose browser runs no JavaScript: the header's menu, a disclosure
 * that needs none, opens and closes by its button and leads to every page, the
 * trades under Services among them. (The forms say what to do instead:
 * forms.test.ts; the blog's categories are links: navigation.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { reusedPage } from './support/browser';
import { sharedTestPreview } from './support/preview';

const preview = sharedTestPreview();
const phoneWithoutScript = reusedPage({ width: 375, height: 740, hasTouch: true, javaScript: false });

describe('a 375 px phone without JavaScript', () => {
  it("opens the menu by its button and closes it again; the menu's links lead on, each of the 27 trades under Services among them", async () => {
    const { page, problems } = await phoneWithoutScript();
    await page.goto(`${preview.url}/about`);
    const toggle = page.getByRole('banner').locator('details[data-menu="mobile"] > summary');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    expect(await menu.isVisible()).toBe(false);
    await toggle.tap();
    expect(await menu.isVisible()).toBe(true);
    expect(await menu.getByRole('link').allTextContents()).toEqual(['Home', 'About', 'Testimonials', 'Contact']);
    await toggle.tap();
    expect(await menu.isVisible()).toBe(false);

    await toggle.tap();
    await menu.locator('summary').tap();
    const trades = menu.getByRole('list').nth(2).getByRole('link');
    expect(await trades.count()).toBe(27);
    expect(await trades.evaluateAll((links) => links.filter((link) => link.checkVisibility()).length)).toBe(27);
    await menu.getByRole('link', { name: 'Chimney Sweep', exact: true }).tap();
    await page.waitForURL(`${preview.url}/services/chimney-sweep`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Digital Marketing for Chimney Sweeps');
    expect(await menu.isVisible()).toBe(false);
    expect(problems).toEqual([]);
  });
});
