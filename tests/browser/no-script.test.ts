/**
 * A browser that runs no JavaScript: the header's menus, disclosures that need
 * none, open and close by their buttons, close on a click on the page as a
 * menu does, and lead to every page, the trades under Services among them.
 * (The forms say what to do instead: form-notes.test.ts; the blog's categories are
 * links: blog-categories.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { reusedPage, wide } from './support/browser';
import { sharedTestPreview } from './support/preview';

const preview = sharedTestPreview();
const phoneWithoutScript = reusedPage({ width: 375, height: 740, hasTouch: true, javaScript: false });
const desktopWithoutScript = reusedPage({ ...wide, javaScript: false });

describe('a 375 px phone without JavaScript', () => {
  it("opens the menu by its button and closes it again; the menu's links lead on, each of the 27 trades under Services among them", async () => {
    const { page, problems } = await phoneWithoutScript();
    await page.goto(`${preview.url}/about`);
    const toggle = page.getByRole('banner').locator('details[data-menu="mobile"] > summary');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
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

  it('closes the menu by a tap on the page below it: after following Testimonials on the home page, a link that leaves the menu open, the visitor stays at Testimonials', async () => {
    const { page, problems } = await phoneWithoutScript();
    await page.goto(`${preview.url}/`);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await page.getByRole('banner').locator('details[data-menu="mobile"] > summary').tap();
    await menu.getByRole('link', { name: 'Testimonials' }).tap();
    await page.waitForURL(`${preview.url}/#testimonials`);
    const heading = page.getByRole('heading', { level: 2, name: 'What Our Clients Say' });
    const before = (await heading.boundingBox())!;
    // Near the window's foot, below the menu's last link.
    const { y, height } = (await menu.boundingBox())!;
    expect(y + height).toBeLessThan(640);
    await page.touchscreen.tap(187, 640);
    expect(await menu.isVisible()).toBe(false);
    expect(page.url()).toBe(`${preview.url}/#testimonials`);
    expect(await heading.boundingBox()).toEqual(before);
    expect(problems).toEqual([]);
  });
});

describe('a 1280 px window without JavaScript', () => {
  it("closes the Services menu on a click on the page, its links and the header's used as ever while it is open", async () => {
    const { page, problems } = await desktopWithoutScript();
    await page.goto(`${preview.url}/about`);
    const services = page.getByRole('navigation', { name: 'Main' }).locator('details[data-menu="services"]');
    const panelLink = services.getByRole('link', { name: 'Local SEO' });
    await services.locator('summary').click();
    expect(await panelLink.isVisible()).toBe(true);
    // Right of the panel, on the page.
    const panel = (await services.locator('summary + div').boundingBox())!;
    expect(panel.x + panel.width).toBeLessThan(1100);
    await page.mouse.click(1100, 600);
    expect(await panelLink.isVisible()).toBe(false);
    expect(page.url()).toBe(`${preview.url}/about`);

    await services.locator('summary').click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
    await page.waitForURL(`${preview.url}/contact`);
    await services.locator('summary').click();
    await panelLink.click();
    await page.waitForURL(`${preview.url}/services/local-seo`);
    expect(problems).toEqual([]);
  });
});
