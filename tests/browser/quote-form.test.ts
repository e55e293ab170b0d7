/**
 * The quote form at the top of the home page in a real browser against the
 * real preview server: the lead it stores, what the browser stops before
 * sending, and the rate limit's toast for one enquiry too many.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkLead, leadRecord } from '../../supabase/functions/_shared/lead.ts';
import { listLeads, pgliteLeadStore } from '../../src/leads/pglite-lead-store';
import { narrow, reusedPage, wide } from './support/browser';
import { accessibleDescription, leadRequests } from './support/forms';
import { sharedTestPreview } from './support/preview';
import { toast } from './support/toasts';

const preview = sharedTestPreview();
const wideVisitor = reusedPage(wide);
const narrowVisitor = reusedPage(narrow);

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

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
    const plainWords = 'Enter your whole email address, such as name@yourbusiness.co.uk';
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
