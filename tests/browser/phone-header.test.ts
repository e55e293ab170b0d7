/**
 * The header on phones, measured by the boxes a visitor sees: the bar holds
 * the brand, the phone, Get Quote and the menu side by side at 320 to 390 px
 * (and is as it was on a wide screen), with text at 200% and zoomed to 400%
 * too; its logo on the column's edge and square.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { boxOf, openAtDoubleText, overlaps, pageWidth } from './support/boxes';
import { narrow, reusedPage, wide } from './support/browser';
import { sharedTestPreview } from './support/preview';

const preview = sharedTestPreview();
const phoneVisitor = reusedPage(narrow);
const wideVisitor = reusedPage(wide);

/** The header's controls, each found as a visitor's screen reader names it. */
function headerControls(page: Page) {
  const header = page.getByRole('banner');
  return {
    brand: header.getByRole('link', { name: 'TradeBoost Digital', exact: true }),
    phone: header.getByRole('link', { name: /^Call.free.0808.157.0192$/ }),
    quote: header.getByRole('link', { name: 'Get Quote', exact: true }),
    menu: header.locator('details[data-menu="mobile"] > summary'),
  };
}

describe('the header on a phone', () => {
  it('shows Get Quote in the bar at 320, 360 and 390 px, beside the brand, the phone and the menu, none over another, each a tap target', async () => {
    const { page, problems } = await phoneVisitor();
    for (const width of [320, 360, 390]) {
      await page.setViewportSize({ width, height: 740 });
      await page.goto(`${preview.url}/about`);
      const controls = headerControls(page);
      expect(await controls.quote.isVisible(), `${width}px`).toBe(true);
      expect(await controls.quote.getAttribute('href')).toBe('/contact');
      const boxes = Object.entries(controls);
      for (const [name, control] of boxes) {
        const box = await boxOf(control);
        expect(box.x, `${name} at ${width}px`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${name} at ${width}px`).toBeLessThanOrEqual(width);
        // WCAG 2.5.8, target size (minimum).
        expect(Math.min(box.width, box.height), `${name} at ${width}px`).toBeGreaterThanOrEqual(24);
        for (const [other, otherControl] of boxes)
          if (other !== name)
            expect(overlaps(box, await boxOf(otherControl)), `${name}, ${other} at ${width}px`).toBe(false);
      }
      expect(await pageWidth(page), `${width}px`).toBe(width);
    }
    await headerControls(page).quote.click();
    await page.waitForURL(`${preview.url}/contact`);
    expect(problems).toEqual([]);
  });

  it("with text at 200% (the phone's font size set to 32 px) keeps the brand, the phone and the menu in the window, Get Quote giving way to them: the menu opens, its Contact link in view", async () => {
    const { page, problems } = await openAtDoubleText(narrow);
    for (const width of [320, 375, 414]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${preview.url}/about`);
      const { brand, phone, menu, quote } = headerControls(page);
      const boxes = [
        ['brand', await boxOf(brand)],
        ['phone', await boxOf(phone)],
        ['menu', await boxOf(menu)],
      ] as const;
      for (const [name, box] of boxes) {
        expect(box.x, `${name} at ${width}px`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${name} at ${width}px`).toBeLessThanOrEqual(width);
        expect(Math.min(box.width, box.height), `${name} at ${width}px`).toBeGreaterThanOrEqual(24);
        for (const [other, otherBox] of boxes)
          if (other !== name) expect(overlaps(box, otherBox), `${name}, ${other} at ${width}px`).toBe(false);
      }
      expect(await quote.isVisible(), `${width}px`).toBe(false);
    }
    await headerControls(page).menu.click();
    const contact = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Contact' });
    const box = await boxOf(contact);
    expect(box.x + box.width).toBeLessThanOrEqual(414);
    expect(problems).toEqual([]);
  });

  it('has one Get Quote for a screen reader: the menu, opened, holds none of its own', async () => {
    const { page } = await phoneVisitor();
    await page.setViewportSize({ width: 320, height: 740 });
    await page.goto(`${preview.url}/`);
    await headerControls(page).menu.click();
    expect(await page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Get Quote', exact: true }).count()).toBe(1);
  });

  it('on a wide screen shows the brand with its name and the phone with its number, then Get Quote, and no menu button', async () => {
    const { page } = await wideVisitor();
    await page.goto(`${preview.url}/about`);
    const { brand, phone, quote, menu } = headerControls(page);
    expect(await menu.isVisible()).toBe(false);
    const [brandBox, navBox, phoneBox, quoteBox] = await Promise.all([
      boxOf(brand),
      boxOf(page.getByRole('navigation', { name: 'Main' })),
      boxOf(phone),
      boxOf(quote),
    ]);
    // Wider than the logo and the phone icon alone: the name and the number are drawn beside them.
    expect(brandBox.width).toBeGreaterThan(150);
    expect(phoneBox.width).toBeGreaterThan(100);
    // Left to right, none over the next, Get Quote last, inside the 1152 px column.
    for (const [left, right] of [
      [brandBox, navBox],
      [navBox, phoneBox],
      [phoneBox, quoteBox],
    ] as const)
      expect(left.x + left.width).toBeLessThanOrEqual(right.x);
    expect(quoteBox.x + quoteBox.width).toBe(1280 - 64 - 16);
    expect(quoteBox.height).toBe(44);
  });
});

describe('the header zoomed to 400%', () => {
  it('scrolls away with the page in a window of 320 by 256 px, leaving it to the form and the consent question; in a taller one it stays at the top', async () => {
    const { page } = await wideVisitor();
    for (const [height, top] of [
      [256, -400],
      [600, 0],
    ] as const) {
      await page.setViewportSize({ width: 320, height });
      await page.goto(`${preview.url}/contact`);
      await page.mouse.wheel(0, 400);
      await expect.poll(() => page.evaluate(() => scrollY)).toBe(400);
      expect((await boxOf(page.getByRole('banner'))).y, `${height}px`).toBe(top);
    }
  });
});

describe("the header's logo", () => {
  it("starts on the column's left edge, as the page's text and the footer's first column do, from 320 to 1280 px", async () => {
    const { page } = await wideVisitor();
    for (const width of [320, 390, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${preview.url}/about`);
      const [logo, story, footer] = await Promise.all([
        boxOf(headerControls(page).brand.locator('img')),
        boxOf(page.getByRole('heading', { name: 'Our Story', exact: true })),
        boxOf(page.getByRole('contentinfo').getByRole('link', { name: 'TradeBoost Digital', exact: true })),
      ]);
      expect(story.x, `${width}px`).toBe(footer.x);
      expect(logo.x, `${width}px`).toBe(footer.x);
    }
  });

  it('stays square with text at 200%, where the bar at 320 px has no room for it at full size: smaller, not squashed', async () => {
    const { page } = await openAtDoubleText(narrow);
    for (const width of [320, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${preview.url}/about`);
      const logo = await boxOf(headerControls(page).brand.locator('img'));
      expect(Math.round(logo.width), `${width}px`).toBe(Math.round(logo.height));
    }
  });
});
