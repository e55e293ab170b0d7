/**
 * The site's pages on phones, measured by the boxes a visitor sees: with text
 * at 200%, every kind of page within the window, nothing cut off; the home
 * page's figures and every word whole at 320 px, a window narrower still, the
 * case studies' tables in their column; a form's toast and the consent
 * question both show whole, neither over the other.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consentQuestion } from '../support/site';
import { boxOf, openAtDoubleText, overlaps, pageWidth } from './support/boxes';
import { narrow, openPage, reusedPage } from './support/browser';
import { sharedTestPreview } from './support/preview';
import { toast } from './support/toasts';

const preview = sharedTestPreview();
const phoneVisitor = reusedPage(narrow);

describe('every kind of page on a phone with text at 200%', () => {
  // Ten pages loaded in turn at each width: past the default time a test may take on a busy machine.
  it("with text at 200%, a page's long words, the footer's social icons and a job's Apply Now and Learn More wrap in the window at 375 px and at 320 px, the narrowest phone the site supports (WCAG 1.4.10, reflow), and a table too wide scrolls within itself: every kind of page scrolls only downwards", async () => {
    const { page, problems } = await openAtDoubleText(narrow);
    for (const width of [375, 320]) {
      await page.setViewportSize({ width, height: 844 });
      for (const path of [
        '/',
        '/about',
        '/services/local-seo',
        '/contact',
        '/blog',
        '/blog/local-seo-tips',
        '/privacy-policy',
        // A table of three columns: wider than the column at 320 px, it scrolls within itself.
        '/cookie-policy',
        // A trade page whose heading holds a long word.
        '/services/electrician',
        '/careers',
        '/no-such-page',
      ]) {
        await page.goto(`${preview.url}${path}`);
        const icons = page.getByRole('contentinfo').locator('ul').first().locator('li');
        expect(await icons.count()).toBe(4);
        for (const icon of await icons.all()) {
          const box = await boxOf(icon);
          expect(box.x + box.width, `${path} at ${width}px`).toBeLessThanOrEqual(width);
        }
        expect(await pageWidth(page), `${path} at ${width}px`).toBe(width);
      }
    }
    expect(problems.filter((problem) => !problem.includes('404'))).toEqual([]);
  }, 240_000);

  it("with text at 200% at 320 px, no card cuts off its words (a service's title, a testimonial's name, a case study's heading, an article's category) and the consent question shows Accept and Reject both in the window", async () => {
    const { page, problems } = await openAtDoubleText(narrow);
    await page.setViewportSize({ width: 320, height: 844 });
    for (const path of ['/', '/services/plumber', '/case-studies', '/blog']) {
      await page.goto(`${preview.url}${path}`);
      // A card's rounded corners hide what overflows it: it must have nothing to hide (the sr-only texts are 1 px wide).
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((element) => ['hidden', 'clip'].includes(getComputedStyle(element).overflowX))
          .filter((element) => element.clientWidth > 1 && element.scrollWidth > element.clientWidth)
          .map((element) => element.textContent!.trim().slice(0, 30)),
      );
      expect(cut, path).toEqual([]);
    }
    const question = page.getByRole('region', { name: consentQuestion });
    for (const name of ['Accept', 'Reject']) {
      const box = await boxOf(question.getByRole('button', { name }));
      expect([box.x >= 0, box.x + box.width <= 320], name).toEqual([true, true]);
    }
    expect(problems.filter((problem) => !problem.includes('404'))).toEqual([]);
  });
});

describe("the home page's statistics band", () => {
  it('shows each figure whole, on one line, at 320 px with text at 100% and at 200% (a column of its own where two do not fit)', async () => {
    for (const open of [() => openPage(narrow), () => openAtDoubleText(narrow)]) {
      const { page } = await open();
      await page.setViewportSize({ width: 320, height: 800 });
      await page.goto(`${preview.url}/`);
      const lines = await page.locator('#testimonials dl dd').evaluateAll((figures) =>
        figures.map((figure) => {
          const range = document.createRange();
          range.selectNodeContents(figure);
          return `${figure.textContent}: ${new Set([...range.getClientRects()].map((line) => Math.round(line.top))).size}`;
        }),
      );
      expect(lines).toEqual(['300+: 1', '150%: 1', '2.5M+: 1', '98%: 1']);
      expect(await pageWidth(page)).toBe(320);
    }
  });
});

describe('words on a phone', () => {
  // Twelve pages loaded and each of their words measured: past the default time a test may take on a busy machine.
  it("breaks no word across lines with text at 200% at 320 px (WCAG 1.4.10, reflow), on every kind of page: headings, cards, forms' labels, contact details (their e-mail address only before its @ or a dot), articles and the footer", async () => {
    const { page, problems } = await openAtDoubleText(narrow);
    await page.setViewportSize({ width: 320, height: 844 });
    const broken: string[] = [];
    for (const path of [
      '/',
      '/services/local-seo',
      // Groundworkers, the longest trade's name, in its heading and the services' heading.
      '/services/groundworker',
      '/about',
      '/careers',
      '/case-studies',
      '/blog',
      '/blog/category/reputation-management',
      // "recommendations." in bold in a numbered list.
      '/blog/online-reviews-guide',
      '/contact',
      '/terms-of-service',
      '/no-such-page',
    ]) {
      await page.goto(`${preview.url}${path}`);
      const words = await page.locator('body').evaluate((body) => {
        // May break anywhere: an article's code (an address, a parameter's name), and what is marked so (wrap-anywhere:
        // a job's facts, the breadcrumbs' title). The e-mail address (contact details, footer, {email} in a legal page),
        // as wide as the window at this size, is measured part by part: it may break before its "@" and its dots
        // (MailLink, site-facts), not inside "example".
        const mayBreak = '.prose code, .wrap-anywhere:not(a[href^="mailto:"])';
        // Not seen: what only a screen reader reads, the bots' trap, a closed menu.
        const unseen = '.sr-only, [aria-hidden="true"], script, style, noscript';
        const split: string[] = [];
        const texts = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
        for (let text = texts.nextNode() as Text | null; text; text = texts.nextNode() as Text | null) {
          const parent = text.parentElement!;
          if (parent.closest(`${mayBreak}, ${unseen}`) || !parent.checkVisibility({ visibilityProperty: true }))
            continue;
          // A word and its punctuation and hyphen: a line may end after the hyphen of "Money-back", not inside either
          // half. Punctuation alone (after a link or code) is no word.
          for (const word of text.data.matchAll(/[^\s-]*[\p{L}\p{N}][^\s-]*-?/gu)) {
            const range = document.createRange();
            range.setStart(text, word.index);
            range.setEnd(text, word.index + word[0].length);
            const lines = new Set([...range.getClientRects()].map((box) => Math.round(box.top)));
            if (lines.size > 1) split.push(`${word[0]} (in a ${parent.localName})`);
          }
        }
        return split;
      });
      broken.push(...words.map((word) => `${path}: ${word}`));
    }
    expect(broken).toEqual([]);
    expect(problems.filter((problem) => !problem.includes('404'))).toEqual([]);
  }, 120_000);
});

describe('a window narrower than the phones the site supports', () => {
  it("keeps its spacing at 100% text, as a folding phone's 280 px cover screen shows it: the hero form's button a finger's size", async () => {
    const { page } = await phoneVisitor();
    await page.setViewportSize({ width: 280, height: 653 });
    await page.goto(`${preview.url}/`);
    const send = page.locator('#home form').getByRole('button', { name: 'Get My Free Quote' });
    expect((await send.boundingBox())!.height).toBe(48);
  });
});

describe('the case studies at 320 px', () => {
  it('fit the page: nothing scrolls sideways, and each results table fits the column of its heading', async () => {
    const { page } = await phoneVisitor();
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(`${preview.url}/case-studies`);
    expect(await pageWidth(page)).toBe(320);
    const tables = page.locator('main table');
    expect(await tables.count()).toBe(3);
    const headings = page.getByRole('heading', { name: 'The results', exact: true });
    for (let i = 0; i < 3; i += 1) {
      const [table, column] = [await boxOf(tables.nth(i)), await boxOf(headings.nth(i))];
      expect(table.x, `table ${i + 1}`).toBeGreaterThanOrEqual(column.x);
      expect(table.x + table.width, `table ${i + 1}`).toBeLessThanOrEqual(column.x + column.width);
    }
  });

  it('hold each table in a region named for its case study, which takes the focus: a table whose words grow past a phone scrolls there, by keyboard too', async () => {
    const { page } = await phoneVisitor();
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(`${preview.url}/case-studies`);
    const studies = await page.locator('main article h2').allTextContents();
    expect(studies).toHaveLength(3);
    for (const study of studies) {
      const region = page.getByRole('region', { name: `The results: ${study}`, exact: true });
      expect(await region.locator('table').count(), study).toBe(1);
      expect(await region.evaluate((element) => getComputedStyle(element).overflowX), study).toBe('auto');
      await region.focus();
      expect(await region.evaluate((element) => element === document.activeElement), study).toBe(true);
    }
  });
});

describe('a toast and the consent question on a 390 px phone', () => {
  async function subscribe(page: Page, email: string) {
    const form = page.locator('section[aria-labelledby="newsletter-heading"] form');
    await form.getByLabel('Your email address').fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Success!');
    return boxOf(page.getByRole('status').locator(':scope > div'));
  }

  it('both show whole, the toast above the question, its close button a tap target; once answered, the next toast is at the bottom of the window', async () => {
    const { page, problems } = await phoneVisitor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${preview.url}/blog`);
    const question = page.getByRole('region', { name: consentQuestion });
    await expect.poll(() => question.isVisible()).toBe(true);

    const shown = await subscribe(page, 'first.toast@example.co.uk');
    const banner = await boxOf(question);
    expect(overlaps(shown, banner)).toBe(false);
    expect(shown.y).toBeGreaterThanOrEqual(0);
    expect(shown.y + shown.height).toBeLessThanOrEqual(banner.y);
    // Its close button a thumb's target, as the site's other buttons are (WCAG 2.5.8 asks at least 24 px).
    const close = page.getByRole('button', { name: 'Dismiss notification' });
    const closeBox = await boxOf(close);
    expect([closeBox.width, closeBox.height]).toEqual([44, 44]);
    expect(closeBox.x).toBeGreaterThanOrEqual(shown.x);
    expect(closeBox.y).toBeGreaterThanOrEqual(shown.y);
    expect(closeBox.x + closeBox.width).toBeLessThanOrEqual(shown.x + shown.width);
    expect(closeBox.y + closeBox.height).toBeLessThanOrEqual(shown.y + shown.height);

    await close.click();
    await question.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => question.isVisible()).toBe(false);
    const later = await subscribe(page, 'second.toast@example.co.uk');
    // The toast region's own padding below it.
    expect(later.y + later.height).toBe(844 - 16);
    expect(problems).toEqual([]);
  });
});
