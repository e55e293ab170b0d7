/**
 * The forms against a Supabase project, played by a local server: the request
 * is what supabase.functions.invoke sends, and every way the call can fail
 * shows its exact error toast with the visitor's words kept.
 */
import { describe, expect, it } from 'vitest';
import { openPage, reusedPage, speedUpAnimations, wide } from './support/browser';
import { fillContactRequired, leadRequests } from './support/forms';
import { anonKey, fillHeroForm, formValues, useSupabaseStub, type Mode } from './support/supabase-stub';
import { steppingClock, toast } from './support/toasts';

const supabase = useSupabaseStub();
const { preview, received, answerWith, release } = supabase;
const visitor = reusedPage(wide);

describe('the request', () => {
  it('is a POST to {SUPABASE_URL}/functions/v1/contact-form with apikey, Bearer token and the JSON payload, sent once', async () => {
    answerWith('held-success');
    // What sitegen preview tells of this build: its forms post to the Supabase project, not to it.
    expect(preview.formsPostTo).toBe(supabase.url);
    const { page, problems } = await visitor();
    await page.goto(`${preview.url}/`);
    const form = await fillHeroForm(page);
    const button = form.locator('button[type="submit"]');
    await button.click();
    await expect.poll(() => button.textContent()).toBe('Submitting...');
    expect(await button.isDisabled()).toBe(true);
    await button.click({ force: true });
    release();
    await expect.poll(() => toast(page).textContent()).toContain('Success!');
    expect(await button.textContent()).toBe('Get My Free Quote');
    expect(await button.isDisabled()).toBe(false);

    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request).toMatchObject({ method: 'POST', path: '/functions/v1/contact-form' });
    expect(request!.headers).toMatchObject({
      apikey: anonKey,
      authorization: `Bearer ${anonKey}`,
      'content-type': 'application/json',
    });
    expect(request!.body).toEqual({
      name: 'Priya Shah',
      email: 'priya@shahbuilders.co.uk',
      phone: '07700 900456',
      trade: 'builder',
      form_type: 'hero',
      submission_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      page: '/',
      // No answer to the consent question: only what this page knows, a visit straight to it.
      attribution: { first: null, last: { landing_path: '/', arrived_on: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) } },
      website: '',
    });
    expect(problems).toEqual([]);
  });
});

