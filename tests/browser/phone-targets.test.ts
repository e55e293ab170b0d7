/**
 * What a finger and a phone's keyboard meet: every control a tap target of at
 * least 24 by 24 px, and every form field in text large enough that iOS does
 * not zoom into it, named for the phone's autofill. (The header's bar on a
 * phone: phone-header.test.ts; the pages' words and reflow:
 * phone-pages.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { consentQuestion } from '../support/site';
import { narrow, reusedPage } from './support/browser';
import { sharedTestPreview } from './support/preview';

const preview = sharedTestPreview();
const phoneVisitor = reusedPage(narrow);

describe('tap targets on a phone', () => {
  // Eleven pages loaded and each of their controls measured: past the default time a test may take on a busy machine.
  it('are each at least 24 by 24 px at 320 px (WCAG 2.5.8), on every kind of page, its menu open and the consent question asked: every link, button, field and choice, all but a link within a sentence, which the rule exempts', async () => {
    const { page } = await phoneVisitor();
    await page.setViewportSize({ width: 320, height: 740 });
    const small = new Map<string, string>();
    for (const path of [
      '/',
      '/about',
      '/services/local-seo',
      '/services/plumber',
      '/contact',
      '/blog',
      '/blog/local-seo-tips',
      '/case-studies',
      '/careers',
      '/privacy-policy',
      '/no-such-page',
    ]) {
      await page.goto(`${preview.url}${path}`);
      await expect
        .poll(() => page.getByRole('region', { name: consentQuestion }).isVisible(), { message: path })
        .toBe(true);
      await page.getByRole('banner').locator('details[data-menu="mobile"] > summary').click();
      await page.getByRole('navigation', { name: 'Main menu' }).locator('summary').click();
      const found = await page.locator('body').evaluate((body) =>
        [...body.querySelectorAll('a[href], button, summary, input, select, textarea, label:has(> input)')]
          .filter((target) => target.checkVisibility({ visibilityProperty: true }))
          .map((target) => ({ target, box: target.getBoundingClientRect() }))
          // Not for a finger: what only a screen reader or a keyboard meets, a pixel wide (the skip link, a choice's
          // checkbox under its label), and the bots' trap.
          .filter(({ target, box }) => box.width > 1 && !target.closest('[aria-hidden]'))
          .filter(({ box }) => box.width < 24 || box.height < 24)
          // A link within a sentence: an article's or a policy's written words, or a line whose words go on past it.
          .filter(
            ({ target }) =>
              !target.closest('.prose') &&
              !(target.nextSibling instanceof Text && /\p{L}/u.test(target.nextSibling.data)),
          )
          .map(({ target, box }) => `<${target.localName}> "${target.textContent!.trim()}" ${box.width}×${box.height}`),
      );
      for (const target of found) if (!small.has(target)) small.set(target, path);
    }
    expect([...small]).toEqual([]);
  }, 120_000);
});

describe('the forms on a phone', () => {
  it("give every field text of at least 16 px, below which iOS zooms the page into the field the visitor taps, and name what each asks for, for the phone's autofill and keyboard", async () => {
    const { page } = await phoneVisitor();
    await page.setViewportSize({ width: 320, height: 740 });
    // What is typed or chosen: name, type, autofill and text size. Not a choice's checkbox (nothing is typed there), nor
    // the bots' trap.
    const fields = async (path: string) => {
      await page.goto(`${preview.url}${path}`);
      return page
        .locator('form :is(input:not([type="checkbox"]), select, textarea)')
        .evaluateAll((all: HTMLInputElement[]) =>
          all
            .filter((field) => !field.closest('[hidden]'))
            .map(
              (field) =>
                `${field.name} ${field.type} ${field.getAttribute('autocomplete') ?? '-'} ${getComputedStyle(field).fontSize}`,
            ),
        );
    };
    const hero = ['name text name 16px', 'email email email 16px', 'phone tel tel 16px', 'trade select-one - 16px'];
    const contact = [
      ...hero,
      'business_name text organization 16px',
      'location text address-level2 16px',
      'budget select-one - 16px',
      'message textarea - 16px',
    ];
    expect(await fields('/')).toEqual([...hero, ...contact]);
    expect(await fields('/contact')).toEqual(contact);
    expect(await fields('/blog')).toEqual(['email email email 16px']);
  });
});
