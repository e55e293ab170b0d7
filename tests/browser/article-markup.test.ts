/**
 * What a marketer writes in an article, as a visitor's browser lays it out: a long address pasted as it is, a long
 * word (in its title too), a code sample, a table with a column of prices aligned right, one with a long address in a cell, a checklist, lists within lists, a quote with who
 * said it, a heading of the fourth level, a footnote, a photo with its title. Served by `sitegen dev` over a copy
 * of the content holding one such article.
 */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/dev-server';
import { projectRoot } from '../support/cli';
import { writeSettled } from '../support/project-copy';
import { openPage } from './support/browser';
import { openAtDoubleText } from './support/boxes';

let content: string;
let dev: DevServer;

const longAddress =
  'https://www.example.com/offers/winter-boiler-service-derby?utm_source=newsletter&utm_medium=email&utm_campaign=winter-boiler-offer-2026';
// As Facebook sends a visitor on: its click id is one long word.
const adAddress =
  'https://www.example.com/offers/winter-boiler-service-derby?fbclid=IwZXh0bgNhZW0CMTEAAR2kLqXhYv3xQe7Lw0l2cYx7f2Zc5z1vUuG4f8aRkQm9jXc0lqk4zq1v9pY8GQ_aem_AbCdEfGhIjKlMnOpQrStUvWxYz';
// Six columns, some of long words: wider than the text's column on a phone, upright or turned sideways.
const wideTable = `| Trade | Monthly budget | Cost per lead | Conversion rate | Lifetime value | Recommendation |
|---|---|---:|:---:|---:|---|
| Heating engineers | £1,500 | £23.50 | 35% | £4,200 | Electroencephalographically-optimised remarketing |
| Roofers | £2,200 | £41.25 | 28% | £7,800 | Internationalisation-of-everything programme |
`;
// Services by name, each a link of the site's own, beside long words about them.
const servicesTable = `| Service | What it does for you | How long it takes |
|---|---|---|
| [Local SEO](/services/local-seo) | Strictly necessary: gets your business into the map results when people nearby search for your trade, with reviews and photos | 12 months, then we ask again whether it still pays for itself |
| [Website design](/contact) | Only if you said yes: how you reached our site, on your first visit and your latest one (the page you arrived on and the day) | 90 days from the last time a link, an advert or another website brought you |
`;
// A year's budget by month: wider than the text's column on a desktop too.
const yearTable = `| Trade | January | February | March | April | May | June | July | August | September | October | November | December |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
| Heating engineers | £1,500 | £1,500 | £1,200 | £900 | £750 | £600 | £600 | £750 | £1,200 | £1,500 | £1,800 | £1,800 |
`;
const longTitle = 'Pneumonoultramicroscopicsilicovolcanoconiosis Roofer Guide';
const body = `Book through ${longAddress} before the end of the month.

Pneumonoultramicroscopicsilicovolcanoconiosispneumonoultramicroscopicsilicovolcanoconiosis is a long word.

\`\`\`html
<meta name="description" content="24/7 emergency plumber in Derby: boilers, leaks and blocked drains, fixed the same day by a Gas Safe engineer">
\`\`\`

| Plan | Price |
|------|------:|
| Starter | £99 |

| Campaign | Landing page |
|---|---|
| Winter boilers | ${adAddress} |

- [x] Claim your Google Business Profile
- [ ] Ask for a review after every job

+ [x] Book the van's MOT

+ [ ] Renew the public liability insurance

* Heating
  * Boilers
    * Combi boilers
* Plumbing

1. Claim your profile
   1. Add photos
      1. Of the van
   2. Add opening hours
2. Ask for reviews
   - By text message

## What our clients say

> We had more calls in March than in the whole winter.
>
> — Dave Price, Price Plumbing

### Running costs

![Our van outside a house in Derby](https://images.unsplash.com/photo-1 "Our van, on a job in Derby")

#### Fuel

Diesel is a cost of every job.[^fuel]

[^fuel]: RAC Foundation's fuel watch, 2026.
`;

beforeAll(async () => {
  content = join(await mkdtemp(join(tmpdir(), 'sitegen-article-markup-')), 'content');
  await cp(join(projectRoot, 'content'), content, { recursive: true, preserveTimestamps: true });
  const article = join(content, 'blog', 'digital-marketing-roi.md');
  const text = await readFile(article, 'utf8');
  // A title of one long word too, which the page's heading and its breadcrumb both show.
  const frontMatter = text.slice(0, text.indexOf('\n---\n') + 5).replace(/^title: .*$/m, `title: "${longTitle}"`);
  await writeSettled(article, frontMatter + '\n' + body);
  const tips = join(content, 'blog', 'local-seo-tips.md');
  await writeSettled(tips, (await readFile(tips, 'utf8')) + '\n' + servicesTable + '\n' + yearTable + '\n' + wideTable);
  dev = await startDevServer({ root: projectRoot, content, port: 0, host: '127.0.0.1', leadsDir: null, log: () => {} });
});
afterAll(async () => {
  await dev?.close();
  await rm(join(content, '..'), { recursive: true, force: true });
});

