/**
 * A field the forms stop or the server refuses, in a real browser against the
 * real preview server: a phone number that is none, and a refusal marked on
 * its field (on each box of the services' group), invalid and described by its
 * words, which name it by its label, the focus taken to it, until the visitor
 * changes it.
 */
import { describe, expect, it } from 'vitest';
import { listLeads } from '../../src/leads/pglite-lead-store';
import { holdBack, narrow, openPage, reusedPage, wide } from './support/browser';
import { saidInvalid } from './support/accessibility';
import { accessibleDescription, fillContactRequired, leadRequests } from './support/forms';
import { sharedTestPreview } from './support/preview';
import { toast } from './support/toasts';
import { refusedPhones } from '../support/lead-near-valid-payloads';

const preview = sharedTestPreview();
const wideVisitor = reusedPage(wide);
const narrowVisitor = reusedPage(narrow);

describe('phone numbers', () => {
  const plainWords = 'Enter a phone number we can call, such as 01332 123456 or +44 7700 900123';
  const forms = [
    ['/', 'hero-phone', 'Get My Free Quote'],
    ['/contact', 'contact-phone', 'Send My Enquiry'],
  ] as const;

  // Two pages, eight sends each watched for a request, ten numbers typed: a loaded machine takes its time.
  it('text that is no phone number is stopped at the field, whose description says what to type, in both forms; a number as people type it is taken', async () => {
    const { page, problems } = await narrowVisitor();
    for (const [path, id, button] of forms) {
      await page.goto(`${preview.url}${path}`);
      const form = page.locator(`form:has(#${id})`);
      await form.getByLabel('Full name').fill('Dave Hughes');
      await form.getByLabel('Email address').fill('dave@hughesplumbing.co.uk');
      const phone = form.locator(`#${id}`);
      for (const words of refusedPhones) {
        await phone.fill(words);
        const sent = await leadRequests(page, () => form.getByRole('button', { name: button }).click());
        expect(sent, words).toBe(0);
        expect(await phone.evaluate((input: HTMLInputElement) => input.validity.patternMismatch), words).toBe(true);
        expect(await phone.evaluate((input) => input === document.activeElement), words).toBe(true);
      }
      expect(await accessibleDescription(page, `#${id}`)).toBe(plainWords);
      for (const number of [
        '07700 900123',
        '+44 7700 900123',
        '+44 (0)7700 900-123',
        '(01332) 123456',
        ' 0115 496 0321 ',
        '01632 960123 ext 4',
      ]) {
        await phone.fill(number);
        expect(await phone.evaluate((input: HTMLInputElement) => input.validity.patternMismatch), number).toBe(false);
      }
    }
    expect(await listLeads(preview.leads)).toEqual([]);
    expect(problems).toEqual([]);
  }, 60_000);

  it('one that gets past the browser (its pattern gone) is refused by the server, which says why in the error toast, every field kept, and marks the field invalid, described by its words, until it is sent again or changed', async () => {
    const { page, problems } = await openPage(wide);
    await page.goto(`${preview.url}/contact`);
    const form = page.locator('main form');
    const phone = form.getByLabel('Phone number');
    const submit = form.locator('button[type="submit"]');
    const refused = 'Phone number must have 10 to 15 digits, such as 01332 123456 or +44 7700 900123';
    await form.getByLabel('Full name').fill('Sarah Okafor');
    await form.getByLabel('Email address').fill('sarah@okaforelectrical.co.uk');
    await phone.evaluate((input) => input.removeAttribute('pattern'));
    await phone.fill('call me');
    await form.getByLabel('Your trade').selectOption('heating');
    await submit.click();
    await expect.poll(() => toast(page).textContent()).toBe(`Error${refused}×`);
    expect(await form.getByLabel('Full name').inputValue()).toBe('Sarah Okafor');
    expect(await form.getByLabel('Email address').inputValue()).toBe('sarah@okaforelectrical.co.uk');
    expect(await phone.inputValue()).toBe('call me');
    expect(await form.getByLabel('Your trade').inputValue()).toBe('heating');
    // What a screen reader says of the phone field, and of no other: invalid, and why.
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(await accessibleDescription(page, '#contact-phone')).toBe(refused);
    expect(await form.locator('[aria-invalid="true"]').count()).toBe(1);

    // Sent again as it is: not marked while it is sent, and marked again when the server refuses it again.
    const { release } = await holdBack(page, '**/functions/v1/contact-form');
    await submit.click();
    await expect.poll(() => submit.textContent()).toBe('Submitting...');
    expect(await phone.getAttribute('aria-invalid')).toBe(null);
    expect(await accessibleDescription(page, '#contact-phone')).toBe(plainWords);
    release();
    await expect.poll(() => phone.getAttribute('aria-invalid')).toBe('true');
    expect(await accessibleDescription(page, '#contact-phone')).toBe(refused);

    // Changed: no longer marked, and described again by what it asks for.
    await phone.fill('call me on 0115 496 0321');
    expect(await phone.getAttribute('aria-invalid')).toBe(null);
    expect(await accessibleDescription(page, '#contact-phone')).toBe(plainWords);
    expect(await listLeads(preview.leads)).toEqual([]);
    // The browser logs each refusal; the page itself raises nothing.
    expect(problems.filter((problem) => !problem.includes('400 (Bad Request)'))).toEqual([]);
  });
});

