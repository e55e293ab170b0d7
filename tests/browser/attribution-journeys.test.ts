/**
 * Where a lead came from, for visitors consent-attribution.test.ts does not
 * follow: in a real browser against the real `sitegen preview`, read from
 * the lead database and from `sitegen leads` as the agency reads them.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { listLeads } from '../../src/leads/pglite-lead-store';
import { runSitegen } from '../support/cli';
import { anotherTab, openPage, wide } from './support/browser';
import { banner } from './support/consent';
import { sharedTestPreview } from './support/preview';
import { toast } from './support/toasts';

const preview = sharedTestPreview();

/**
 * A page whose landing page `path` has the referrer Chrome on Android gives a page an app opened: the app's
 * `android-app://` address (Chromium on a desktop sends no such referrer, so the page is told it as Android's is).
 */
async function openedFromAnApp(path: string) {
  const watched = await openPage(wide);
  await watched.page.addInitScript((landing) => {
    if (location.pathname === landing)
      Object.defineProperty(document, 'referrer', {
        get: () => 'android-app://com.google.android.googlequicksearchbox/',
      });
  }, path);
  return watched;
}

async function sendHeroForm(page: Page, email: string): Promise<void> {
  const form = page.locator('#home form');
  await form.getByLabel('Full name').fill('Dave Hughes');
  await form.getByLabel('Email address').fill(email);
  await form.getByRole('button', { name: 'Get My Free Quote' }).click();
  await expect.poll(() => toast(page).textContent()).toContain('Success!');
}

/** Accept on the page they are on, then send the home page's form, as a visitor who browses on to it. */
async function acceptThenSendFromHome(page: Page): Promise<void> {
  await banner(page).getByRole('button', { name: 'Accept' }).click();
  await expect.poll(() => banner(page).isVisible()).toBe(false);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await page.waitForURL(`${preview.url}/`);
  await sendHeroForm(page, 'dave@hughesplumbing.co.uk');
}

describe('a visitor opened from an app (Google, Gmail) on Android', () => {
  it('who accepts, then browses: their lead names the page they landed on', async () => {
    const { page, problems } = await openedFromAnApp('/about');
    await page.goto(`${preview.url}/about`);
    await acceptThenSendFromHome(page);
    expect(await listLeads(preview.leads)).toMatchObject([
      { first_landing_path: '/about', last_landing_path: '/about', last_referrer_origin: null },
    ]);
    const listed = await runSitegen(['leads', '--leads-dir', preview.leadsDir]);
    expect(listed.stdout).toMatch(
      /#\d+ Dave Hughes: Found us from a direct visit, landing on \/about, on \d{1,2} \w+ \d{4}\n/,
    );
    expect(problems).toEqual([]);
  }, 60_000);

  it('who does not answer, and sends the form of the page they landed on: the lead names that page', async () => {
    const { page, problems } = await openedFromAnApp('/');
    await page.goto(`${preview.url}/`);
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    await sendHeroForm(page, 'sarah@oneill-electrical.co.uk');
    expect(await listLeads(preview.leads)).toMatchObject([
      { page: '/', first_landing_path: null, last_landing_path: '/', last_referrer_origin: null },
    ]);
    expect(problems).toEqual([]);
  }, 60_000);
});

describe('a visitor whose browser holds a touch this version of the site does not write', () => {
  it("sends their enquiry, with the touch's fields the lead keeps", async () => {
    const { page, problems } = await openPage(wide);
    await page.goto(`${preview.url}/?utm_source=google&utm_medium=cpc&gclid=KEPT-1`);
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    // As another version of the site, or an extension, may leave it: a field no lead has, a value that is not text.
    await page.evaluate(() => {
      const kept = JSON.parse(localStorage.getItem('tradeboost-attribution')!);
      kept.first = { ...kept.first, utm_id: 'spring-2026' };
      kept.last = { ...kept.last, utm_campaign: 42 };
      localStorage.setItem('tradeboost-attribution', JSON.stringify(kept));
    });
    await sendHeroForm(page, 'dave@hughesplumbing.co.uk');
    expect(await listLeads(preview.leads)).toMatchObject([
      { first_gclid: 'KEPT-1', first_utm_source: 'google', last_gclid: 'KEPT-1', last_utm_campaign: null },
    ]);
    expect(problems).toEqual([]);
  }, 60_000);
});

