/**
 * The forms against a Supabase project, played by a local server: the request
 * is what supabase.functions.invoke sends, and every way the call can fail
 * shows its exact error toast with the visitor's words kept.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Preview } from '../../src/server/preview';
import { projectRoot } from '../support/cli';
import { consentQuestion } from '../support/site';
import { buildInProcess } from '../support/project-copy';
import { holdBack, openPage, reusedPage, speedUpAnimations, wide } from './support/browser';
import { startTestPreview } from './support/preview';
import { noteToastTimes, toast } from './support/toasts';

type Mode =
  | 'success'
  | 'slow-success'
  | '500-json'
  | '500-text'
  | '429'
  | 'unsuccessful'
  | 'unsuccessful-silent'
  | 'not-json'
  | 'drop'
  | 'hang';

interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

const anonKey = 'anon-test-key-1234';
/** The Edge Function's words for a sixth enquiry within its period: a long error. */
const rateLimited = 'You have sent several enquiries in a short time. Please try again in 10 minutes, or call us.';
let mode: Mode = 'success';
let received: Received[] = [];
let supabase: Server;
let preview: Preview;
let workspace: string;
let supabaseUrl: string;

/** A stand-in for the Supabase project's functions endpoint. */
function answer(request: IncomingMessage, response: ServerResponse, body: string) {
  const cors = {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  };
  if (request.method === 'OPTIONS')
    return response.writeHead(204, { ...cors, 'Access-Control-Allow-Methods': 'POST, OPTIONS' }).end();
  received.push({
    method: request.method ?? '',
    path: request.url ?? '',
    headers: request.headers,
    body: JSON.parse(body || '{}'),
  });
  const json = (status: number, data: unknown) =>
    response.writeHead(status, { ...cors, 'Content-Type': 'application/json' }).end(JSON.stringify(data));
  switch (mode) {
    case 'success':
      return json(200, { success: true });
    case 'slow-success':
      return setTimeout(() => json(200, { success: true }), 800);
    case '500-json':
      return json(500, { success: false, error: 'The enquiry service is down for maintenance.' });
    case '429':
      return json(429, { success: false, error: rateLimited });
    case '500-text':
      return response.writeHead(500, { ...cors, 'Content-Type': 'text/plain' }).end('Internal Server Error');
    case 'unsuccessful':
      return json(200, { success: false, error: 'Please use your business email address.' });
    case 'unsuccessful-silent':
      return json(200, { success: false });
    case 'not-json':
      return response.writeHead(200, { ...cors, 'Content-Type': 'text/plain' }).end('OK');
    case 'drop':
      return request.socket.destroy();
    case 'hang':
      return undefined;
  }
}

beforeAll(async () => {
  supabase = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk));
    request.on('end', () => answer(request, response, body));
  });
  await new Promise<void>((resolve) => supabase.listen(0, '127.0.0.1', resolve));
  supabaseUrl = `http://127.0.0.1:${(supabase.address() as AddressInfo).port}`;

  workspace = await mkdtemp(join(tmpdir(), 'sitegen-supabase-'));
  // Built in this process: what the forms send is the test, not the executable (the global setup's build spawns it).
  const built = await buildInProcess(projectRoot, {
    out: join(workspace, 'dist'),
    env: { SUPABASE_URL: supabaseUrl, SUPABASE_ANON_KEY: anonKey },
  });
  if (built.code !== 0) throw new Error(built.stderr);
  preview = await startTestPreview(join(workspace, 'dist'));
});

afterAll(async () => {
  await preview?.close();
  supabase?.closeAllConnections();
  await new Promise((resolve) => supabase?.close(resolve));
  await rm(workspace, { recursive: true, force: true });
});

beforeEach(() => {
  mode = 'success';
  received = [];
});
const visitor = reusedPage(wide);

async function fillHeroForm(page: Page) {
  const form = page.locator('#home form');
  await form.getByLabel('Full name').fill('Priya Shah');
  await form.getByLabel('Email address').fill('priya@shahbuilders.co.uk');
  await form.getByLabel('Phone number').fill('07700 900456');
  await form.getByLabel('Your trade').selectOption('builder');
  return form;
}

async function formValues(page: Page) {
  const form = page.locator('#home form');
  return Promise.all(
    ['Full name', 'Email address', 'Phone number', 'Your trade'].map((label) => form.getByLabel(label).inputValue()),
  );
}