/** Whether the field's border is the red of the site's `text-red-700` (the forms' required marks). */
function bordersInRed(field: Element): boolean {
  const red = Object.assign(document.createElement('span'), { className: 'text-red-700' });
  document.body.append(red);
  const same = getComputedStyle(field).borderTopColor === getComputedStyle(red).color;
  red.remove();
  return same;
}

describe('a field the server refuses', () => {
  it('is marked invalid and described by the words of the refusal, in every form, until the visitor changes it; what was typed is kept', async () => {
    const { page, problems } = await wideVisitor();
    for (const [path, id, button, typed, refused] of [
      // A zero-width space alone, pasted: text to the browser, no name to the lead schema.
      ['/', 'hero-name', 'Get My Free Quote', '\u200b', 'Full name is required'],
      // Past the browser with its pattern gone: no dot after the @.
      [
        '/blog',
        'newsletter-email',
        'Subscribe',
        'dave@hughesplumbing',
        'Your email address must be a valid email address',
      ],
    ] as const) {
      await page.goto(`${preview.url}${path}`);
      const form = page.locator(`form:has(#${id})`);
      const field = form.locator(`#${id}`);
      if (path === '/') await form.getByLabel('Email address').fill('dave@hughesplumbing.co.uk');
      else await field.evaluate((input) => input.removeAttribute('pattern'));
      await field.fill(typed);
      await form.getByRole('button', { name: button }).click();
      await expect.poll(() => toast(page).textContent(), { message: path }).toBe(`Error${refused}×`);
      expect(await field.getAttribute('aria-invalid'), path).toBe('true');
      expect(await accessibleDescription(page, `#${id}`), path).toBe(refused);
      // And what a sighted visitor sees: its border in the red of the forms' required marks.
      expect(await field.evaluate(bordersInRed), path).toBe(true);
      expect(await field.inputValue(), path).toBe(typed);
      await field.press('End');
      await field.pressSequentially('x');
      expect(await field.getAttribute('aria-invalid'), path).toBe(null);
      expect(await field.getAttribute('aria-describedby'), path).toBe(null);
      await field.blur();
      expect(await field.evaluate(bordersInRed), path).toBe(false);
    }
    expect(await listLeads(preview.leads)).toEqual([]);
    // The browser logs each refusal; the page itself raises nothing.
    expect(problems.filter((problem) => !problem.includes('400 (Bad Request)'))).toEqual([]);
  });

  it("is named as the form labels it, not by the lead schema's name for it, in the toast and in its description", async () => {
    const { page, problems } = await wideVisitor();
    await page.goto(`${preview.url}/contact`);
    const form = page.locator('main form');
    await fillContactRequired(form);
    // Past the browser with its length limit gone: longer than the server keeps.
    const business = form.getByLabel('Business name');
    await business.evaluate((input) => input.removeAttribute('maxlength'));
    await business.fill('Okafor Electrical '.repeat(7));
    await form.getByRole('button', { name: 'Send My Enquiry' }).click();
    const refused = 'Business name must be at most 120 characters';
    await expect.poll(() => toast(page).textContent()).toBe(`Error${refused}×`);
    expect(await business.getAttribute('aria-invalid')).toBe('true');
    expect(await accessibleDescription(page, '#contact-business_name')).toBe(refused);
    expect(await listLeads(preview.leads)).toEqual([]);
    expect(problems.filter((problem) => !problem.includes('400 (Bad Request)'))).toEqual([]);
  });
});

