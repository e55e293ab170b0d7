/**
 * The enquiry forms in a real browser against the real preview server: each
 * submission ends as a row in the lead database, built from the real
 * migrations, holding every field the visitor gave.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkLead, leadRecord } from '../../supabase/functions/_shared/lead.ts';
import { listLeads, pgliteLeadStore } from '../../src/leads/pglite-lead-store';
import { holdBack, narrow, openPage, reusedPage, speedUpAnimations, wide } from './support/browser';
import { sharedTestPreview } from './support/preview';
import { noteToastTimes, toast } from './support/toasts';

const preview = sharedTestPreview();
const wideVisitor = reusedPage(wide);
const narrowVisitor = reusedPage(narrow);
const visitorWithoutJavaScript = reusedPage({ ...wide, javaScript: false });

const waiting =
  'Still waiting? If this form does not send, call us on 0808 157 0192 or email hello@example.com and we will take your details.';
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function leadRequests(page: Page, action: () => Promise<void>): Promise<number> {
  let count = 0;
  const listener = (request: { url(): string }) => {
    if (request.url().endsWith('/functions/v1/contact-form')) count += 1;
  };
  page.on('request', listener);
  await action();
  await page.waitForTimeout(300);
  page.off('request', listener);
  return count;
}

describe('hero form', () => {
  it('stores the lead with every field, says Success! and empties the fields', async () => {
    const { page, problems } = await wideVisitor();
    await page.goto(`${preview.url}/`);
    const form = page.locator('#home form');
    await form.getByLabel('Full name').fill('Dave Hughes');
    await form.getByLabel('Email address').fill('dave@hughesplumbing.co.uk');
    await form.getByLabel('Phone number').fill('07700 900123');
    await form.getByLabel('Your trade').selectOption('plumber');
    await form.getByRole('button', { name: 'Get My Free Quote' }).click();

    await expect
      .poll(() => toast(page).textContent())
      .toContain("Success!Thank you for your message. We'll get back to you within 24 hours.");
    expect(await form.getByLabel('Full name').inputValue()).toBe('');
    expect(await form.getByLabel('Email address').inputValue()).toBe('');
    expect(await form.getByLabel('Phone number').inputValue()).toBe('');
    expect(await form.getByLabel('Your trade').inputValue()).toBe('');

    const [lead, ...others] = await listLeads(preview.leads);
    expect(others).toEqual([]);
    expect(lead).toMatchObject({
      form_type: 'hero',
      name: 'Dave Hughes',
      email: 'dave@hughesplumbing.co.uk',
      phone: '07700 900123',
      trade: 'plumber',
      page: '/',
      business_name: null,
      services_interested: [],
    });
    expect(lead!.submission_id).toMatch(uuid);
    expect(problems).toEqual([]);
  });

  it('the browser blocks a missing name or a malformed e-mail (one the lead schema would refuse too), shows which field, and sends nothing', async () => {
    const { page } = await narrowVisitor();
    await page.goto(`${preview.url}/`);
    const form = page.locator('#home form');
    const name = form.getByLabel('Full name');
    const email = form.getByLabel('Email address');
    await email.fill('dave@hughesplumbing.co.uk');
    const missingName = await leadRequests(page, () => form.getByRole('button', { name: 'Get My Free Quote' }).click());
    expect(missingName).toBe(0);
    expect(await name.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
    expect(await name.evaluate((input) => input === document.activeElement)).toBe(true);

    await name.fill('Dave Hughes');
    await email.fill('dave@');
    const badEmail = await leadRequests(page, () => form.getByRole('button', { name: 'Get My Free Quote' }).click());
    expect(badEmail).toBe(0);
    expect(await email.evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);
    expect(await email.evaluate((input: HTMLInputElement) => input.validationMessage)).not.toBe('');

    // One the browser's own e-mail rule takes but the lead schema refuses: no dot in its domain.
    await email.fill('dave@hughesplumbing');
    const noDot = await leadRequests(page, () => form.getByRole('button', { name: 'Get My Free Quote' }).click());
    expect(noDot).toBe(0);
    expect(await email.evaluate((input: HTMLInputElement) => input.validity.patternMismatch)).toBe(true);
    expect(await email.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await listLeads(preview.leads)).toEqual([]);
  });

  it("an address without a dot after the @ is stopped at the field, whose description (the browser's message adds it) says in plain words what to type, in every form", async () => {
    const { page, problems } = await narrowVisitor();
    const plainWords = 'Enter your whole email address, such as name@yourbusiness.co.uk.';
    for (const [path, id, button] of [
      ['/', 'hero-email', 'Get My Free Quote'],
      ['/contact', 'contact-email', 'Send My Enquiry'],
      ['/blog', 'newsletter-email', 'Subscribe'],
    ] as const) {
      await page.goto(`${preview.url}${path}`);
      const form = page.locator(`form:has(#${id})`);
      // The name comes before the address in the enquiry forms: given, the address is the first field to stop the send.
      if (path !== '/blog') await form.getByLabel('Full name').fill('Dave Hughes');
      const email = form.locator(`#${id}`);
      await email.fill('dave@hughesplumbing');
      const sent = await leadRequests(page, () => form.getByRole('button', { name: button }).click());
      expect(sent).toBe(0);
      expect(await email.evaluate((input: HTMLInputElement) => input.validity.patternMismatch)).toBe(true);
      expect(await email.evaluate((input) => input === document.activeElement)).toBe(true);
      expect(await accessibleDescription(page, `#${id}`)).toBe(plainWords);
    }
    expect(problems).toEqual([]);
  });
});

/** What a screen reader reads after an element's name and role: Chromium's own accessibility tree's description. */
async function accessibleDescription(page: Page, selector: string): Promise<string | undefined> {
  const cdp = await page.context().newCDPSession(page);
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
  await cdp.detach();
  return nodes[0]?.description?.value as string | undefined;
}