describe('the request', () => {
  it('is a POST to {SUPABASE_URL}/functions/v1/contact-form with apikey, Bearer token and the JSON payload, sent once', async () => {
    mode = 'slow-success';
    // What sitegen preview tells of this build: its forms post to the Supabase project, not to it.
    expect(preview.formsPostTo).toBe(supabaseUrl);
    const { page, problems } = await visitor();
    await page.goto(`${preview.url}/`);
    const form = await fillHeroForm(page);
    const button = form.locator('button[type="submit"]');
    await button.click();
    await expect.poll(() => button.textContent()).toBe('Submitting...');
    expect(await button.isDisabled()).toBe(true);
    await button.click({ force: true });
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
    ['the server answering 500 with no error', '500-text', 'Failed to submit form'],
    ['a reply of { success: false, error }', 'unsuccessful', 'Please use your business email address.'],
    ['a reply of { success: false }', 'unsuccessful-silent', 'Form submission failed'],
    ['a reply that is not JSON', 'not-json', 'Form submission failed'],
    ['a dropped connection', 'drop', 'Failed to submit form. Please try again.'],
  ];

  // One page for all six: each failure is sent from the form the one before left, as a visitor who tries again would.
  it(cases.map(([name]) => name).join('; '), async () => {
    const { page } = await visitor();
    await page.goto(`${preview.url}/`);
    const form = await fillHeroForm(page);
    const alert = page.getByRole('alert');
    for (const [name, failure, message] of cases) {
      mode = failure;
      await form.getByRole('button', { name: 'Get My Free Quote' }).click();
      await expect.poll(() => toast(page).textContent(), { message: name }).toBe(`Error${message}×`);
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
    mode = 'hang';
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

  it("a retry after a failure carries the same submission id, its success toast in the error's place; a corrected form and the next enquiry get new ones", async () => {
    const { page } = await visitor();
    await page.goto(`${preview.url}/`);
    const form = await fillHeroForm(page);
    const submit = form.getByRole('button', { name: 'Get My Free Quote' });
    mode = '500-json';
    await submit.click();
    await expect.poll(() => received.length).toBe(1);
    await expect.poll(() => toast(page).textContent()).toContain('Error');
    // Corrected after the failure: a new submission, which a store that kept the first (its reply lost) keeps too.
    await form.getByLabel('Email address').fill('priya@shah-builders.co.uk');
    await submit.click();
    await expect.poll(() => received.length).toBe(2);
    // Its failure shown (the same toast again), the button is ready for the retry.
    await expect.poll(() => submit.isEnabled()).toBe(true);
    mode = 'success';
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

describe('while and after a submission', () => {
  /** The home page's form filled in and sent from the keyboard; its submit button, found by its type (its name changes while it submits). */
  async function sendByKeyboard() {
    const { page } = await visitor();
    await page.goto(`${preview.url}/`);
    const submit = (await fillHeroForm(page)).locator('button[type="submit"]');
    // Enabled once the form's script has run: a disabled button takes no focus.
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.focus();
    await page.keyboard.press('Enter');
    return { page, submit };
  }

  it('a screen reader is told the form is sending, by the live region below it, from the press till the answer, in every form', async () => {
    const { page, problems } = await openPage(wide);
    // The wait note's five seconds stand still: however long the answer is held back, the region says the sending alone.
    const devTools = await page.context().newCDPSession(page);
    await devTools.send('Animation.enable');
    await devTools.send('Animation.setPlaybackRate', { playbackRate: 0 });
    const functionUrl = `${supabaseUrl}/functions/v1/contact-form`;
    for (const [path, field, button] of [
      ['/', 'hero-email', 'Get My Free Quote'],
      ['/blog', 'newsletter-email', 'Subscribe'],
    ] as const) {
      await page.goto(`${preview.url}${path}`);
      const form = page.locator(`form:has(#${field})`);
      const region = page.locator(`[data-island]:has(#${field}) + [aria-live="polite"]`);
      if (path === '/') await fillHeroForm(page);
      else await form.locator(`#${field}`).fill('priya@shahbuilders.co.uk');
      expect(await region.innerText(), path).toBe('');
      const { release } = await holdBack(page, functionUrl);
      await form.getByRole('button', { name: button }).click();
      await expect.poll(() => region.innerText(), { message: path }).toBe('Submitting...');
      expect(await form.locator('button[type="submit"]').textContent(), path).toBe('Submitting...');
      release();
      await expect.poll(() => toast(page).textContent(), { message: path }).toContain('Success!');
      expect(await region.innerText(), path).toBe('');
      await page.unroute(functionUrl);
    }
    expect(received).toHaveLength(2);
    expect(problems).toEqual([]);
  });

  it('gives the focus back to the submit button once the submission is over', async () => {
    mode = 'slow-success';
    const { page, submit } = await sendByKeyboard();
    await expect.poll(() => submit.textContent()).toBe('Submitting...');
    await expect.poll(() => toast(page).textContent()).toContain('Success!');
    await expect.poll(() => submit.evaluate((button) => button === document.activeElement)).toBe(true);
  });

  // Its × pressed, or Escape anywhere in it (as Radix's toasts, the specification's, close); the × reached by Tab, or by
  // F8 from the form, many Tab stops away (as Radix's, whose region names the key).
  it.each([
    ['Enter', 'Tab'],
    ['Escape', 'Tab'],
    ['Escape', 'F8'],
  ])(
    'dismissing a toast (%s, reached by %s) gives the focus back to where it was, not to the top of the page',
    async (key, reach) => {
      mode = '500-json';
      const { page, submit } = await sendByKeyboard();
      const alert = page.getByRole('alert');
      await expect.poll(() => alert.textContent()).toContain('The enquiry service is down for maintenance.');
      await expect.poll(() => submit.evaluate((button) => button === document.activeElement)).toBe(true);
      expect(await toast(page).getAttribute('aria-label')).toBe('Notifications (F8)');
      const dismiss = alert.getByRole('button', { name: 'Dismiss notification' });
      if (reach === 'F8') await page.keyboard.press('F8');
      else await dismiss.focus();
      await expect.poll(() => dismiss.evaluate((button) => button === document.activeElement)).toBe(true);
      await page.keyboard.press(key);
      await expect.poll(() => alert.textContent()).toBe('');
      expect(await submit.evaluate((button) => button === document.activeElement)).toBe(true);
    },
  );

  it('in a window zoomed to 400%, with the consent question asked, an error shows its title and its close button', async () => {
    mode = '429';
    const { page } = await openPage({ width: 320, height: 256 });
    await page.goto(`${preview.url}/`);
    await expect.poll(() => page.getByRole('region', { name: consentQuestion }).isVisible()).toBe(true);
    const submit = (await fillHeroForm(page)).locator('button[type="submit"]');
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.focus();
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain(rateLimited);
    // Each is what the window shows at its left end, halfway down it: not above the window's top, nor under the question.
    const shown = await Promise.all(
      [alert.getByText('Error', { exact: true }), alert.getByRole('button', { name: 'Dismiss notification' })].map(
        (part) =>
          part.evaluate((element) => {
            const { left, top, height } = element.getBoundingClientRect();
            const seen = document.elementFromPoint(left + 4, top + height / 2);
            return top >= 0 && seen !== null && element.contains(seen);
          }),
      ),
    );
    expect(shown).toEqual([true, true]);
  });

  it('an error is announced at once, and stays while the visitor points at it or has the focus in it, then goes in the time it had left', async () => {
    mode = '500-json';
    const { page } = await openPage(wide);
    await page.clock.install();
    await page.goto(`${preview.url}/`);
    const form = await fillHeroForm(page);
    const submit = form.getByRole('button', { name: 'Get My Free Quote' });
    const alert = page.getByRole('alert');
    const error = 'ErrorThe enquiry service is down for maintenance.×';

    const toastTimes = await noteToastTimes(alert);
    await submit.click();
    // Away from where the toast comes, so that it is pointed at when the test says, not as it appears.
    await page.mouse.move(0, 0);
    await expect.poll(() => alert.textContent()).toBe(error);
    // Two seconds of its five gone before it is pointed at: the time it then has left is far from both five and none.
    await page.clock.runFor(2_000);
    await alert.locator('> div').hover();
    await page.clock.fastForward(10_000);
    expect(await alert.textContent()).toBe(error);
    await page.mouse.move(0, 0);
    await page.clock.runFor(5_100);
    await expect.poll(() => alert.textContent()).toBe('');
    // Gone, once let go, in the time it had left when pointed at, however long the test's own steps took. The page's
    // clock runs on between the test's steps, and a busy machine draws the toast and hears the pointer late: the
    // margins allow for that, and still tell the time left from a fresh five seconds.
    const { shown, pointed, unpointed, gone } = await toastTimes();
    const left = 5_000 - (pointed! - shown!);
    expect(left).toBeGreaterThan(1_000);
    expect(left).toBeLessThanOrEqual(3_000);
    expect(gone! - unpointed!).toBeGreaterThanOrEqual(left - 500);
    expect(gone! - unpointed!).toBeLessThanOrEqual(left + 500);

    await submit.click();
    await page.mouse.move(0, 0);
    await expect.poll(() => alert.textContent()).toBe(error);
    await alert.getByRole('button', { name: 'Dismiss notification' }).focus();
    await page.clock.fastForward(10_000);
    expect(await alert.textContent()).toBe(error);
    await form.getByLabel('Full name').focus();
    await page.clock.fastForward(5_100);
    await expect.poll(() => alert.textContent()).toBe('');
  });
});

describe('a form comes alive on its first use', () => {
  it("loads the form's code on its first focus, not before; what is typed while it comes is kept and sent", async () => {
    const { page, problems } = await openPage(wide);
    await page.goto(`${preview.url}/`);
    const form = page.locator('#home form');
    const submit = form.getByRole('button', { name: 'Get My Free Quote' });
    // Ready to be used from the first: the island's entry, loaded with the page, enabled its button.
    await expect.poll(() => submit.isEnabled()).toBe(true);
    const { asked, release } = await holdBack(page, '**/assets/*.js');
    await page.waitForTimeout(300);
    expect(asked).toEqual([]);
    await form.getByLabel('Full name').pressSequentially('Priya Shah');
    await form.getByLabel('Email address').pressSequentially('priya@shahbuilders.co.uk');
    expect(asked.length).toBeGreaterThan(0);
    release();
    await form.getByLabel('Phone number').fill('07700 900456');
    await submit.click();
    await expect.poll(() => toast(page).textContent()).toContain('Success!');
    expect(received.map(({ body }) => [body.name, body.email, body.phone])).toEqual([
      ['Priya Shah', 'priya@shahbuilders.co.uk', '07700 900456'],
    ]);
    // Preact among what the first focus brought (the SVG namespace it makes elements in): the page had none of it.
    const code = await Promise.all(asked.map(async (path) => (await page.request.get(`${preview.url}${path}`)).text()));
    expect(code.join('')).toContain('http://www.w3.org/2000/svg');
    expect(problems).toEqual([]);
  });

  it('sent before its code has come (Enter pressed at once), it is held, its button disabled, and sent once with every field when the code is there', async () => {
    const { page, problems } = await openPage(wide);
    await page.goto(`${preview.url}/blog`);
    const form = page.locator('section[aria-labelledby="newsletter-heading"] form');
    const { release } = await holdBack(page, '**/assets/*.js');
    await form.getByLabel('Your email address').fill('priya@shahbuilders.co.uk');
    await form.getByLabel('Your email address').press('Enter');
    const submit = form.getByRole('button', { name: 'Subscribe' });
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await page.waitForTimeout(300);
    expect(received).toEqual([]);
    expect(page.url()).toBe(`${preview.url}/blog`);
    release();
    await expect.poll(() => toast(page).textContent()).toContain('Success!');
    expect(received.map(({ body }) => [body.form_type, body.email])).toEqual([
      ['newsletter', 'priya@shahbuilders.co.uk'],
    ]);
    expect(await form.getByLabel('Your email address').inputValue()).toBe('');
    expect(problems).toEqual([]);
  });

  it('sent by its button before its code has come, the focus the disabled button lost is given back to it once the submission is over', async () => {
    mode = 'slow-success';
    const { page, problems } = await openPage(wide);
    await page.goto(`${preview.url}/`);
    const { release } = await holdBack(page, '**/assets/*.js');
    const submit = (await fillHeroForm(page)).locator('button[type="submit"]');
    await submit.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => submit.isDisabled()).toBe(true);
    release();
    await expect.poll(() => toast(page).textContent()).toContain('Success!');
    expect(received).toHaveLength(1);
    // Not left on the page's body, where disabling the button put it, as when the form's code was there before the press.
    await expect.poll(() => submit.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(problems).toEqual([]);
  });
});