describe('an article as a marketer writes it', () => {
  for (const width of [320, 768, 1280]) {
    it(`fits a ${width} px screen: no long address (in a table's cell too), word (in the title and breadcrumb too) or code sample makes the page or a box scroll sideways, or stands out of the text's column`, async () => {
      const { page, problems } = await openPage({ width, height: 800 });
      await page.goto(`${dev.url}/blog/digital-marketing-roi`);
      const sideways = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        // The notes' heading is for screen readers alone, clipped to nothing on purpose.
        boxes: [...document.querySelectorAll('.prose :not(.sr-only)')]
          .filter((element) => element.scrollWidth > element.clientWidth && element.clientWidth > 0)
          .map((element) => element.tagName),
        outside: [...document.querySelectorAll('.prose > *')]
          .filter(
            (element) => element.getBoundingClientRect().right > element.parentElement!.getBoundingClientRect().right,
          )
          .map((element) => element.tagName),
      }));
      expect(sideways).toEqual({ page: 0, boxes: [], outside: [] });
      expect(problems).toEqual([]);
    });
  }

  it('aligns a price column right as the table asks, with no attribute HTML has dropped', async () => {
    const { page } = await openPage({ width: 1280 });
    await page.goto(`${dev.url}/blog/digital-marketing-roi`);
    const cells = await page.locator('.prose table:first-of-type td').evaluateAll((tds) =>
      tds.map((td) => ({
        text: td.textContent,
        align: getComputedStyle(td).textAlign,
        attribute: td.hasAttribute('align'),
      })),
    );
    expect(cells).toEqual([
      { text: 'Starter', align: 'left', attribute: false },
      { text: '£99', align: 'right', attribute: false },
    ]);
  });

  it('shows a checklist as ticked and unticked boxes a screen reader names, not unlabelled form fields', async () => {
    const { page } = await openPage({ width: 1280 });
    await page.goto(`${dev.url}/blog/digital-marketing-roi`);
    expect(await page.locator('.prose input').count()).toBe(0);
    expect(await page.locator('.prose > ul:first-of-type > li').allTextContents()).toEqual([
      '☑ Claim your Google Business Profile',
      '☐ Ask for a review after every job',
    ]);
  });

  it("shows a checklist's box in place of a bullet, not after one, its items close together or apart", async () => {
    const { page } = await openPage({ width: 1280 });
    await page.goto(`${dev.url}/blog/digital-marketing-roi`);
    const markers = await page
      .locator('.prose li', { hasText: /^[☑☐]/ })
      .evaluateAll((items) =>
        items.map((item) => `${item.textContent!.trim()}: ${getComputedStyle(item).listStyleType}`),
      );
    expect(markers).toEqual([
      '☑ Claim your Google Business Profile: none',
      '☐ Ask for a review after every job: none',
      "☑ Book the van's MOT: none",
      '☐ Renew the public liability insurance: none',
    ]);
  });

  for (const width of [320, 1280]) {
    it(`marks a list within a list apart from the list it is in, each level by bullets or numbers of its own, at ${width} px`, async () => {
      const { page } = await openPage({ width });
      await page.goto(`${dev.url}/blog/digital-marketing-roi`);
      const markers = await page
        .locator('.prose > :is(ul, ol):has(li li) li')
        .evaluateAll((items) =>
          items.map((item) => `${item.firstChild!.textContent!.trim()}: ${getComputedStyle(item).listStyleType}`),
        );
      expect(markers).toEqual([
        'Heating: disc',
        'Boilers: circle',
        'Combi boilers: square',
        'Plumbing: disc',
        'Claim your profile: decimal',
        'Add photos: lower-alpha',
        'Of the van: lower-roman',
        'Add opening hours: lower-alpha',
        'Ask for reviews: decimal',
        'By text message: circle',
      ]);
    });
  }

  for (const [width, text] of [
    [1280, 100],
    [320, 200],
  ] as const) {
    it(`sets a list within a list in from the list it is in, at ${width} px with text at ${text} %`, async () => {
      const { page } = text === 200 ? await openAtDoubleText({ width }) : await openPage({ width });
      await page.goto(`${dev.url}/blog/digital-marketing-roi`);
      const nested = await page.locator('.prose li li').evaluateAll((items) =>
        items.map((item) => {
          const outer = item.parentElement!.closest('li')!;
          const setIn = item.getBoundingClientRect().left > outer.getBoundingClientRect().left;
          return `${item.firstChild!.textContent!.trim()}: ${setIn ? 'set in' : 'in line with its parent'}`;
        }),
      );
      expect(nested).toEqual(
        ['Boilers', 'Combi boilers', 'Add photos', 'Of the van', 'Add opening hours', 'By text message'].map(
          (words) => `${words}: set in`,
        ),
      );
    });
  }

  it('shows a heading of the fourth level as a heading, bold, not as a line of the text', async () => {
    const { page } = await openPage({ width: 1280 });
    await page.goto(`${dev.url}/blog/digital-marketing-roi`);
    const weight = (selector: string) =>
      page.locator(selector).evaluate((element) => getComputedStyle(element).fontWeight);
    expect({ heading: await weight('.prose h4'), text: await weight('.prose h4 + p') }).toEqual({
      heading: '700',
      text: '400',
    });
  });

  it("sets a quote's words and who said them apart, as the two paragraphs written", async () => {
    const { page } = await openPage({ width: 1280 });
    await page.goto(`${dev.url}/blog/digital-marketing-roi`);
    const [words, name] = await page
      .locator('.prose blockquote p')
      .evaluateAll((paragraphs) => paragraphs.map((paragraph) => paragraph.getBoundingClientRect()));
    expect(name!.top - words!.bottom).toBeGreaterThan(0);
  });

  it('sets the notes apart from the text by a rule, in smaller type', async () => {
    const { page } = await openPage({ width: 1280 });
    await page.goto(`${dev.url}/blog/digital-marketing-roi`);
    const notes = await page.locator('.prose .footnotes').evaluate((section) => {
      const [style, text] = [getComputedStyle(section), getComputedStyle(document.querySelector('.prose > p')!)];
      return { rule: style.borderTopWidth, smaller: parseFloat(style.fontSize) < parseFloat(text.fontSize) };
    });
    expect(notes).toEqual({ rule: '1px', smaller: true });
  });

  it("shows a photo's title under it as its caption, in smaller type than the text", async () => {
    const { page } = await openPage({ width: 320 });
    await page.goto(`${dev.url}/blog/digital-marketing-roi`);
    const caption = await page.locator('.prose figure').evaluate((figure) => {
      const [photo, caption] = [figure.querySelector('img')!, figure.querySelector('figcaption')!];
      const text = getComputedStyle(document.querySelector('.prose > p')!);
      return {
        words: caption.innerText,
        below: caption.getBoundingClientRect().top >= photo.getBoundingClientRect().bottom,
        smaller: parseFloat(getComputedStyle(caption).fontSize) < parseFloat(text.fontSize),
      };
    });
    expect(caption).toEqual({ words: 'Our van, on a job in Derby', below: true, smaller: true });
  });

  for (const width of [320, 667]) {
    it(`scrolls a table of six columns within itself on a ${width} px phone (${width > 320 ? 'turned sideways' : 'upright'}), not the page, and keeps it within the text's column`, async () => {
      const { page } = await openPage({ width, height: 375 });
      await page.goto(`${dev.url}/blog/local-seo-tips`);
      const table = page.locator('.prose table').last();
      const laidOut = await table.evaluate((element) => ({
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        scrolls: element.scrollWidth > element.clientWidth,
        within: element.getBoundingClientRect().right <= element.parentElement!.getBoundingClientRect().right,
      }));
      expect(laidOut).toEqual({ page: 0, scrolls: true, within: true });
    });
  }

  for (const width of [1024, 1280]) {
    it(`scrolls a table wider than the text's column within itself on a ${width} px screen, not the page, and keeps it within the column`, async () => {
      const { page } = await openPage({ width, height: 800 });
      await page.goto(`${dev.url}/blog/local-seo-tips`);
      const table = page.locator('.prose table', { hasText: 'December' });
      const laidOut = await table.evaluate((element) => ({
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        scrolls: element.scrollWidth > element.clientWidth,
        within: element.getBoundingClientRect().right <= element.parentElement!.getBoundingClientRect().right,
      }));
      expect(laidOut).toEqual({ page: 0, scrolls: true, within: true });
    });
  }

  it("keeps a table's words whole on a phone, a column of links of the site's own (services by name) among them", async () => {
    const { page } = await openPage({ width: 320 });
    await page.goto(`${dev.url}/blog/local-seo-tips`);
    // "Website design" on two lines at most, broken at its space.
    expect(
      await page.locator('.prose td a[href="/contact"]').evaluate((link) => link.getClientRects().length),
    ).toBeLessThanOrEqual(2);
  });

  it("keeps a table's short words of code whole (the cookie policy's cookie names) on a phone turned sideways", async () => {
    const { page } = await openPage({ width: 667, height: 375 });
    await page.goto(`${dev.url}/cookie-policy`);
    // Each name breaks at its hyphen at most: tradeboost- / consent.
    const lines = await page
      .locator('.prose td code')
      .evaluateAll((names) => names.map((name) => [name.textContent, name.getClientRects().length <= 2]));
    expect(lines).toEqual([
      ['tradeboost-consent', true],
      ['tradeboost-attribution', true],
      ['tradeboost-unsent', true],
    ]);
  });
});
