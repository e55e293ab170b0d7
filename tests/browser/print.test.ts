/**
 * The site printed (an article, a policy, a service page, the home page), as
 * Chromium lays a page out for paper. A printer leaves backgrounds out, so
 * every word must be legible on white; and nothing may be fixed to the window,
 * which prints over the foot of every sheet (the consent question did, hiding
 * a line of the article on each). What only a screen can use is left out,
 * the forms among it; a link in an article says on paper where it leads.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { reusedPage, wide } from './support/browser';
import { contrastRatio, drawnOverWhite } from './support/contrast';
import { sharedTestPreview } from './support/preview';

const preview = sharedTestPreview();
const visitor = reusedPage(wide);

/**
 * Of the words the page shows: those fixed to the window, and those too faint on white paper (contrast under 4.5:1,
 * WCAG's minimum, the element's colour as the screen would draw it over white).
 */
async function wordsAsPrinted(page: Page) {
  const { fixed, colours } = await page.evaluate(() => {
    const fixed = new Set<string>();
    const colours: [string, string][] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const words = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent!.trim())
        .join(' ')
        .trim();
      if (!words || !element.checkVisibility({ visibilityProperty: true })) continue;
      let above: Element | null = element;
      while (above && getComputedStyle(above).position !== 'fixed') above = above.parentElement;
      if (above) fixed.add(words);
      colours.push([words, getComputedStyle(element).color]);
    }
    return { fixed: [...fixed], colours };
  });
  const drawn = await drawnOverWhite(
    page,
    colours.map(([, colour]) => colour),
  );
  const white = [255, 255, 255];
  const faint = new Set(
    colours.flatMap(([words], index) => (contrastRatio(drawn[index]!, white) < 4.5 ? [words] : [])),
  );
  return { fixed, faint: [...faint] };
}

describe('a page printed', () => {
  it('has every word legible on white and nothing fixed over its sheets; the header keeps the logo and the phone number', async () => {
    const { page, problems } = await visitor();
    for (const path of ['/blog/local-seo-tips', '/services/local-seo', '/', '/contact', '/blog', '/privacy-policy']) {
      await page.emulateMedia({ media: 'screen' });
      await page.goto(`${preview.url}${path}`);
      const consent = page.getByRole('region', { name: 'May we remember how you found us?' });
      await consent.waitFor();
      // On screen both checks find what they look for: the consent question, fixed; words drawn light on dark grounds.
      const onScreen = await wordsAsPrinted(page);
      expect(onScreen.fixed, path).toContain('May we remember how you found us?');
      expect(onScreen.faint.length, path).toBeGreaterThan(0);
      const forms = page.locator('form').filter({ visible: true });
      const formsOnScreen = await forms.count();

      await page.emulateMedia({ media: 'print' });
      expect(await wordsAsPrinted(page), path).toEqual({ fixed: [], faint: [] });
      const header = page.getByRole('banner');
      expect(await header.getByRole('link', { name: 'TradeBoost Digital' }).isVisible(), path).toBe(true);
      expect(await header.getByRole('link', { name: /0808 157 0192/ }).isVisible(), path).toBe(true);
      expect(await header.getByRole('link', { name: 'Get Quote', exact: true }).isVisible(), path).toBe(false);
      expect(await page.getByRole('contentinfo').isVisible(), path).toBe(false);
      expect(await consent.isVisible(), path).toBe(false);
      expect(await page.getByRole('heading', { level: 1 }).isVisible(), path).toBe(true);
      // Empty fields on paper: the home page's two forms, the contact page's and the blog's left out.
      expect([formsOnScreen, await forms.count()], path).toEqual([{ '/': 2, '/contact': 1, '/blog': 1 }[path] ?? 0, 0]);
    }
    expect(problems).toEqual([]);
  });

  it('prints no blank sheet after its last words, the consent question unanswered or answered', async () => {
    const { page } = await visitor();
    // A4 with the margins the print dialog has by default. A sheet with words on it holds a font; a blank one, none.
    const sheets = (pageRanges = '') =>
      page.pdf({ format: 'A4', margin: { top: '1cm', right: '1cm', bottom: '1cm', left: '1cm' }, pageRanges });
    const blankAtEnd: string[] = [];
    const paths = ['/about', '/cookie-policy', '/privacy-policy'];
    for (const answered of [false, true]) {
      for (const path of paths) {
        await page.goto(`${preview.url}${path}`);
        const consent = page.getByRole('region', { name: 'May we remember how you found us?' });
        if (!answered) await consent.waitFor();
        else if (path === paths[0]) await consent.getByRole('button', { name: 'Reject' }).click();
        const count = (await sheets()).toString('latin1').match(/\/Type\s*\/Page\b/g)!.length;
        if (!/\/Font\b/.test((await sheets(String(count))).toString('latin1'))) blankAtEnd.push(`${path} ${answered}`);
      }
    }
    expect(blankAtEnd).toEqual([]);
  });

  it("prints where an article's link leads after its words, and on screen its words alone", async () => {
    const { page } = await visitor();
    await page.goto(`${preview.url}/blog/local-seo-tips`);
    const after = (name: string) =>
      page.getByRole('link', { name }).evaluate((link) => getComputedStyle(link, '::after').content);
    await page.emulateMedia({ media: 'print' });
    expect(await after('plumber marketing page')).toBe('" (/services/plumber)"');
    await page.emulateMedia({ media: 'screen' });
    expect(await after('plumber marketing page')).toBe('none');
  });
});
