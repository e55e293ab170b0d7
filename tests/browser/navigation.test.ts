/**
 * Menus, the blog's category links and the not-found page in a real browser, at a narrow
 * and a wide viewport and by keyboard; the home page still as it arrives over a slow
 * connection. (Every page of the site with no console error or CSP violation:
 * every-page.test.ts.)
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { blogCategoryLinks, consentQuestion } from '../support/site';
import { holdBack, layoutShift, narrow, openPage, reusedPage, wide } from './support/browser';
import { sharedTestPreview } from './support/preview';
import { slowConnection } from './support/slow-connection';

const preview = sharedTestPreview();
const narrowVisitor = reusedPage(narrow);
const wideVisitor = reusedPage(wide);
const visitorWithoutJavaScript = reusedPage({ ...wide, javaScript: false });

describe('mobile menu (narrow screen)', () => {
  it('the toggle opens and closes the menu, aria-expanded tells the state, and a link click closes it', async () => {
    const { page, problems } = await narrowVisitor();
    await page.goto(`${preview.url}/`);
    const toggle = page.locator('details[data-menu="mobile"] > summary');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
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
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'About' }).focus();
    await page.keyboard.press('Escape');
    expect(await page.getByRole('navigation', { name: 'Mobile' }).isVisible()).toBe(false);
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
    const { page } = await wideVisitor();
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
    await page.locator('main article').getByRole('link', { name: 'SEO', exact: true }).click();
    await page.waitForURL(`${preview.url}/blog/category/seo`);
    expect(await page.locator('h1').textContent()).toBe('Marketing Tips for Tradesmen: SEO');
  });
});

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

describe('the home page on a slow connection', () => {
  it('keeps the header and the hero where they are first drawn while the rest arrives', async () => {
    const { page, problems } = await openPage(wide);
    // The header cut where a piece could end on any connection: in its menu, and before its Get Quote.
    const connection = await slowConnection(preview.url, page, ['Services<svg', 'Get Quote']);
    try {
      await page.goto(`${connection.url}/`, { waitUntil: 'load' });
      expect(await layoutShift(page)).toEqual({ total: 0, moved: '' });
      expect(problems).toEqual([]);
    } finally {
      await connection.close();
    }
  });
});

/** Whether the focused element shows whole: in the window, under nothing (the sticky header, the consent question). */
const focusShows = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const box = element.getBoundingClientRect();
    const inWindow = box.top >= 0 && box.bottom <= innerHeight;
    const corners = [
      [box.left + 2, box.top + 2],
      [box.right - 2, box.bottom - 2],
    ].map(([x, y]) => document.elementFromPoint(x!, y!));
    return {
      name: element.textContent?.trim() || element.getAttribute('name'),
      shows: inWindow && corners.every((seen) => seen !== null && (element.contains(seen) || seen.contains(element))),
    };
  });

