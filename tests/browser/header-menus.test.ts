/**
 * The header's menus in a real browser against the real preview server: the
 * mobile menu on a narrow screen, the Services dropdown on a wide one.
 */
import { describe, expect, it } from 'vitest';
import { narrow, openPage, reusedPage, wide } from './support/browser';
import { sharedTestPreview } from './support/preview';

const preview = sharedTestPreview();
const narrowVisitor = reusedPage(narrow);
const wideVisitor = reusedPage(wide);
const visitorWithoutJavaScript = reusedPage({ ...wide, javaScript: false });

describe('mobile menu (narrow screen)', () => {
  it('the toggle opens and closes the menu, aria-expanded tells the state, and a link click closes it', async () => {
    const { page, problems } = await narrowVisitor();
    await page.goto(`${preview.url}/`);
    const toggle = page.locator('details[data-menu="mobile"] > summary');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);

    await toggle.click();
    expect(await menu.isVisible()).toBe(true);
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await toggle.click();
    expect(await menu.isVisible()).toBe(false);
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');

    await toggle.click();
    await menu.getByRole('link', { name: 'Testimonials' }).click();
    await page.waitForURL(/#testimonials$/);
    expect(await menu.isVisible()).toBe(false);
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(problems).toEqual([]);
  });

  it('the Services entry opens on a tap and lists the services and all 27 trades', async () => {
    const { page } = await narrowVisitor();
    await page.goto(`${preview.url}/about`);
    await page.locator('details[data-menu="mobile"] > summary').click();
    const services = page.locator('details[data-menu="mobile"] details[data-menu="services"]');
    await services.locator('summary').click();
    await expect.poll(() => services.locator('summary').getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('details[data-menu="mobile"]').getAttribute('open')).not.toBeNull();
    const links = services.getByRole('link');
    expect(await links.count()).toBe(32);
    // The last of them, A to Z.
    await services.getByRole('link', { name: 'Window / Door Fitter (Glazier)' }).click();
    await page.waitForURL(/\/services\/window-door-fitter$/);
    expect(await page.locator('h1').textContent()).toBe('Digital Marketing for Window & Door Fitters');
  });

  it('with the Services entry open, a link below it goes to its page: the entry stays open while the menu holds focus', async () => {
    const { page } = await narrowVisitor();
    await page.goto(`${preview.url}/about`);
    const menu = page.locator('details[data-menu="mobile"]');
    await menu.locator('> summary').click();
    const services = menu.locator('details[data-menu="services"]');
    await services.locator('summary').click();
    await expect.poll(() => services.getAttribute('open')).not.toBeNull();
    // Pressed, the link takes focus from the entry: were the entry to shut then, the link would move from under the finger.
    const link = menu.getByRole('link', { name: 'Contact' });
    await link.scrollIntoViewIfNeeded();
    const contact = (await link.boundingBox())!;
    await page.mouse.move(contact.x + contact.width / 2, contact.y + contact.height / 2);
    await page.mouse.down();
    expect(await services.getAttribute('open')).not.toBeNull();
    await page.mouse.up();
    await page.waitForURL(/\/contact$/);
    expect(await page.locator('h1').textContent()).toBe("Let's Grow Your Business Together");
  });

  it('Escape closes the menu and returns focus to the toggle', async () => {
    const { page } = await narrowVisitor();
    await page.goto(`${preview.url}/contact`);
    const toggle = page.locator('details[data-menu="mobile"] > summary');
    await toggle.click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'About' }).focus();
    await page.keyboard.press('Escape');
    expect(await page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(false);
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
  });
});

