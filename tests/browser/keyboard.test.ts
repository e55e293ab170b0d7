/**
 * The site by keyboard in a small or zoomed window, in a real browser against
 * the real preview server: each focused field and link shows whole, clear of
 * the sticky header and the consent question, nothing scrolls sideways out of
 * a keyboard's reach, and a button's focus ring shows on the ground it stands on.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consentQuestion } from '../support/site';
import { openPage, reusedPage, wide } from './support/browser';
import { fillContactRequired } from './support/forms';
import { sharedTestPreview } from './support/preview';
import { toast } from './support/toasts';

const preview = sharedTestPreview();
const wideVisitor = reusedPage(wide);

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

/** The field whose label is seen at the label's top left corner: the field's id when nothing covers it. */
const labelShows = (page: Page, id: string) =>
  page.evaluate((id) => {
    const { left, top } = document.querySelector(`label[for="${id}"]`)!.getBoundingClientRect();
    return document.elementFromPoint(left + 2, top + 2)?.closest('label')?.htmlFor;
  }, id);

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
      expect(await labelShows(page, 'contact-name'), `${width}x${height}`).toBe('contact-name');
    }
  });

  it("a field that takes the focus just under the header, where WebKit's scrolling leaves it, is brought out with its label; one pressed there stays under the pointer", async () => {
    const { page, problems } = await openPage({ width: 390, height: 844 });
    await page.goto(`${preview.url}/contact`);
    await page.getByRole('button', { name: 'Reject' }).click();
    // Where WebKit leaves a field that takes the focus: as far below the window's top as the page's scroll-padding asks,
    // heedless of the field's scroll-margin (the room for its label).
    const placeJustUnderHeader = (id: string) =>
      page.evaluate((id) => {
        const field = document.getElementById(id)!;
        const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop);
        scrollBy(0, field.getBoundingClientRect().top - padding);
      }, id);
    await placeJustUnderHeader('contact-name');
    expect(await labelShows(page, 'contact-name')).toBeUndefined();
    await page.evaluate(() => document.getElementById('contact-name')!.focus({ preventScroll: true }));
    await expect.poll(() => labelShows(page, 'contact-name')).toBe('contact-name');

    await placeJustUnderHeader('contact-email');
    const before = await page.evaluate(() => scrollY);
    const box = (await page.locator('#contact-email').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.evaluate(() => new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame))));
    expect(await page.evaluate(() => [document.activeElement?.id, scrollY])).toEqual(['contact-email', before]);
    await page.mouse.up();
    expect(problems).toEqual([]);
  });

  // Every Tab stop to the footer's last, each a press and a look, the form's send before them: a loaded machine takes
  // its time.
  it("tabbing on from a form just sent on a phone, each link below it shows clear of the toast that says it was sent, to the footer's last, and the page stays still as the toast goes", async () => {
    const { page, problems } = await openPage({ width: 390, height: 844 });
    await page.clock.install();
    await page.goto(`${preview.url}/contact`);
    await page.getByRole('button', { name: 'Reject' }).click();
    const form = page.locator('main form');
    await fillContactRequired(form);
    // The page's clock stopped before the toast shows, its five seconds with it: a slow machine tabs as far while it
    // shows as a quick one. (At a time the page's clock has not reached on any machine: it cannot stop at one gone by.)
    await page.clock.pauseAt(Date.now() + 60_000);
    await form.getByRole('button', { name: 'Send My Enquiry' }).click();
    // Its frames and timers moved on a little at each look until the toast shows (a page's code may wait for one).
    await expect
      .poll(async () => {
        await page.clock.runFor(50);
        return toast(page).textContent();
      })
      .toContain('Success!');
    const hidden: string[] = [];
    let focused = { name: '' as string | null, shows: true };
    while (focused.name !== 'Cookie settings') {
      await page.keyboard.press('Tab');
      focused = await focusShows(page);
      if (!focused.shows) hidden.push(String(focused.name));
    }
    expect(await toast(page).textContent()).toContain('Success!');
    expect(hidden).toEqual([]);
    // At the page's end, where the toast made room below the footer: the footer stays where it is read as it goes.
    const footerTop = () => page.evaluate(() => document.querySelector('footer')!.getBoundingClientRect().top);
    const before = await footerTop();
    await page.clock.runFor(5_000);
    await expect.poll(() => toast(page).textContent()).toBe('');
    expect(await footerTop()).toBe(before);
    expect(await focusShows(page)).toEqual({ name: 'Cookie settings', shows: true });
    expect(problems).toEqual([]);
  }, 60_000);

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

  it("a hero button's focus ring is white on the blue heroes of the home page, a trade page and a service page, the red hero of reputation management, the articles' dark call to action and the blog's newsletter", async () => {
    const { page } = await wideVisitor();
    for (const [path, role, name] of [
      ['/', 'link', 'Book a Free Strategy Call'],
      ['/services/plumber', 'link', 'Get Your Free Marketing Audit'],
      ['/services/local-seo', 'link', 'Talk to Us About Local SEO'],
      ['/services/reputation-management', 'link', 'Protect Your Reputation'],
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