describe('by keyboard, in a small or zoomed window', () => {
  it('tabbing backwards up a phone-sized page, each focused field and link shows clear of the sticky header', async () => {
    const { page, problems } = await openPage({ width: 360, height: 740 });
    await page.goto(`${preview.url}/contact`);
    await page.getByRole('button', { name: 'Reject' }).click();
    await page.locator('footer a').last().focus();
    const hidden: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      await page.keyboard.press('Shift+Tab');
      const focused = await focusShows(page);
      if (!focused.shows) hidden.push(String(focused.name));
    }
    expect(hidden).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("tabbing through the contact form's services on a phone while the consent question is asked, each service's box shows whole, above the question", async () => {
    const { page, problems } = await openPage({ width: 375, height: 667 });
    await page.goto(`${preview.url}/contact`);
    await expect.poll(() => page.getByRole('region', { name: consentQuestion }).isVisible()).toBe(true);
    await page.getByLabel('Monthly marketing budget').focus();
    const hidden: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      await page.keyboard.press('Tab');
      // The checkbox is hidden in its label, which is what a visitor sees, and what shows its focus.
      const label = await page.evaluate(() => {
        const box = document.activeElement!.closest('label')!;
        const { left, top, right, bottom } = box.getBoundingClientRect();
        // Its top and its bottom, halfway along: its corners are rounded off.
        const seen = [top + 2, bottom - 2].map((y) => document.elementFromPoint((left + right) / 2, y));
        return {
          name: box.textContent!.trim(),
          shows: seen.every((element) => element !== null && box.contains(element)),
        };
      });
      if (!label.shows) hidden.push(label.name);
    }
    expect(hidden).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('a form sent from its foot without a name, on a phone upright or on its side, takes the visitor to the name field with its label in view below the header', async () => {
    for (const [width, height] of [
      [375, 667],
      [667, 375],
    ]) {
      const { page } = await openPage({ width, height });
      await page.goto(`${preview.url}/contact`);
      const form = page.locator('main form');
      await form.getByLabel('Email address').fill('dave@hughesplumbing.co.uk');
      await form.getByRole('button', { name: 'Send My Enquiry' }).click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('contact-name');
      const labelShows = await page.evaluate(() => {
        const { left, top } = document.querySelector('label[for="contact-name"]')!.getBoundingClientRect();
        return document.elementFromPoint(left + 2, top + 2)?.closest('label')?.htmlFor;
      });
      expect(labelShows, `${width}x${height}`).toBe('contact-name');
    }
  });

  it('tabbing along the sticky header halfway down a page moves the page not at all, on a laptop and a phone', async () => {
    for (const viewport of [wide, { width: 390, height: 844 }]) {
      const { page } = await openPage(viewport);
      await page.goto(`${preview.url}/about`);
      await page.getByRole('button', { name: 'Reject' }).click();
      await page.evaluate(() => window.scrollTo(0, 1500));
      await page.locator('header a').first().focus();
      const seen = [await page.evaluate(() => [document.activeElement!.closest('header') !== null, window.scrollY])];
      // The logo and the next three: the phone's bar holds four.
      for (let i = 0; i < 3; i += 1) {
        await page.keyboard.press('Tab');
        seen.push(await page.evaluate(() => [document.activeElement!.closest('header') !== null, window.scrollY]));
      }
      expect(seen, `${viewport.width} px`).toEqual(Array(4).fill([true, 1500]));
    }
  });

  it("a short laptop window reaches the Services menu's last trade", async () => {
    const { page } = await openPage({ width: 1093, height: 520 });
    await page.goto(`${preview.url}/about`);
    await page.getByRole('button', { name: 'Reject' }).click();
    await page.getByRole('navigation', { name: 'Main' }).locator('summary').focus();
    await page.keyboard.press('Enter');
    // 5 services and 27 trades.
    for (let i = 0; i < 32; i += 1) await page.keyboard.press('Tab');
    expect(await focusShows(page)).toEqual({ name: 'Window / Door Fitter (Glazier)', shows: true });
  });

  it('at 400% zoom the consent question shows whole, above the page it leaves room to read', async () => {
    const { page } = await openPage({ width: 320, height: 256 });
    await page.goto(`${preview.url}/contact`);
    const question = page.getByRole('region', { name: consentQuestion });
    await expect.poll(() => question.isVisible()).toBe(true);
    expect((await question.boundingBox())!.height).toBeLessThanOrEqual(128);
    // From the question itself: its link to the cookie policy, then Accept.
    await question.focus();
    for (let i = 0; i < 2; i += 1) await page.keyboard.press('Tab');
    expect(await focusShows(page)).toEqual({ name: 'Accept', shows: true });
  });

  it('on 320 and 375 px phones the tables of a policy and an article keep their words whole: nothing scrolls sideways, which a keyboard could not reach', async () => {
    for (const width of [320, 375]) {
      const { page } = await openPage({ width, height: 640 });
      for (const path of ['/cookie-policy', '/blog/digital-marketing-roi']) {
        await page.goto(`${preview.url}${path}`);
        const tables = await page.locator('main table').evaluateAll((elements) =>
          elements.map((table) => ({
            right: table.getBoundingClientRect().right,
            hidden: table.scrollWidth - table.clientWidth,
          })),
        );
        expect(tables.length).toBeGreaterThan(0);
        for (const { right, hidden } of tables) expect([right <= width, hidden]).toEqual([true, 0]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
        expect(await wordsBrokenInTables(page), `${path} at ${width} px`).toEqual([]);
      }
    }
  });

  it("the accent button's focus ring is white on the home page's blue hero, the articles' dark call to action and the blog's newsletter", async () => {
    const { page } = await wideVisitor();
    for (const [path, role, name] of [
      ['/', 'link', 'Book a Free Strategy Call'],
      ['/blog/local-seo-tips', 'link', 'Book a Free Strategy Call'],
      ['/blog', 'button', 'Subscribe'],
    ] as const) {
      await page.goto(`${preview.url}${path}`);
      const button = page.locator('main').getByRole(role, { name, exact: true }).first();
      // A form's button waits for its script.
      await expect.poll(() => button.isEnabled()).toBe(true);
      await button.focus();
      // Once the button's colour transition has run.
      await expect
        .poll(() => button.evaluate((element) => getComputedStyle(element).outlineColor), { message: path })
        .toBe('rgb(255, 255, 255)');
    }
  });
});

/** The words of the page's tables drawn on two lines but at a hyphen of their own ("tradeboost-" above "consent"). */
function wordsBrokenInTables(page: Page): Promise<string[]> {
  return page.locator('main table').evaluateAll((tables) => {
    const lines = (node: Text, start: number, end: number) => {
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, end);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    };
    const broken: string[] = [];
    for (const table of tables) {
      const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null)
        for (const { 0: word, index } of node.data.matchAll(/\S+/g)) {
          let start = index;
          const parts = word.split(/(?<=-)/).map((part) => [start, (start += part.length)] as const);
          if (parts.some(([from, to]) => lines(node, from, to) > 1)) broken.push(word);
        }
    }
    return broken;
  });
}
