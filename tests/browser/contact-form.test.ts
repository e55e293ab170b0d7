/**
 * The contact form, on its own page and in the home page's contact section,
 * in a real browser against the real preview server: every field stored,
 * what is typed while it sends kept, what is required, one lead for a double
 * click and for the same words sent again after a reload while it was
 * sending, none for a bot, and the fields held to the server's lengths.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { listLeads } from '../../src/leads/pglite-lead-store';
import { holdBack, narrow, openPage, reusedPage, wide } from './support/browser';
import { contrastRatio, drawnOverWhite } from './support/contrast';
import { fillContactRequired, leadRequests } from './support/forms';
import { sharedTestPreview } from './support/preview';
import { toast } from './support/toasts';

const preview = sharedTestPreview();
const wideVisitor = reusedPage(wide);
const narrowVisitor = reusedPage(narrow);

describe('contact form', () => {
  async function fillContactForm(page: Page) {
    const form = page.locator('main form');
    await fillContactRequired(form);
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

  it("a click on a service just under the header, or at the window's foot, chooses it where it is: the page does not move", async () => {
    const { page, problems } = await openPage(wide);
    await page.goto(`${preview.url}/contact`);
    await page.getByRole('button', { name: 'Reject' }).click();
    const service = page.locator('main form label').filter({ hasText: 'Local SEO' });
    const moves: number[] = [];
    for (const edge of ['top', 'bottom'] as const) {
      // Its top a little under the header's foot, then its foot a little above the window's.
      const before = await service.evaluate((label, edge) => {
        const place =
          edge === 'top' ? document.querySelector('header')!.getBoundingClientRect().bottom + 4 : innerHeight - 4;
        scrollBy(0, label.getBoundingClientRect()[edge] - place);
        return scrollY;
      }, edge);
      const { x, y, height } = (await service.boundingBox())!;
      await page.mouse.click(x + 20, edge === 'top' ? y + height - 6 : y + 6);
      moves.push((await page.evaluate(() => scrollY)) - before);
      expect(await service.locator('input').isChecked()).toBe(edge === 'top');
    }
    expect(moves).toEqual([0, 0]);
    expect(problems).toEqual([]);
  });

  it('what the visitor adds while it sends is kept on success, not emptied unsent, the toast saying so, and goes with the next press', async () => {
    const { page, problems } = await openPage(wide);
    const thanks = "Thank you for your message. We'll get back to you within 24 hours.";
    await page.goto(`${preview.url}/contact`);
    const form = await fillContactForm(page);
    const message = form.getByLabel('Tell us about your business');
    const sent = await message.inputValue();
    const added = `${sent}\nWe have two vans, one in Derby.`;
    const submit = form.locator('button[type="submit"]');
    const { release } = await holdBack(page, '**/functions/v1/contact-form');
    await submit.click();
    await expect.poll(() => submit.textContent()).toBe('Submitting...');
    await message.fill(added);
    release();
    await expect
      .poll(() => toast(page).textContent())
      .toBe(
        `Success!${thanks} Anything you changed while it was sending is still in the form and has not been sent yet.×`,
      );
    await expect.poll(() => submit.isEnabled()).toBe(true);
    expect(await message.inputValue()).toBe(added);
    expect(await form.getByLabel('Full name').inputValue()).toBe('Sarah Okafor');
    expect(await form.locator('input[name="services_interested"]:checked').count()).toBe(2);
    expect((await listLeads(preview.leads)).map((lead) => lead.message)).toEqual([sent]);

    await submit.click();
    await expect.poll(async () => (await listLeads(preview.leads)).map((lead) => lead.message)).toEqual([sent, added]);
    // Sent as it stands, the form is emptied, under the plain thanks.
    await expect.poll(() => message.inputValue()).toBe('');
    await expect.poll(() => toast(page).textContent()).toBe(`Success!${thanks}×`);
    expect(await form.getByLabel('Full name').inputValue()).toBe('');
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

  it('without its stylesheet (a slow or lost connection), shows a person no trap for bots: every field they fill in is sent, and the lead stored', async () => {
    const { page } = await openPage(wide);
    await page.route('**/*.css', (route) => route.abort());
    await page.goto(`${preview.url}/contact`);
    const form = await fillContactForm(page);
    // A tradesperson asked for a website fills it in.
    for (const field of await form.locator('input[type="text"]').all()) {
      if ((await field.isVisible()) && (await field.inputValue()) === '') await field.fill('okaforelectrical.co.uk');
    }
    await form.getByRole('button', { name: 'Send My Enquiry' }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Success!');
    expect(await listLeads(preview.leads)).toMatchObject([{ name: 'Sarah Okafor', location: 'Nottingham' }]);
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

describe('the fields seen', () => {
  it("each empty field's border, and each service's, stands out from the white the form is on at 3 to 1 or more (WCAG 1.4.11), in the home page's two forms and the contact page's", async () => {
    const { page } = await wideVisitor();
    for (const path of ['/', '/contact']) {
      await page.goto(`${preview.url}${path}`);
      const fields = await page
        .locator(
          'main form :is(input:not([type=checkbox], [tabindex="-1"]), select, textarea), main form label:has(> input[type=checkbox])',
        )
        .evaluateAll((fields) => {
          const ground = (element: Element) => {
            let behind = element.parentElement!;
            while (getComputedStyle(behind).backgroundColor === 'rgba(0, 0, 0, 0)') behind = behind.parentElement!;
            return getComputedStyle(behind).backgroundColor;
          };
          return fields.map((field) => ({
            name: field.id || field.textContent!.trim(),
            colours: [getComputedStyle(field).borderTopColor, ground(field)],
          }));
        });
      const faint: string[] = [];
      for (const { name, colours } of fields) {
        const [border, ground] = await drawnOverWhite(page, colours);
        const contrast = contrastRatio(border!, ground!);
        if (contrast < 3) faint.push(`${name}: ${contrast.toFixed(2)} to 1`);
      }
      expect(faint, path).toEqual([]);
    }
  });
});

describe('a form sent again once the page is loaded again', () => {
  it('sent, the page reloaded before the answer came (the browser asked first), and the same words sent again: one lead is stored', async () => {
    const { page, problems } = await openPage(wide);
    await page.goto(`${preview.url}/contact`);
    let reached!: () => void;
    const stored = new Promise<void>((resolve) => (reached = resolve));
    let first = true;
    await page.route('**/functions/v1/contact-form', async (request) => {
      if (!first) return request.continue();
      first = false;
      // The first reaches the server, which stores it; its answer never reaches the page.
      await request.fetch();
      reached();
    });
    const form = page.locator('main form');
    await fillContactRequired(form);
    const submit = form.getByRole('button', { name: 'Send My Enquiry' });
    await submit.click();
    await stored;
    page.on('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await fillContactRequired(form);
    await submit.click();
    await expect.poll(() => toast(page).textContent()).toContain('Success!');
    expect((await listLeads(preview.leads)).map((lead) => lead.email)).toEqual(['sarah@okaforelectrical.co.uk']);
    expect(problems).toEqual([]);
  });
});
