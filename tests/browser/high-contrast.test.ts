/**
 * The site in a Windows high-contrast theme (CSS forced colours), as Chromium
 * draws it: the theme's own colours replace the site's, and no background
 * colour or shadow of the site's is drawn. What a visitor there would lose,
 * told by a fill or a shadow alone, must still show: which services are
 * chosen, what is a button, where a menu, a toast or a card ends, an error
 * from a success, which field is wrong.
 */
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { narrow, openPage, reusedPage, wide } from './support/browser';
import { sharedTestPreview } from './support/preview';
import { steppingClock, toast } from './support/toasts';

const preview = sharedTestPreview();
const wideVisitor = reusedPage(wide);
const phoneVisitor = reusedPage(narrow);

/**
 * `path` opened in forced colours; on a visit's first page, the consent question answered (it covers the bottom of
 * the window while asked).
 */
async function openForced(page: Page, path: string, answerConsent = true): Promise<void> {
  await page.emulateMedia({ forcedColors: 'active' });
  await page.goto(`${preview.url}${path}`);
  if (!(await page.evaluate(() => matchMedia('(forced-colors: active)').matches)))
    throw new Error('Chromium is not in forced colours');
  if (answerConsent) await page.getByRole('button', { name: 'Reject', exact: true }).click();
}

/** The top edge of an element's box, as drawn. */
function edgeOf(locator: Locator) {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return { width: style.borderTopWidth, style: style.borderTopStyle, color: style.borderTopColor };
  });
}

/** A border that shows, on an element shown: some width, a line, a colour that is not transparent. */
async function expectBorder(locator: Locator, what: string): Promise<void> {
  expect(await locator.isVisible(), `${what} is shown`).toBe(true);
  const { width, style, color } = await edgeOf(locator);
  const shows = parseFloat(width) >= 1 && style !== 'none' && style !== 'hidden' && !/^rgba\(.*, 0\)$/.test(color);
  expect(shows, `${what}: ${width} ${style} ${color}`).toBe(true);
}

/** A service's label as drawn, found by its words. */
const service = (page: Page, name: string) => page.locator('fieldset label').filter({ hasText: name });

/**
 * The box of a label's words as the screen shows it: its most common colour
 * (the ground the words stand on) and how far its farthest pixel is from that
 * colour (0 to 255 per channel, summed): the words' contrast, 0 where they do
 * not show.
 */
async function wordsAsDrawn(page: Page, label: Locator) {
  const box = await label.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element.lastChild!);
    const { x, y, width, height } = range.getBoundingClientRect();
    return { x, y, width, height };
  });
  const png = await page.screenshot({ clip: box });
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const counts = new Map<number, number>();
  const pixels: number[][] = [];
  for (let at = 0; at < data.length; at += info.channels) {
    const pixel = [data[at]!, data[at + 1]!, data[at + 2]!];
    pixels.push(pixel);
    const key = (pixel[0]! << 16) | (pixel[1]! << 8) | pixel[2]!;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const [ground] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  const groundRgb = [ground >> 16, (ground >> 8) & 255, ground & 255];
  const contrast = Math.max(
    ...pixels.map((pixel) => pixel.reduce((sum, value, i) => sum + Math.abs(value - groundRgb[i]!), 0)),
  );
  return { ground: groundRgb.join(','), contrast };
}