describe('failures show the error toast and keep every field', () => {
  const cases: [string, Mode, string][] = [
    ['the server answering 500 with an error', '500-json', 'The enquiry service is down for maintenance.'],
    ['the server answering 500 with no error', '500-text', 'Failed to submit form. Please try again.'],
    ['a proxy answering 502 with its own page', '502-html', 'Failed to submit form. Please try again.'],
    ['a reply of { success: false, error }', 'unsuccessful', 'Please use your business email address.'],
    ['a reply of { success: false }', 'unsuccessful-silent', 'Form submission failed. Please try again.'],
    // As a network's sign-in page answers, in place of the function.
    ['a reply that is not JSON', 'not-json', 'Form submission failed. Please try again.'],
    ['a dropped connection', 'drop', 'Failed to submit form. Please try again.'],
  ];

  // One page for all: each failure is sent from the form the one before left, as a visitor who tries again would.
  it(cases.map(([name]) => name).join('; '), async () => {
    // A page of its own, whose clock stands still once the form is filled in: each error stays, however long a busy
    // machine takes over the looks before its × is pressed, rather than going in its seconds. (At a time the page's clock
    // has not reached on any machine: it cannot stop at one gone by.)
    const { page } = await openPage(wide);
    await page.clock.install();
    await page.goto(`${preview.url}/`);
    const form = await fillHeroForm(page);
    await page.clock.pauseAt(Date.now() + 60_000);
    const alert = page.getByRole('alert');
    for (const [name, failure, message] of cases) {
      answerWith(failure);
      await form.getByRole('button', { name: 'Get My Free Quote' }).click();
      await expect
        .poll(
          steppingClock(page, () => toast(page).textContent()),
          { message: name },
        )
        .toBe(`Error${message}×`);
      expect(await alert.locator('> div').getAttribute('class'), name).toContain('bg-red-700');
      expect(await formValues(page), name).toEqual([
        'Priya Shah',
        'priya@shahbuilders.co.uk',
        '07700 900456',
        'builder',
      ]);
      expect(await form.getByRole('button', { name: 'Get My Free Quote' }).isEnabled(), name).toBe(true);
      // Dismissed, so that the next failure's toast is its own, not this one still showing.
      await alert.getByRole('button', { name: 'Dismiss notification' }).click();
      await expect.poll(() => toast(page).textContent(), { message: name }).toBe('');
    }
  });

  it('a request that takes longer than 15 seconds is abandoned with the error toast, and not retried', async () => {
    answerWith('hang');
    const { page } = await openPage(wide);
    await page.clock.install();
    await page.goto(`${preview.url}/`);
    // When the form is sent, by the page's clock: the test's own steps take time of it too.
    await page.evaluate(() =>
      document.addEventListener('submit', () => Object.assign(window, { sentAt: Date.now() }), { capture: true }),
    );
    const form = await fillHeroForm(page);
    await form.getByRole('button', { name: 'Get My Free Quote' }).click();
    await expect.poll(() => received.length).toBe(1);
    const sentAt = await page.evaluate(() => (window as unknown as { sentAt: number }).sentAt);
    await page.clock.pauseAt(sentAt + 14_000);
    expect(await toast(page).textContent()).toBe('');
    await page.clock.runFor(1_500);
    await expect
      .poll(() => toast(page).textContent())
      .toBe('ErrorThe request took too long. Please check your connection and try again.×');
    expect(await formValues(page)).toEqual(['Priya Shah', 'priya@shahbuilders.co.uk', '07700 900456', 'builder']);
    expect(received).toHaveLength(1);
  });

  it('the code that sends a form failing to load (a deploy since the page opened removed it) is said in the browser’s own message, with nothing sent, every field kept and no uncaught error', async () => {
    const { page, problems } = await openPage(wide);
    await page.goto(`${preview.url}/`);
    // The code that sends a lead (functions-js's header) and the toasts' (their close button) are gone, as after a
    // deploy; the form's own code comes.
    await page.route('**/assets/*.js', async (script) => {
      const response = await script.fetch();
      if (/x-region|pointer-events-auto/.test(await response.text()))
        await script.fulfill({ status: 404, body: 'Not Found' });
      else await script.fulfill({ response });
    });
    const form = await fillHeroForm(page);
    const submit = form.getByRole('button', { name: 'Get My Free Quote' });
    // Answered as it is shown: until then the page, and so the click, waits on it.
    const dialog = new Promise<string>((resolve) =>
      page.once('dialog', (shown) => {
        resolve(shown.message());
        void shown.accept();
      }),
    );
    await submit.click();
    expect(await dialog).toBe('Error: Failed to submit form. Please try again.');
    await expect.poll(() => submit.isEnabled()).toBe(true);
    expect(await formValues(page)).toEqual(['Priya Shah', 'priya@shahbuilders.co.uk', '07700 900456', 'builder']);
    expect(received).toEqual([]);
    // The browser logs each missing file; the page itself raises nothing.
    expect(problems.filter((problem) => !problem.includes('404 (Not Found)'))).toEqual([]);
  });

  it("the form's own code failing to load on its first use (a deploy since the page opened removed it): the button waits, the note below it says after five seconds how else to reach the agency, nothing is sent, every field is kept, and a later use that gets the code sends", async () => {
    const { page, problems } = await openPage(wide);
    await page.goto(`${preview.url}/`);
    await page.route('**/assets/*.js', (gone) => gone.fulfill({ status: 404, body: 'Not Found' }));
    await speedUpAnimations(page);
    const form = await fillHeroForm(page);
    const submit = form.getByRole('button', { name: 'Get My Free Quote' });
    await submit.click();
    await expect.poll(() => submit.isDisabled()).toBe(true);
    const note = page.getByText('Still waiting? If this form does not send, call us', { exact: false }).first();
    await expect.poll(() => note.isVisible()).toBe(true);
    expect(await formValues(page)).toEqual(['Priya Shah', 'priya@shahbuilders.co.uk', '07700 900456', 'builder']);
    expect(received).toEqual([]);
    expect(problems.filter((problem) => !problem.includes('404 (Not Found)'))).toEqual([]);
    // The code back (the page reloaded would have it too), the next focus brings the form to life, and it sends.
    await page.unroute('**/assets/*.js');
    await form.getByLabel('Full name').focus();
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    await expect.poll(() => toast(page).textContent()).toContain('Success!');
    expect(received).toHaveLength(1);
  });

  it("the form's own code throwing as it comes to life (a browser without something it uses, a bug shipped): the form stays as typed with the focus where it was, its button disabled, the note saying at once how else to reach the agency, and nothing is sent", async () => {
    const { page, problems } = await openPage(wide);
    await page.goto(`${preview.url}/contact`);
    // The form's code is the chunk its entry imports on first use: held back until the form is filled in (so that what
    // was typed is there as it comes to life), then a component that throws.
    const entry = await page.locator('script[src*="/assets/EnquiryForm-"]').getAttribute('src');
    const [, chunk] = /import\("\.\/(chunk-\w+\.js)"\)/.exec(
      await (await page.request.get(`${preview.url}${entry}`)).text(),
    )!;
    let release!: () => void;
    const filled = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/assets/${chunk}`, async (code) => {
      await filled;
      await code.fulfill({
        contentType: 'text/javascript',
        body: 'export default function EnquiryForm() { throw new Error("EnquiryForm broke"); }',
      });
    });
    // The page's animations stopped: the note shows only if it is shown at once, not after its five seconds.
    const devTools = await page.context().newCDPSession(page);
    await devTools.send('Animation.enable');
    await devTools.send('Animation.setPlaybackRate', { playbackRate: 0 });
    const form = page.locator('main form');
    await fillContactRequired(form);
    await form.getByText('Local SEO', { exact: true }).click();
    const message = form.getByLabel('Tell us about your business');
    await message.fill('Boiler installs in NG postcodes.');
    release();
    // The error is still the page's, for whoever looks.
    await expect.poll(() => problems).toEqual(['uncaught: EnquiryForm broke']);
    expect(await form.getByRole('textbox').count(), 'the fields on the page').toBe(6);

    expect(
      await Promise.all(
        ['Full name', 'Email address', 'Phone number', 'Your trade', 'Tell us about your business'].map((label) =>
          form.getByLabel(label).inputValue(),
        ),
      ),
    ).toEqual([
      'Sarah Okafor',
      'sarah@okaforelectrical.co.uk',
      '0115 496 0321',
      'heating',
      'Boiler installs in NG postcodes.',
    ]);
    expect(await form.getByLabel('Local SEO').isChecked()).toBe(true);
    expect(await message.evaluate((field) => field === document.activeElement)).toBe(true);
    const submit = form.getByRole('button', { name: 'Send My Enquiry' });
    expect(await submit.isDisabled()).toBe(true);
    const note = page.getByText('Still waiting? If this form does not send, call us', { exact: false });
    expect(await note.isVisible()).toBe(true);
    expect(await note.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(
      [expect.stringMatching(/^tel:/), expect.stringMatching(/^mailto:/)],
    );
    // Enter in a field sends nothing, and nothing goes into the address.
    expect(await leadRequests(page, () => form.getByLabel('Full name').press('Enter'))).toBe(0);
    expect(page.url()).toBe(`${preview.url}/contact`);
    expect(received).toEqual([]);
  });

  it("a retry after a failure carries the same submission id, its success toast in the error's place; a corrected form and the next enquiry get new ones", async () => {
    const { page } = await visitor();
    await page.goto(`${preview.url}/`);
    const form = await fillHeroForm(page);
    const submit = form.getByRole('button', { name: 'Get My Free Quote' });
    answerWith('500-json');
    await submit.click();
    await expect.poll(() => received.length).toBe(1);
    await expect.poll(() => toast(page).textContent()).toContain('Error');
    // Corrected after the failure: a new submission, which a store that kept the first (its reply lost) keeps too.
    await form.getByLabel('Email address').fill('priya@shah-builders.co.uk');
    await submit.click();
    await expect.poll(() => received.length).toBe(2);
    // Its failure shown (the same toast again), the button is ready for the retry.
    await expect.poll(() => submit.isEnabled()).toBe(true);
    answerWith('success');
    await submit.click();
    await expect.poll(() => toast(page).textContent()).toContain('Success!');
    // The success takes the error's place: one toast at a time, none stacked over the form.
    expect(await page.getByRole('alert').textContent()).toBe('');
    await fillHeroForm(page);
    await submit.click();
    await expect.poll(() => received.length).toBe(4);
    const [first, corrected, retry, next] = received.map((request) => request.body.submission_id);
    expect(received.map((request) => request.body.email)).toEqual([
      'priya@shahbuilders.co.uk',
      'priya@shah-builders.co.uk',
      'priya@shah-builders.co.uk',
      'priya@shahbuilders.co.uk',
    ]);
    expect(corrected).not.toBe(first);
    expect(retry).toBe(corrected);
    expect(new Set([first, corrected, next]).size).toBe(3);
  });
});

describe('a form sent again once the page is loaded again', () => {
  it('reloaded while it was sending (the browser asked first) and sent again with the same words, carries the same submission id, so the lead is stored once; changed words get a new one', async () => {
    answerWith('held-success');
    const { page, problems } = await openPage(wide);
    await page.goto(`${preview.url}/`);
    const form = await fillHeroForm(page);
    const submit = form.getByRole('button', { name: 'Get My Free Quote' });
    await submit.click();
    await expect.poll(() => received.length).toBe(1);
    // The visitor confirms leaving: the held answer never reaches this page.
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    expect(asked).toEqual(['beforeunload']);
    answerWith('success');
    await fillHeroForm(page);
    await submit.click();
    await expect.poll(() => toast(page).textContent()).toContain('Success!');
    await fillHeroForm(page);
    await form.getByLabel('Email address').fill('priya@shah-builders.co.uk');
    await submit.click();
    await expect.poll(() => received.length).toBe(3);
    const [first, again, changed] = received.map((request) => request.body.submission_id);
    expect(received.map((request) => request.body.email)).toEqual([
      'priya@shahbuilders.co.uk',
      'priya@shahbuilders.co.uk',
      'priya@shah-builders.co.uk',
    ]);
    expect(again).toBe(first);
    expect(changed).not.toBe(first);
    expect(problems).toEqual([]);
  });
});