describe('a visitor who comes back to the tab of an ad they clicked a month before', () => {
  it('and reloads it, or leaves it and comes back with Back: the click keeps its day, and their lead is dated by it', async () => {
    const { page, problems } = await openPage(wide);
    await page.goto(`${preview.url}/?utm_source=google&utm_medium=cpc&gclid=MONTH-OLD`);
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    // The click kept as it was a month ago (Playwright's fake clock would hide how the page was opened).
    const clickDay = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    await page.evaluate((day) => {
      const kept = JSON.parse(localStorage.getItem('tradeboost-attribution')!);
      for (const touch of [kept.first, kept.last]) touch.arrived_on = day;
      localStorage.setItem('tradeboost-attribution', JSON.stringify(kept));
    }, clickDay);
    const keptDays = () =>
      page.evaluate(() => {
        const { first, last } = JSON.parse(localStorage.getItem('tradeboost-attribution')!);
        return [first.arrived_on, last.arrived_on];
      });

    // Waited for as long as an arrival takes to be kept: the attribution code is loaded first.
    await page.reload({ waitUntil: 'networkidle' });
    expect(await keptDays()).toEqual([clickDay, clickDay]);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await page.waitForURL(/\/about$/);
    await page.goBack({ waitUntil: 'networkidle' });
    expect(await keptDays()).toEqual([clickDay, clickDay]);

    await sendHeroForm(page, 'dave@hughesplumbing.co.uk');
    expect(await listLeads(preview.leads)).toMatchObject([
      { first_gclid: 'MONTH-OLD', first_arrived_on: clickDay, last_gclid: 'MONTH-OLD', last_arrived_on: clickDay },
    ]);
    expect(problems).toEqual([]);
  }, 60_000);
});

describe('a visitor whose advert still points at an old address', () => {
  it('is sent on to the new page, query and place kept, and their lead carries the click', async () => {
    const { page, problems } = await openPage(wide);
    const ad = '?utm_source=google&utm_medium=cpc&utm_campaign=spring&gclid=OLD-ADDRESS';
    await page.goto(`${preview.url}/blog/category${ad}#section`);
    await page.waitForURL(`${preview.url}/blog${ad}#section`);
    await acceptThenSendFromHome(page);
    expect(await listLeads(preview.leads)).toMatchObject([
      {
        first_landing_path: '/blog',
        first_gclid: 'OLD-ADDRESS',
        first_utm_campaign: 'spring',
        last_gclid: 'OLD-ADDRESS',
      },
    ]);
    expect(problems).toEqual([]);
  }, 60_000);
});

describe('a visitor who answers the cookie question on the page after the one an advert opened', () => {
  it('accepts there, browses on, and sends a form: their lead carries the click and the page it opened', async () => {
    const { page, problems } = await openPage(wide);
    await page.goto(`${preview.url}/?utm_source=google&utm_medium=cpc&utm_campaign=spring&gclid=NEXT-PAGE`);
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    const menu = page.getByRole('navigation', { name: 'Main' });
    await menu.getByRole('link', { name: 'About' }).click();
    await page.waitForURL(/\/about$/);
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    await menu.getByRole('link', { name: 'Home' }).click();
    await page.waitForURL(`${preview.url}/`);
    await sendHeroForm(page, 'dave@hughesplumbing.co.uk');
    expect(await listLeads(preview.leads)).toMatchObject([
      { first_gclid: 'NEXT-PAGE', first_landing_path: '/', last_gclid: 'NEXT-PAGE', last_utm_campaign: 'spring' },
    ]);
    expect(problems).toEqual([]);
  }, 60_000);
});

describe('a visitor who opened two adverts in two tabs before answering', () => {
  it('accepts in the first: the second stops asking, and a lead sent from it carries its own click', async () => {
    const { page: first, problems } = await openPage(wide);
    const { page: second, problems: secondProblems } = await anotherTab(first.context());
    await first.goto(`${preview.url}/?utm_source=google&utm_medium=cpc&gclid=FIRST-TAB`);
    await second.goto(`${preview.url}/?utm_source=google&utm_medium=cpc&gclid=SECOND-TAB`);
    await expect.poll(() => banner(second).isVisible()).toBe(true);
    await banner(first).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => banner(second).isVisible()).toBe(false);
    await sendHeroForm(second, 'dave@hughesplumbing.co.uk');
    expect(await listLeads(preview.leads)).toMatchObject([{ first_gclid: 'FIRST-TAB', last_gclid: 'SECOND-TAB' }]);
    expect([...problems, ...secondProblems]).toEqual([]);
  }, 60_000);
});
