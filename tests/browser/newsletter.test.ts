/**
 * The newsletter form on the blog in a real browser against the real preview
 * server, and through it the toasts every form shows: announced, gone after
 * their seconds, waiting for a visitor in another tab, and shown however late
 * their island listens.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { listLeads } from '../../src/leads/pglite-lead-store';
import { holdBack, narrow, openPage, reusedPage, wide } from './support/browser';
import { sharedTestPreview } from './support/preview';
import { noteToastTimes, toast } from './support/toasts';

const preview = sharedTestPreview();
const narrowVisitor = reusedPage(narrow);

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
    // The page hears it lost or has the focus again some time after bringToFront returns, on a loaded machine after
    // the clock has run on: each step waits until it has.
    const front = async (tab: Page) => {
      await tab.bringToFront();
      await expect.poll(() => page.evaluate(() => document.hasFocus())).toBe(tab === page);
    };
    await front(page);
    await page.getByLabel('Your email address').fill('away@example.co.uk');
    const { release } = await holdBack(page, '**/functions/v1/contact-form');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const otherTab = await page.context().newPage();
    await front(otherTab);
    release();
    await expect.poll(() => toast(page).textContent()).toContain('Success!');
    // From here the toast's seconds pass only as the test moves them on: the waits for the focus to move add none. (A
    // time the page's clock has not reached on any machine, as it cannot be stopped at one gone by; the toast is held.)
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.clock.runFor(10_000);
    expect(await toast(page).textContent()).toContain('Success!');
    // Back, and away again for a while, the toast has its five seconds, no more.
    await front(page);
    await page.clock.runFor(2_000);
    await front(otherTab);
    await page.clock.runFor(10_000);
    await front(page);
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
