/**
 * A form as it sends to a Supabase project, played by a local server: what a
 * screen reader is told meanwhile, where the focus goes after, how its toasts
 * are dismissed and how long they stay; and a form whose code comes only on
 * its first use, sent before it came.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consentQuestion } from '../support/site';
import { holdBack, openPage, reusedPage, wide } from './support/browser';
import { fillHeroForm, rateLimited, useSupabaseStub } from './support/supabase-stub';
import { noteToastTimes, steppingClock, toast } from './support/toasts';

const supabase = useSupabaseStub();
const { preview, received, answerWith, release: answer } = supabase;
const visitor = reusedPage(wide);

describe('while and after a submission', () => {
  /** The home page's form in `page`, filled in and ready to send; its submit button, found by its type (its name changes while it submits). */
  async function readyToSend(page: Page) {
    await page.goto(`${preview.url}/`);
    const submit = (await fillHeroForm(page)).locator('button[type="submit"]');
    // Enabled once the form's script has run: a disabled button takes no focus.
    await expect.poll(() => submit.isEnabled()).toBe(true);
    return submit;
  }

  async function sendByKeyboard(page: Page, submit: Locator) {
    await submit.focus();
    await page.keyboard.press('Enter');
  }

  it('a screen reader is told the form is sending, by the live region below it, from the press till the answer, in every form', async () => {
    const { page, problems } = await openPage(wide);
    // The wait note's five seconds stand still: however long the answer is held back, the region says the sending alone.
    const devTools = await page.context().newCDPSession(page);
    await devTools.send('Animation.enable');
    await devTools.send('Animation.setPlaybackRate', { playbackRate: 0 });
    const functionUrl = `${supabase.url}/functions/v1/contact-form`;
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
    answerWith('held-success');
    const { page } = await visitor();
    const submit = await readyToSend(page);
    await sendByKeyboard(page, submit);
    await expect.poll(() => submit.textContent()).toBe('Submitting...');
    answer();
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
      answerWith('500-json');
      // A page of its own, whose clock stands still once the form is ready, moved on a little at each look: the error is
      // still there when the test reaches its ×, however long a busy machine takes over the looks before. (At a time the
      // page's clock has not reached on any machine: it cannot stop at one gone by.)
      const { page } = await openPage(wide);
      await page.clock.install();
      const submit = await readyToSend(page);
      await page.clock.pauseAt(Date.now() + 60_000);
      await sendByKeyboard(page, submit);
      const alert = page.getByRole('alert');
      await expect
        .poll(steppingClock(page, () => alert.textContent()))
        .toContain('The enquiry service is down for maintenance.');
      await expect
        .poll(steppingClock(page, () => submit.evaluate((button) => button === document.activeElement)))
        .toBe(true);
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

  it('leaving the page while the form sends (a reload, a link, the tab closed) is asked first; staying, the visitor sees it sent', async () => {
    const { page } = await openPage(wide);
    await page.goto(`${preview.url}/`);
    const form = await fillHeroForm(page);
    const { asked, release } = await holdBack(page, '**/functions/v1/contact-form');
    await form.getByRole('button', { name: 'Get My Free Quote' }).click();
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    // Gone while it was sent, the page would leave the visitor not knowing whether it went, and sending it again.
    const asking = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await Promise.race([asking, page.waitForEvent('close').then(() => 'closed')])).toBe('beforeunload');
    release();
    await expect.poll(() => toast(page).textContent()).toContain('Success!');
    expect(received).toHaveLength(1);
  });

  it('in a window zoomed to 400%, with the consent question asked, an error shows its title and its close button', async () => {
    answerWith('429');
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
    answerWith('500-json');
    const { page } = await openPage(wide);
    await page.clock.install();
    await page.goto(`${preview.url}/`);
    const form = await fillHeroForm(page);
    const submit = form.getByRole('button', { name: 'Get My Free Quote' });
    const alert = page.getByRole('alert');
    const error = 'ErrorThe enquiry service is down for maintenance.×';

    // Drawn by a page whose clock stands still from here, moved on by the test alone, a little at each look: a busy
    // machine's slow steps take none of the toast's seconds. (At a time the page's clock has not reached on any machine:
    // it cannot stop at one gone by.)
    await page.clock.pauseAt(Date.now() + 60_000);
    const shows = (text: string) => expect.poll(steppingClock(page, () => alert.textContent())).toBe(text);

    const toastTimes = await noteToastTimes(alert);
    await submit.click();
    // Away from where the toast comes, so that it is pointed at when the test says, not as it appears.
    await page.mouse.move(0, 0);
    await shows(error);
    // Two seconds of its five gone before it is pointed at: the time it then has left is far from both five and none.
    await page.clock.runFor(2_000);
    await alert.locator('> div').hover();
    await page.clock.fastForward(10_000);
    expect(await alert.textContent()).toBe(error);
    await page.mouse.move(0, 0);
    await page.clock.runFor(5_100);
    await expect.poll(() => alert.textContent()).toBe('');
    // Gone, once let go, in the time it had left when pointed at. Its seconds start as the answer comes, which may be a
    // look or two before it is drawn: the margins allow for that, and still tell the time left from a fresh five seconds.
    const { shown, pointed, unpointed, gone } = await toastTimes();
    const left = 5_000 - (pointed! - shown!);
    expect(left).toBeGreaterThan(1_000);
    expect(left).toBeLessThanOrEqual(3_000);
    expect(gone! - unpointed!).toBeGreaterThanOrEqual(left - 500);
    expect(gone! - unpointed!).toBeLessThanOrEqual(left + 500);

    await submit.click();
    await page.mouse.move(0, 0);
    await shows(error);
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
    // Asked for as the focus came, but heard by the test only once the browser has passed the request on.
    await expect.poll(() => asked.length).toBeGreaterThan(0);
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
    answerWith('held-success');
    const { page, problems } = await openPage(wide);
    await page.goto(`${preview.url}/`);
    const { release } = await holdBack(page, '**/assets/*.js');
    const submit = (await fillHeroForm(page)).locator('button[type="submit"]');
    await submit.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => submit.isDisabled()).toBe(true);
    release();
    await expect.poll(() => submit.textContent()).toBe('Submitting...');
    answer();
    await expect.poll(() => toast(page).textContent()).toContain('Success!');
    expect(received).toHaveLength(1);
    // Not left on the page's body, where disabling the button put it, as when the form's code was there before the press.
    await expect.poll(() => submit.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(problems).toEqual([]);
  });
});