describe('phone numbers', () => {
  const plainWords = 'Enter a phone number we can call, such as 01332 123456 or +44 7700 900123.';
  const forms = [
    ['/', 'hero-phone', 'Get My Free Quote'],
    ['/contact', 'contact-phone', 'Send My Enquiry'],
  ] as const;

  it('text that is no phone number is stopped at the field, whose description says what to type, in both forms; a number as people type it is taken', async () => {
    const { page, problems } = await narrowVisitor();
    for (const [path, id, button] of forms) {
      await page.goto(`${preview.url}${path}`);
      const form = page.locator(`form:has(#${id})`);
      await form.getByLabel('Full name').fill('Dave Hughes');
      await form.getByLabel('Email address').fill('dave@hughesplumbing.co.uk');
      const phone = form.locator(`#${id}`);
      for (const words of ['abc', 'call me', '07700 CALL ME', '12345']) {
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
      ]) {
        await phone.fill(number);
        expect(await phone.evaluate((input: HTMLInputElement) => input.validity.patternMismatch), number).toBe(false);
      }
    }
    expect(await listLeads(preview.leads)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('one that gets past the browser (its pattern gone) is refused by the server, which says why in the error toast, every field kept, and marks the field invalid, described by its words, until it is sent again or changed', async () => {
    const { page, problems } = await openPage(wide);
    await page.goto(`${preview.url}/contact`);
    const form = page.locator('main form');
    const phone = form.getByLabel('Phone number');
    const submit = form.locator('button[type="submit"]');
    const refused = 'phone must be a phone number of 10 to 15 digits, such as 01332 123456 or +44 7700 900123';
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
    expect(await form.locator('[aria-invalid]').count()).toBe(1);

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
      ['/', 'hero-name', 'Get My Free Quote', '\u200b', 'name is required'],
      // Past the browser with its pattern gone: no dot after the @.
      ['/blog', 'newsletter-email', 'Subscribe', 'dave@hughesplumbing', 'email must be a valid email address'],
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
});

describe('contact form', () => {
  async function fillContactForm(page: Page) {
    const form = page.locator('main form');
    await form.getByLabel('Full name').fill('Sarah Okafor');
    await form.getByLabel('Email address').fill('sarah@okaforelectrical.co.uk');
    await form.getByLabel('Phone number').fill('0115 496 0321');
    await form.getByLabel('Your trade').selectOption('heating');
    await form.getByLabel('Business name').fill('Okafor Electrical & Heating Ltd');
    await form.getByLabel('Location').fill('Nottingham');
    await form.getByLabel('Monthly marketing budget').selectOption('1000-2500');
    await form.getByText('Local SEO', { exact: true }).click();
    await form.getByText('Reputation Management', { exact: true }).click();
    await form.getByText('Google Ads', { exact: true }).click();
    await form.getByText('Google Ads', { exact: true }).click();
    await form
      .getByLabel('Tell us about your business')
      .fill('We want more boiler installs in NG postcodes.\nCurrently rely on Checkatrade.');
    return form;
  }

  it('stores every field, with the chosen services, and resets the form', async () => {
    const { page, problems } = await wideVisitor();
    await page.goto(`${preview.url}/contact`);
    const form = await fillContactForm(page);
    expect(
      await form
        .locator('input[name="services_interested"]:checked')
        .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
    ).toEqual(['Local SEO', 'Reputation Management']);
    await form.getByRole('button', { name: 'Send My Enquiry' }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Success!');
    expect(await form.getByLabel('Business name').inputValue()).toBe('');
    expect(await form.getByLabel('Tell us about your business').inputValue()).toBe('');
    expect(await form.locator('input[name="services_interested"]:checked').count()).toBe(0);

    const [lead] = await listLeads(preview.leads);
    expect(lead).toMatchObject({
      form_type: 'contact',
      name: 'Sarah Okafor',
      email: 'sarah@okaforelectrical.co.uk',
      phone: '0115 496 0321',
      trade: 'heating',
      business_name: 'Okafor Electrical & Heating Ltd',
      location: 'Nottingham',
      budget: '1000-2500',
      services_interested: ['Local SEO', 'Reputation Management'],
      message: 'We want more boiler installs in NG postcodes.\nCurrently rely on Checkatrade.',
      page: '/contact',
    });
    expect(problems).toEqual([]);
  });

  it('requires phone and trade, marked with *', async () => {
    const { page } = await wideVisitor();
    await page.goto(`${preview.url}/contact`);
    const form = page.locator('main form');
    expect(await form.locator('label[for="contact-phone"]').textContent()).toBe('Phone number *');
    expect(await form.locator('label[for="contact-trade"]').textContent()).toBe('Your trade *');
    await form.getByLabel('Full name').fill('Sarah Okafor');
    await form.getByLabel('Email address').fill('sarah@okaforelectrical.co.uk');
    const sent = await leadRequests(page, () => form.getByRole('button', { name: 'Send My Enquiry' }).click());
    expect(sent).toBe(0);
    expect(
      await form.getByLabel('Phone number').evaluate((input: HTMLInputElement) => input.validity.valueMissing),
    ).toBe(true);
    expect(await form.getByLabel('Full name').inputValue()).toBe('Sarah Okafor');
  });

  it('takes spaces alone for no name and no phone number: the browser says so at the field, and nothing is sent', async () => {
    const { page } = await wideVisitor();
    await page.goto(`${preview.url}/contact`);
    const form = page.locator('main form');
    const [name, phone] = [form.getByLabel('Full name'), form.getByLabel('Phone number')];
    await name.fill('   ');
    await form.getByLabel('Email address').fill('sarah@okaforelectrical.co.uk');
    await phone.fill('  ');
    await form.getByLabel('Your trade').selectOption('electrician');
    const send = () => form.getByRole('button', { name: 'Send My Enquiry' }).click();
    expect(await leadRequests(page, send)).toBe(0);
    expect(await name.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
    expect(await name.evaluate((input) => input === document.activeElement)).toBe(true);
    await name.fill('Sarah Okafor');
    expect(await leadRequests(page, send)).toBe(0);
    expect(await phone.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
    expect(await phone.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await form.getByLabel('Email address').inputValue()).toBe('sarah@okaforelectrical.co.uk');
    expect(await listLeads(preview.leads)).toEqual([]);
  });

  it('a double click stores one lead', async () => {
    const { page } = await wideVisitor();
    await page.goto(`${preview.url}/contact`);
    const form = await fillContactForm(page);
    const sent = await leadRequests(page, () => form.getByRole('button', { name: 'Send My Enquiry' }).dblclick());
    await expect.poll(() => toast(page).textContent()).toContain('Success!');
    expect(sent).toBe(1);
    expect(await listLeads(preview.leads)).toHaveLength(1);
  });

  it('filled in by a bot, the field hidden from people too, is thanked as a person is and stored nowhere', async () => {
    const { page } = await wideVisitor();
    await page.goto(`${preview.url}/contact`);
    const form = await fillContactForm(page);
    const honeypot = form.locator('input[name="website"]');
    await honeypot.evaluate((input: HTMLInputElement) => (input.value = 'https://cheap-links.example'));
    await form.getByRole('button', { name: 'Send My Enquiry' }).click();
    await expect
      .poll(() => toast(page).textContent())
      .toContain("Success!Thank you for your message. We'll get back to you within 24 hours.");
    expect(await listLeads(preview.leads)).toEqual([]);
  });

  it('the home page contact section sends the contact form too', async () => {
    const { page } = await narrowVisitor();
    await page.goto(`${preview.url}/#contact`);
    const form = page.locator('#contact form');
    await form.getByLabel('Full name').fill('Tom Reid');
    await form.getByLabel('Email address').fill('tom@reidroofing.co.uk');
    await form.getByLabel('Phone number').fill('01332 000111');
    await form.getByLabel('Your trade').selectOption('roofer');
    await form.getByRole('button', { name: 'Send My Enquiry' }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Success!');
    expect(await listLeads(preview.leads)).toMatchObject([
      { form_type: 'contact', name: 'Tom Reid', trade: 'roofer', page: '/', services_interested: [] },
    ]);
  });
});

describe('newsletter', () => {
  it('stores the e-mail as a newsletter lead, with the same states and toasts, the success thanking a subscriber', async () => {
    const { page, problems } = await narrowVisitor();
    await page.goto(`${preview.url}/blog`);
    const form = page.locator('section[aria-labelledby="newsletter-heading"] form');
    // An address with an apostrophe, at a domain of letters English lacks: the browser writes the domain in ASCII.
    await form.getByLabel('Your email address').fill("sean.o'brien@bücher.co.uk");
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect
      .poll(() => toast(page).textContent())
      .toContain("Success!You're subscribed. Look out for our next email of tips.");
    expect(await form.getByLabel('Your email address').inputValue()).toBe('');
    expect(await listLeads(preview.leads)).toMatchObject([
      { form_type: 'newsletter', email: "sean.o'brien@xn--bcher-kva.co.uk", name: null, page: '/blog' },
    ]);
    expect(problems).toEqual([]);
  });
});

describe('privacy policy', () => {
  it('under every form, once it is ready: a link to the privacy policy, which says what is done with the details', async () => {
    const { page, problems } = await narrowVisitor();
    const note = 'Our privacy policy explains how we use your details and the rights you have over them.';
    for (const [path, buttons] of [
      ['/', ['Get My Free Quote', 'Send My Enquiry']],
      ['/contact', ['Send My Enquiry']],
      ['/blog', ['Subscribe']],
      ['/blog/category/seo', ['Subscribe']],
    ] as const) {
      await page.goto(`${preview.url}${path}`);
      await expect.poll(() => page.getByRole('button', { name: buttons[0] }).isEnabled()).toBe(true);
      const notes = page.getByText(note, { exact: true });
      expect(await notes.count(), path).toBe(buttons.length);
      for (const [index, name] of buttons.entries()) {
        const [button, text] = [page.getByRole('button', { name }), notes.nth(index)];
        const [buttonBox, noteBox] = [await button.boundingBox(), await text.boundingBox()];
        expect(noteBox!.y, `${path} ${name}`).toBeGreaterThanOrEqual(buttonBox!.y + buttonBox!.height);
        expect(await text.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/privacy-policy');
      }
    }
    await page.getByRole('link', { name: 'privacy policy', exact: true }).click();
    await page.waitForURL(/\/privacy-policy$/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Privacy Policy');
    expect(await page.getByRole('heading', { name: 'Enquiry forms' }).count()).toBe(1);
    expect(problems).toEqual([]);
  });
});

describe('without JavaScript', () => {
  it('the forms cannot be sent, and say above them how to reach the agency instead, by links: nothing typed goes into the address', async () => {
    const { page } = await visitorWithoutJavaScript();
    const note =
      'Sending this form needs JavaScript, which is off in this browser. Call us on 0808 157 0192 or email hello@example.com and we will take your details.';
    for (const [path, buttons] of [
      ['/', ['Get My Free Quote', 'Send My Enquiry']],
      ['/contact', ['Send My Enquiry']],
      ['/contact', ['Send My Enquiry']],
      ['/blog', ['Subscribe']],
    ] as const) {
      await page.goto(`${preview.url}${path}`);
      for (const name of buttons)
        expect(await page.getByRole('button', { name }).isDisabled(), `${path} ${name}`).toBe(true);
      const notes = page.getByText(note, { exact: true });
      expect(await notes.count(), path).toBe(buttons.length);
      // Above the form, before anything is typed into it; the number and the address ready to tap.
      const [noteBox, formBox] = [await notes.first().boundingBox(), await page.locator('form').first().boundingBox()];
      expect(noteBox!.y + noteBox!.height, path).toBeLessThanOrEqual(formBox!.y);
      expect(await notes.first().getByRole('link', { name: '0808 157 0192' }).getAttribute('href')).toBe(
        'tel:+448081570192',
      );
      expect(await notes.first().getByRole('link', { name: 'hello@example.com' }).getAttribute('href')).toBe(
        'mailto:hello@example.com',
      );
    }
    await page.goto(`${preview.url}/`);
    const form = page.locator('#home form');
    await form.getByLabel('Full name').fill('Dave Hughes');
    await form.getByLabel('Email address').fill('dave@hughesplumbing.co.uk');
    await form.getByLabel('Email address').press('Enter');
    await page.waitForTimeout(300);
    expect(page.url()).toBe(`${preview.url}/`);
  });

  it('a form whose script never comes (a lost connection, a blocker) says below its button, after five seconds, to call or e-mail if it does not send, by links', async () => {
    const { page } = await openPage(wide);
    await page.route('**/assets/*.js', (script) => script.abort());
    await speedUpAnimations(page);
    for (const [path, buttons] of [
      ['/', ['Get My Free Quote', 'Send My Enquiry']],
      ['/contact', ['Send My Enquiry']],
      ['/blog', ['Subscribe']],
    ] as const) {
      await page.goto(`${preview.url}${path}`);
      const notes = page.getByText(waiting, { exact: true });
      await expect.poll(() => notes.first().isVisible(), { message: path }).toBe(true);
      expect(await notes.count(), path).toBe(buttons.length);
      for (const [index, name] of buttons.entries()) {
        const button = page.getByRole('button', { name });
        expect(await button.isDisabled(), `${path} ${name}`).toBe(true);
        const [buttonBox, noteBox] = [await button.boundingBox(), await notes.nth(index).boundingBox()];
        expect(noteBox!.y, `${path} ${name}`).toBeGreaterThanOrEqual(buttonBox!.y + buttonBox!.height);
      }
      expect(await notes.first().getByRole('link', { name: '0808 157 0192' }).getAttribute('href')).toBe(
        'tel:+448081570192',
      );
      expect(await notes.first().getByRole('link', { name: 'hello@example.com' }).getAttribute('href')).toBe(
        'mailto:hello@example.com',
      );
    }
    // Where the script comes, the note never shows, however long the page stays open.
    await page.unroute('**/assets/*.js');
    await page.goto(`${preview.url}/`);
    await expect.poll(() => page.getByRole('button', { name: 'Get My Free Quote' }).isEnabled()).toBe(true);
    await page.waitForTimeout(200);
    expect(await page.getByText(waiting, { exact: true }).first().isVisible()).toBe(false);
    expect(await page.getByText(waiting, { exact: true }).count()).toBe(2);

    // With JavaScript off, the note above the form says how to reach the agency (below): this one is not said as well.
    const withoutScript = await openPage({ ...wide, javaScript: false });
    await speedUpAnimations(withoutScript.page);
    await withoutScript.page.goto(`${preview.url}/`);
    await withoutScript.page.waitForTimeout(300);
    expect(await withoutScript.page.getByText(waiting, { exact: true }).first().isVisible()).toBe(false);
  });

  it('a screen reader says the note when it shows: it shows in a live region that was in the page before, on every form', async () => {
    const { page } = await openPage(wide);
    await page.route('**/assets/*.js', (script) => script.abort());
    await speedUpAnimations(page);
    for (const [path, count] of [
      ['/', 2],
      ['/blog', 1],
    ] as const) {
      await page.goto(`${preview.url}${path}`);
      const notes = page.getByText(waiting, { exact: true });
      await expect.poll(() => notes.first().isVisible(), { message: path }).toBe(true);
      const inLiveRegion = await notes.evaluateAll((all) =>
        all.map((note) => {
          const region = note.parentElement?.closest('[aria-live="polite"], [role="status"]');
          // Its region's own box is there while the note is not: a region the browser does not draw is not listened to.
          return region !== null && region !== undefined && getComputedStyle(region).display !== 'none';
        }),
      );
      expect(inLiveRegion, path).toEqual(Array(count).fill(true));
      // The note alone: the button waits for a script that never came, and nothing is being sent.
      const said = await notes.evaluateAll((all) => all.map((note) => note.parentElement?.innerText));
      expect(said, path).toEqual(Array(count).fill(waiting));
    }
  });

  it('with JavaScript on, the note is not shown and the buttons are ready once the page has loaded', async () => {
    const { page } = await wideVisitor();
    await page.goto(`${preview.url}/`);
    expect(await page.getByText('Sending this form needs JavaScript', { exact: false }).first().isVisible()).toBe(
      false,
    );
    await expect.poll(() => page.getByRole('button', { name: 'Get My Free Quote' }).isEnabled()).toBe(true);
  });
});

describe('field lengths', () => {
  it("stop the visitor at the server's limits, rather than the server refusing the lead", async () => {
    const { page } = await wideVisitor();
    await page.goto(`${preview.url}/contact`);
    const form = page.locator('main form');
    const limits: [string, number][] = [
      ['Full name', 100],
      ['Email address', 254],
      ['Phone number', 30],
      ['Business name', 120],
      ['Location', 120],
      ['Tell us about your business', 5000],
    ];
    for (const [label, limit] of limits)
      expect(await form.getByLabel(label).getAttribute('maxlength'), label).toBe(String(limit));
    await form.getByLabel('Phone number').pressSequentially('0'.repeat(31));
    expect(await form.getByLabel('Phone number').inputValue()).toBe('0'.repeat(30));
  });
});

describe('rate limit', () => {
  it('a sixth enquiry in 10 minutes from one client gets the error toast with a message a visitor understands, and keeps every field', async () => {
    // Five leads from this machine already, stored by the server's own store.
    const store = pgliteLeadStore(preview.leads);
    for (let i = 0; i < 5; i++) {
      const check = checkLead({
        form_type: 'newsletter',
        email: `earlier${i}@example.co.uk`,
        submission_id: randomUUID(),
      });
      if (!check.success) throw new Error(check.error);
      await store.save(leadRecord(check.lead), {
        client: '127.0.0.1',
        rateLimit: preview.leadSettings.rateLimit,
        notify: false,
      });
    }
    const { page, problems } = await wideVisitor();
    await page.goto(`${preview.url}/`);
    const form = page.locator('#home form');
    await form.getByLabel('Full name').fill('Dave Hughes');
    await form.getByLabel('Email address').fill('dave@hughesplumbing.co.uk');
    await form.getByLabel('Your trade').selectOption('plumber');
    await form.getByRole('button', { name: 'Get My Free Quote' }).click();
    await expect
      .poll(() => toast(page).textContent())
      .toBe('ErrorYou have sent several enquiries in a short time. Please try again in 10 minutes, or call us.×');
    expect(await form.getByLabel('Full name').inputValue()).toBe('Dave Hughes');
    expect(await form.getByLabel('Email address').inputValue()).toBe('dave@hughesplumbing.co.uk');
    expect(await form.getByLabel('Your trade').inputValue()).toBe('plumber');
    expect((await listLeads(preview.leads)).map((lead) => lead.email)).not.toContain('dave@hughesplumbing.co.uk');
    // The browser logs the 429 as a failed resource load; nothing else went wrong.
    expect(problems.filter((problem) => !problem.includes('429'))).toEqual([]);
  });
});

describe('toasts', () => {
  it('are announced in a live region and disappear after 4 to 5 seconds', async () => {
    const { page } = await openPage(wide);
    // The page's clock runs as a real one until the test moves it on: the seconds are not waited out.
    await page.clock.install();
    await page.goto(`${preview.url}/blog`);
    const status = page.getByRole('status', { includeHidden: true });
    expect(await status.getAttribute('aria-live')).toBe('polite');
    const toastTimes = await noteToastTimes(status);
    await page.getByLabel('Your email address').fill('timing@example.co.uk');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Success!');
    await page.clock.runFor(6_000);
    expect(await toast(page).textContent()).toBe('');
    const { shown, gone } = await toastTimes();
    expect(gone! - shown!).toBeGreaterThanOrEqual(4_000);
    expect(gone! - shown!).toBeLessThanOrEqual(5_000);
  });

  it('wait for a visitor who was in another tab when the answer came, and give them their seconds once back', async () => {
    const { page } = await openPage(wide);
    await page.clock.install();
    await page.goto(`${preview.url}/blog`);
    // Every page the browser drives has the focus unless told otherwise (after its load): here only the tab in front.
    const devTools = await page.context().newCDPSession(page);
    await devTools.send('Emulation.setFocusEmulationEnabled', { enabled: false });
    await page.bringToFront();
    await page.getByLabel('Your email address').fill('away@example.co.uk');
    const { release } = await holdBack(page, '**/functions/v1/contact-form');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const otherTab = await page.context().newPage();
    await otherTab.bringToFront();
    release();
    await expect.poll(() => toast(page).textContent()).toContain('Success!');
    await page.clock.runFor(10_000);
    expect(await toast(page).textContent()).toContain('Success!');
    // Back, and away again for a while, the toast has its five seconds, no more.
    await page.bringToFront();
    await page.clock.runFor(2_000);
    await otherTab.bringToFront();
    await page.clock.runFor(10_000);
    await page.bringToFront();
    await page.clock.runFor(2_500);
    expect(await toast(page).textContent()).toContain('Success!');
    await page.clock.runFor(1_000);
    expect(await toast(page).textContent()).toBe('');
  });

  it("show one sent before the toasts' island was listening: on a busy or hidden page, whose frames come late", async () => {
    const { page, problems } = await openPage(wide);
    await page.clock.install();
    await page.goto(`${preview.url}/blog`);
    // The page's timers and frames stopped: the toasts' island, drawn when the form's code comes, waits for a frame to
    // listen, while the lead is sent and answered.
    await page.clock.pauseAt(Date.now() + 60_000);
    const field = page.getByLabel('Your email address');
    await field.fill('busy@example.co.uk');
    const answered = page.waitForResponse('**/functions/v1/contact-form');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await (await answered).finished();
    expect(await listLeads(preview.leads)).toMatchObject([{ email: 'busy@example.co.uk' }]);
    await page.clock.runFor(100);
    await expect.poll(() => toast(page).textContent()).toContain('Success!');
    expect(problems).toEqual([]);
  });
});