describe('Services dropdown (wide screen)', () => {
  it('opens on hover, stays open as the mouse moves down to a link, which it follows; closes when the mouse leaves', async () => {
    const { page, problems } = await wideVisitor();
    await page.goto(`${preview.url}/`);
    const services = page.getByRole('navigation', { name: 'Main' }).locator('details[data-menu="services"]');
    const panel = services.getByRole('link', { name: 'Plumber', exact: true });
    expect(await panel.isVisible()).toBe(false);
    await services.locator('summary').hover();
    await expect.poll(() => panel.isVisible()).toBe(true);
    await expect.poll(() => services.locator('summary').getAttribute('aria-expanded')).toBe('true');
    await page.mouse.move(10, 600);
    await expect.poll(() => panel.isVisible()).toBe(false);
    await expect.poll(() => services.locator('summary').getAttribute('aria-expanded')).toBe('false');

    // As a hand moves a mouse: from the word down across the space below it to a trade, every step on the way.
    const word = (await services.locator('summary').boundingBox())!;
    await page.mouse.move(word.x + word.width / 2, word.y + word.height / 2);
    await expect.poll(() => panel.isVisible()).toBe(true);
    const link = (await panel.boundingBox())!;
    await page.mouse.move(link.x + link.width / 2, link.y + link.height / 2, { steps: 25 });
    expect(await panel.isVisible()).toBe(true);
    await page.mouse.down();
    await page.mouse.up();
    await page.waitForURL(`${preview.url}/services/plumber`);
    expect(problems).toEqual([]);
  });

  it('stays open as the mouse cuts the corner from the word to the first service, outside both on the way', async () => {
    // A page of its own: the fake clock, paused below, stays with a page, and would hold still the timers of the tests after.
    const { page } = await openPage(wide);
    await page.clock.install();
    await page.goto(`${preview.url}/blog`);
    const services = page.getByRole('navigation', { name: 'Main' }).locator('details[data-menu="services"]');
    const word = (await services.locator('summary').boundingBox())!;
    await page.mouse.move(word.x + word.width / 2, word.y + word.height / 2);
    await expect.poll(() => services.getAttribute('open')).not.toBeNull();
    // The page's clock stands still while the mouse moves, in steps a busy machine may take longer over than a hand
    // would: what the menu waits for is its own time, run below.
    await page.clock.pauseAt(Date.now() + 60_000);
    // The panel is far wider than the word: a line to a link on its left leaves the word by its side, just above the
    // panel's top edge, outside both, where a hand takes a quarter of a second.
    const beside = { x: word.x - 4, y: word.y + word.height - 4 };
    const inMenu = await services.evaluate((menu, { x, y }) => menu.contains(document.elementFromPoint(x, y)), beside);
    expect(inMenu).toBe(false);
    await page.mouse.move(beside.x, beside.y, { steps: 10 });
    await page.clock.runFor(250);
    const link = (await services.getByRole('link', { name: 'Local SEO' }).boundingBox())!;
    await page.mouse.move(link.x + 40, link.y + link.height / 2, { steps: 25 });
    // Back inside the menu, it stays open however long the visitor takes to click, well past the moment it waits.
    await page.clock.runFor(1000);
    expect(await services.getAttribute('open')).not.toBeNull();
    await page.mouse.down();
    await page.mouse.up();
    await page.waitForURL(`${preview.url}/services/local-seo`);
  });

  it('the click a mouse makes on arriving leaves it open; the toggle then closes it, a click outside closes it, and a link click goes to the page', async () => {
    const { page } = await wideVisitor();
    await page.goto(`${preview.url}/careers`);
    const services = page.getByRole('navigation', { name: 'Main' }).locator('details[data-menu="services"]');
    const summary = services.locator('summary');
    await summary.hover();
    await expect.poll(() => services.getAttribute('open')).not.toBeNull();
    // Opened by the hover: the click a visitor makes on the word, as on any menu, does not shut it in their face.
    await summary.click();
    expect(await services.getAttribute('open')).not.toBeNull();
    await expect.poll(() => summary.getAttribute('aria-expanded')).toBe('true');
    await summary.click();
    expect(await services.getAttribute('open')).toBeNull();
    await summary.click();
    expect(await services.getAttribute('open')).not.toBeNull();
    await page.mouse.click(640, 700);
    expect(await services.getAttribute('open')).toBeNull();
    await summary.hover();
    await services.getByRole('link', { name: 'Google Ads' }).click();
    await page.waitForURL(/\/services\/google-ads$/);
  });

  it('opened by the mouse while the focus is elsewhere, Escape closes it', async () => {
    const { page } = await wideVisitor();
    await page.goto(`${preview.url}/case-studies`);
    await page.getByRole('heading', { level: 1 }).click();
    const services = page.getByRole('navigation', { name: 'Main' }).locator('details[data-menu="services"]');
    await services.locator('summary').hover();
    await expect.poll(() => services.getAttribute('open')).not.toBeNull();
    await page.keyboard.press('Escape');
    expect(await services.getAttribute('open')).toBeNull();
    // The toggle event that updates aria-expanded is queued as a task after the menu shuts, as the HTML standard says.
    await expect.poll(() => services.locator('summary').getAttribute('aria-expanded')).toBe('false');
  });

  it('works by keyboard: Enter opens, Tab reaches the links, Escape closes and returns focus', async () => {
    const { page } = await wideVisitor();
    await page.goto(`${preview.url}/about`);
    const services = page.getByRole('navigation', { name: 'Main' }).locator('details[data-menu="services"]');
    const summary = services.locator('summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => summary.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Local SEO');
    await page.keyboard.press('Escape');
    expect(await services.getAttribute('open')).toBeNull();
    expect(await summary.evaluate((element) => element === document.activeElement)).toBe(true);
    // Tabbing out of an open menu closes it.
    await page.keyboard.press('Enter');
    for (let i = 0; i < 33; i += 1) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Testimonials');
    expect(await services.getAttribute('open')).toBeNull();
  });

  it('holding the keyboard focus, stays open as the mouse passes over it and away, the focus where it was', async () => {
    const { page } = await openPage(wide);
    await page.goto(`${preview.url}/about`);
    const services = page.getByRole('navigation', { name: 'Main' }).locator('details[data-menu="services"]');
    await services.locator('summary').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const link = (await services.getByRole('link', { name: 'Google Ads' }).boundingBox())!;
    await page.mouse.move(link.x + 10, link.y + link.height / 2);
    await page.mouse.move(10, 600);
    // Well past the moment a menu the mouse opened waits before it shuts.
    await page.waitForTimeout(1000);
    expect(await services.getAttribute('open')).not.toBeNull();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Local SEO');
  });

  it('turns its chevron as it opens, at once for a visitor who asks for reduced motion', async () => {
    const { page } = await wideVisitor();
    await page.goto(`${preview.url}/about`);
    const chevron = page.getByRole('navigation', { name: 'Main' }).locator('details[data-menu="services"] summary svg');
    const turning = () => chevron.evaluate((icon) => getComputedStyle(icon).transitionDuration);
    expect(await turning()).toBe('0.15s');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    try {
      expect(await turning()).toBe('0s');
    } finally {
      await page.emulateMedia({ reducedMotion: 'no-preference' });
    }
  });

  it('with JavaScript off the menu still opens and its links are reachable', async () => {
    const { page } = await visitorWithoutJavaScript();
    await page.goto(`${preview.url}/`);
    const services = page.getByRole('navigation', { name: 'Main' }).locator('details[data-menu="services"]');
    await services.locator('summary').click();
    await services.getByRole('link', { name: 'Roofer' }).click();
    await page.waitForURL(/\/services\/roofer$/);
  });
});