describe('the services the server refuses', () => {
  it('on a page opened before a deploy took a service away: every box of the group is marked invalid and described by the refusal, in red, the focus on the first, until one is changed', async () => {
    const { page, problems } = await openPage(wide);
    // The page as it was before the deploy: offering a service the server no longer takes.
    await page.route(`${preview.url}/contact`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replaceAll('Local SEO', 'Voice Search') });
    });
    await page.goto(`${preview.url}/contact`);
    const form = page.locator('main form');
    await fillContactRequired(form);
    await form.getByText('Voice Search', { exact: true }).click();
    await form.getByRole('button', { name: 'Send My Enquiry' }).click();
    const refused =
      'Services you are interested in must be one of: Local SEO, Google Ads, AI Services, Website Design, Reputation Management';
    await expect.poll(() => toast(page).textContent()).toBe(`Error${refused}×`);
    const boxes = form.getByRole('checkbox');
    expect(await boxes.evaluateAll((all) => all.map((box) => box.getAttribute('aria-invalid')))).toEqual(
      Array(5).fill('true'),
    );
    expect(await form.locator('[aria-invalid="true"]').count()).toBe(5);
    for (const service of ['Voice Search', 'Google Ads', 'Reputation Management'])
      expect(await accessibleDescription(page, `main input[value="${service}"]`), service).toBe(refused);
    expect(await boxes.first().evaluate((box) => box === document.activeElement)).toBe(true);
    // What a sighted visitor sees: each service's box in the red of the forms' required marks, the ticked one too.
    for (const service of ['Voice Search', 'AI Services'])
      expect(await form.getByText(service, { exact: true }).evaluate(bordersInRed), service).toBe(true);

    await form.getByText('Voice Search', { exact: true }).click();
    expect(await form.locator('[aria-invalid="true"]').count()).toBe(0);
    expect(await form.locator('[aria-describedby]').count()).toBe(0);
    expect(await accessibleDescription(page, 'main input[value="Google Ads"]')).toBe(undefined);
    expect(await listLeads(preview.leads)).toEqual([]);
    expect(problems.filter((problem) => !problem.includes('400 (Bad Request)'))).toEqual([]);
  });
});

describe('the trade the server refuses', () => {
  it('on a page opened before a deploy took a trade away: the list is said invalid, and once it is changed (back to its placeholder, here) no longer, as before anything was chosen', async () => {
    const { page, problems } = await openPage(wide);
    // The page as it was before the deploy: offering a trade the server no longer takes, in its list and its island's props.
    await page.route(`${preview.url}/contact`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/(value(?:="|&quot;:&quot;))kitchen/g, '$1glazier');
      await route.fulfill({ response, body });
    });
    await page.goto(`${preview.url}/contact`);
    const form = page.locator('main form');
    await fillContactRequired(form);
    const trade = form.getByLabel('Your trade');
    await trade.selectOption('glazier');
    await form.getByRole('button', { name: 'Send My Enquiry' }).click();
    await expect.poll(() => toast(page).textContent()).toMatch(/^ErrorYour trade must be one of: /);
    expect(await saidInvalid(page)).toEqual(['Your trade']);
    // Changed back to its placeholder, it is as it was before anything was chosen: not said invalid, as no empty field is.
    await trade.selectOption('');
    expect(await saidInvalid(page)).toEqual([]);
    expect(await trade.getAttribute('aria-invalid')).toBe('false');
    expect(await listLeads(preview.leads)).toEqual([]);
    expect(problems.filter((problem) => !problem.includes('400 (Bad Request)'))).toEqual([]);
  });
});

describe('the focus after a refusal', () => {
  it('goes to the refused field, sent by the button or by Enter in another field, so a keyboard or screen reader user lands on it; not when the visitor has moved on while it was sent', async () => {
    const { page, problems } = await openPage(wide);
    await page.goto(`${preview.url}/`);
    const form = page.locator('form:has(#hero-name)');
    const name = form.getByLabel('Full name');
    const email = form.getByLabel('Email address');
    const submit = form.locator('button[type="submit"]');
    const functionUrl = '**/functions/v1/contact-form';
    /** Sent by `send`, its answer held back while `meanwhile` runs: where the focus is once the refusal is marked and the button ready again. */
    const focusAfter = async (send: () => Promise<void>, meanwhile = async () => {}) => {
      const { release } = await holdBack(page, functionUrl);
      await send();
      await expect.poll(() => submit.textContent()).toBe('Submitting...');
      expect(await name.getAttribute('aria-invalid')).toBe(null);
      await meanwhile();
      release();
      await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => submit.isEnabled()).toBe(true);
      await page.unroute(functionUrl);
      return page.evaluate(() => document.activeElement?.id);
    };
    await email.fill('dave@hughesplumbing.co.uk');
    // A zero-width space alone, pasted: text to the browser, no name to the lead schema.
    await name.fill('\u200b');

    expect(await focusAfter(() => submit.click())).toBe('hero-name');
    expect(await accessibleDescription(page, '#hero-name')).toBe('Full name is required');
    expect(await focusAfter(() => email.press('Enter'))).toBe('hero-name');
    expect(
      await focusAfter(
        () => submit.click(),
        () => email.focus(),
      ),
    ).toBe('hero-email');
    expect(await listLeads(preview.leads)).toEqual([]);
    expect(problems.filter((problem) => !problem.includes('400 (Bad Request)'))).toEqual([]);
  });
});