describe('in a high-contrast theme (forced colours)', () => {
  it("a chosen service looks chosen: its label in other colours than an unchosen one's, its words still legible", async () => {
    const { page, problems } = await wideVisitor();
    await openForced(page, '/contact');
    await service(page, 'Local SEO').click();
    const chosen = service(page, 'Local SEO');
    const unchosen = service(page, 'Google Ads');
    expect(await chosen.locator('input').isChecked()).toBe(true);
    const textColour = (label: Locator) => label.evaluate((element) => getComputedStyle(element).color);
    expect(await textColour(chosen)).not.toBe(await textColour(unchosen));

    // As the screen shows them: the chosen one's words on another ground than the unchosen one's, both readable.
    await chosen.scrollIntoViewIfNeeded();
    const [chosenWords, unchosenWords] = [await wordsAsDrawn(page, chosen), await wordsAsDrawn(page, unchosen)];
    expect(chosenWords.ground).not.toBe(unchosenWords.ground);
    expect(chosenWords.contrast).toBeGreaterThan(300);
    expect(problems).toEqual([]);
  });

  it('the send buttons of the forms, the consent question and the links drawn as buttons each keep a border', async () => {
    const { page, problems } = await wideVisitor();
    await openForced(page, '/', false);
    for (const name of ['Accept', 'Reject'])
      await expectBorder(page.getByRole('button', { name, exact: true }), `consent ${name}`);
    await page.getByRole('button', { name: 'Reject', exact: true }).click();
    await expectBorder(page.getByRole('button', { name: 'Get My Free Quote' }), 'hero form');
    await expectBorder(page.getByRole('banner').getByRole('link', { name: 'Get Quote', exact: true }), 'Get Quote');
    const strategyCalls = page.getByRole('link', { name: 'Book a Free Strategy Call' });
    expect(await strategyCalls.count()).toBe(2);
    for (const link of await strategyCalls.all()) await expectBorder(link, 'Book a Free Strategy Call');

    for (const [path, name] of [
      ['/contact', 'Send My Enquiry'],
      ['/blog', 'Subscribe'],
    ] as const) {
      await openForced(page, path, false);
      await expectBorder(page.getByRole('button', { name, exact: true }), name);
    }
    await openForced(page, '/careers', false);
    for (const name of ['Apply Now: Web Developer', 'Learn More: Web Developer'])
      await expectBorder(page.getByRole('link', { name, exact: true }), name);
    await openForced(page, '/services/local-seo', false);
    await expectBorder(page.getByRole('link', { name: 'Talk to Us About Local SEO' }), 'the service page');
    expect(problems).toEqual([]);
  });

  it("the Services menu's panel, opened over the page, has an edge", async () => {
    const { page, problems } = await wideVisitor();
    await openForced(page, '/');
    const menu = page.getByRole('navigation', { name: 'Main' }).locator('details[data-menu="services"]');
    await menu.locator('summary').click();
    const panel = menu
      .getByRole('link', { name: 'Local SEO' })
      .locator('xpath=ancestor::div[contains(@class,"grid")][1]');
    await expectBorder(panel, 'the open Services menu');
    expect(problems).toEqual([]);
  });

  it('on a phone, the menu button keeps a border', async () => {
    const { page, problems } = await phoneVisitor();
    await openForced(page, '/services/local-seo');
    await expectBorder(page.locator('details[data-menu="mobile"] > summary'), 'the menu button');
    expect(problems).toEqual([]);
  });

  it("a toast has an edge and its close button a border; an error's edge is thicker than a success's", async () => {
    // A page of its own, whose clock stands still once the form is filled in, moved on a little at each look: each toast
    // is still there for the looks at it, however long a busy machine takes over them, rather than gone in its seconds.
    // (At a time the page's clock has not reached on any machine: it cannot stop at one gone by.)
    const { page, problems } = await openPage(wide);
    // Once in many runs a step here has not ended within the test's time, which names no step: a step stuck for this
    // long fails naming itself and what it waited for.
    page.setDefaultTimeout(20_000);
    await page.clock.install();
    await openForced(page, '/');
    const form = page.locator('#home form');
    await form.getByLabel('Full name').fill('Dave Hughes');
    await form.getByLabel('Email address').fill('dave@hughesplumbing.co.uk');
    await page.clock.pauseAt(Date.now() + 60_000);
    const refused = { success: false, error: 'We could not take your enquiry just now' };
    await page.route('**/functions/v1/contact-form', (request) => request.fulfill({ json: refused }));
    await form.getByRole('button', { name: 'Get My Free Quote' }).click();
    const error = toast(page).getByRole('alert').locator('> div');
    await expect.poll(steppingClock(page, () => error.textContent())).toContain(refused.error);
    const errorEdge = await edgeOf(error);
    await page.unroute('**/functions/v1/contact-form');
    // The visitor's words are kept: sent again as they are, they are taken.
    await form.getByRole('button', { name: 'Get My Free Quote' }).click();
    const shown = toast(page).getByRole('status').locator('> div');
    await expect.poll(steppingClock(page, () => shown.textContent())).toContain('Success!');
    await expectBorder(shown, 'the toast');
    await expectBorder(shown.getByRole('button', { name: 'Dismiss notification' }), 'its close button');
    // The theme draws both in one colour: the error's edge is what tells them apart, besides their words.
    const successEdge = await edgeOf(shown);
    expect(parseFloat(errorEdge.width), JSON.stringify({ errorEdge, successEdge })).toBeGreaterThan(
      parseFloat(successEdge.width),
    );
    expect(problems).toEqual([]);
  });

  it("a card keeps an edge, where the theme draws no ring or shadow of the site's", async () => {
    const { page, problems } = await wideVisitor();
    for (const [path, heading] of [
      ['/', 'Local SEO'],
      ['/', 'Get Your Free Quote'],
      ['/blog', 'Local SEO for Tradespeople: 10 Tips to Win More Jobs Nearby'],
      ['/about', 'Sarah Mitchell'],
      ['/careers', 'Web Developer'],
      ['/case-studies', 'From quiet summers to a full diary: Sherwood Plumbing & Heating'],
      ['/contact', 'Request Your Free Strategy Call'],
      ['/services/local-seo', 'Show Up in the Map Pack'],
      ['/services/local-seo', 'Google Business Profile Optimisation'],
    ] as const) {
      await openForced(page, path, false);
      const card = page
        .getByRole('heading', { name: heading, exact: true })
        .first()
        .locator('xpath=ancestor::*[contains(@class,"rounded-2xl")][1]');
      await expectBorder(card, `${path}: the card of ${heading}`);
    }
    expect(problems).toEqual([]);
  });

  it("the blog's current category is drawn otherwise than the others, where the theme draws no fill", async () => {
    const { page, problems } = await wideVisitor();
    await openForced(page, '/blog/category/seo');
    const categories = page.getByRole('navigation', { name: 'Browse articles by category' });
    const look = (name: string) =>
      categories.getByRole('link', { name, exact: true }).evaluate((element) => {
        const style = getComputedStyle(element);
        return [style.borderTopWidth, style.textDecorationLine, style.fontWeight].join(' ');
      });
    expect(await categories.locator('[aria-current="page"]').textContent()).toBe('SEO');
    expect(await look('SEO articles')).not.toBe(await look('All articles'));
    expect(await look('Web Design articles')).toBe(await look('All articles'));
    expect(problems).toEqual([]);
  });

  it('a field the browser has found wrong is drawn otherwise than a right one', async () => {
    const { page, problems } = await wideVisitor();
    await openForced(page, '/contact');
    await page.getByLabel('Full name').fill('Dave Hughes');
    await page.getByLabel('Email address').fill('dave@');
    await page.getByRole('button', { name: 'Send My Enquiry' }).click();
    // The phone, asked for and left empty, is wrong too; the e-mail, which the browser stops at, has the focus's border.
    const [wrong, right] = [await edgeOf(page.getByLabel('Phone number')), await edgeOf(page.getByLabel('Full name'))];
    expect(wrong).not.toEqual(right);
    expect(problems).toEqual([]);
  });
});
