/**
 * What a visitor's answer to the consent question keeps, in a real browser
 * against the real `sitegen preview`, as the visitors take them: one
 * who arrives from a Google ad and accepts, one who comes back by a Facebook
 * post, one who rejects, one who rejects before an accept is done. What the
 * browser holds is read at every step, the lead from the database and
 * `sitegen leads --google-ads`, and the cookie policy held to what the site's
 * scripts write.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { touchColumnNames } from '../../supabase/functions/_shared/attribution.ts';
import { formatDate } from '../../supabase/functions/_shared/calendar-day.ts';
import { listLeads, type LeadRow } from '../../src/leads/pglite-lead-store';
import { projectNow } from '../../src/config';
import { projectRoot, runSitegen } from '../support/cli';
import {
  anotherTab,
  holdBack,
  layoutShift,
  nothingStored,
  openPage,
  reusedPage,
  stored,
  wide,
} from './support/browser';
import { adLanding, banner } from './support/consent';
import { fillContactRequired } from './support/forms';
import { sharedTestPreview } from './support/preview';
import { toast } from './support/toasts';

// Its lead database is on disk, so that `sitegen leads` can ask the running server for it.
const preview = sharedTestPreview();
const visitor = reusedPage(wide);

/** Walks from the page it is on to /about and /contact by the header's links, as a visitor does, and sends the contact form. */
async function sendEnquiryAfterBrowsing(page: Page, email: string): Promise<LeadRow> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'About' }).click();
  await page.waitForURL(/\/about$/);
  await nav.getByRole('link', { name: 'Contact' }).click();
  await page.waitForURL(/\/contact$/);
  const form = page.locator('main form');
  await form.getByLabel('Full name').fill('Dave Hughes');
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Phone number').fill('01332 123456');
  await form.getByLabel('Your trade').selectOption('plumber');
  await form.getByRole('button', { name: 'Send My Enquiry' }).click();
  await expect.poll(() => toast(page).textContent()).toContain('Success!');
  const leads = await listLeads(preview.leads);
  expect(leads.map((lead) => lead.email)).toEqual([email]);
  return leads[0]!;
}

const touchesOf = (lead: LeadRow) => Object.fromEntries(touchColumnNames.map((column) => [column, lead[column]]));
const noTouches = Object.fromEntries(touchColumnNames.map((column) => [column, null]));

describe('a visitor from a Google ad who accepts', () => {
  it('is asked before anything is stored, and their lead says where they came from', async () => {
    // A page of its own: the fake clock stays with a page, and the file's other tests date what they store by the real one.
    const { page, problems } = await openPage(wide);
    // The browser's clock, which dates each touch, set to the noon of the project's day (SITEGEN_NOW): the day is known,
    // and no step of the test crosses a midnight, whenever it runs.
    const arrived = projectNow(projectRoot).getTime() + 43_200_000;
    await page.clock.install({ time: arrived });
    await page.goto(`${preview.url}${adLanding}`);
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    expect(await stored(page)).toEqual(nothingStored);
    expect(await layoutShift(page)).toEqual({ total: 0, moved: '' });

    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    const lead = await sendEnquiryAfterBrowsing(page, 'dave@hughesplumbing.co.uk');
    const ad = {
      landing_path: '/',
      referrer_origin: null,
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'plumbers-derby',
      utm_term: null,
      utm_content: null,
      gclid: 'TEST-1',
      gbraid: null,
      wbraid: null,
      arrived_on: new Date(arrived).toISOString().slice(0, 10),
    };
    expect(touchesOf(lead)).toEqual(
      Object.fromEntries(
        Object.entries(ad).flatMap(([field, value]) => [
          [`first_${field}`, value],
          [`last_${field}`, value],
        ]),
      ),
    );
    expect(await banner(page).isVisible()).toBe(false);
    expect(Object.keys((await stored(page)).local).sort()).toEqual(['tradeboost-attribution', 'tradeboost-consent']);

    const googleAds = await runSitegen(['leads', '--google-ads', '--leads-dir', preview.leadsDir]);
    expect(googleAds.stdout).toMatch(
      /^Parameters:TimeZone=Europe\/London\r\nGoogle Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency\r\nTEST-1,Website enquiry,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\+0[01]00,,\r\n$/,
    );
    expect(problems).toEqual([]);
  }, 120_000);
});

describe('a visitor who accepts after an ad click, and comes back by a Facebook post', () => {
  it("is credited to Facebook, and the click, 100 days before the lead, is left out of Google Ads' file", async () => {
    const { page, problems } = await openPage(wide);
    const day = 86_400_000;
    // Days counted back from the one `sitegen leads` judges a click's age by: the project's clock (SITEGEN_NOW), which
    // the real one leaves behind day by day. Its noon: no step of the test crosses a midnight.
    const today = projectNow(projectRoot).getTime() + day / 2;
    await page.clock.install({ time: today - 100 * day });
    await page.goto(`${preview.url}${adLanding.replace('TEST-1', 'OLD-CLICK')}`);
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    // Facebook's app sends no referrer: its click identifier says where the visitor came from, an empty utm_source none.
    await page.clock.setSystemTime(today - 20 * day);
    await page.goto(`${preview.url}/blog?fbclid=IwAR2xyz&utm_source=`);
    // The arrival is kept a moment after the page loads: dated by the clock of that day, not moved on before it.
    await expect
      .poll(async () => (await stored(page)).local['tradeboost-attribution'] ?? '')
      .toContain('"utm_source":"facebook"');
    await page.clock.setSystemTime(today);
    const lead = await sendEnquiryAfterBrowsing(page, 'returning@example.co.uk');
    const dayOf = (daysAgo: number) => new Date(today - daysAgo * day).toISOString().slice(0, 10);
    expect(lead).toMatchObject({
      first_gclid: 'OLD-CLICK',
      first_arrived_on: dayOf(100),
      last_landing_path: '/blog',
      last_utm_source: 'facebook',
      last_gclid: null,
      last_arrived_on: dayOf(20),
    });

    const listed = await runSitegen(['leads', '--leads-dir', preview.leadsDir]);
    // Numbered by the lead's id, which the leads of the tests before it took too.
    expect(listed.stdout).toMatch(
      new RegExp(
        `#\\d+ Dave Hughes: Found us from facebook, landing on /blog, on ${formatDate(dayOf(20))}; ` +
          `First visit from Google Ads, campaign plumbers-derby, landing on /, on ${formatDate(dayOf(100))}\n`,
      ),
    );
    const googleAds = await runSitegen(['leads', '--google-ads', '--leads-dir', preview.leadsDir]);
    expect(googleAds.stdout.split('\r\n').slice(2)).toEqual(['']);
    expect(googleAds.stderr).toBe(
      'sitegen: 1 lead from a click more than 90 days ago left out: Google Ads takes clicks up to 90 days old\n',
    );
    expect(problems).toEqual([]);
  }, 120_000);
});

describe('a visitor who rejects', () => {
  it("sends a lead with none of the ad's details, and the browser holds only the choice", async () => {
    const { page, problems } = await visitor();
    await page.goto(`${preview.url}${adLanding}`);
    await banner(page).getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    const lead = await sendEnquiryAfterBrowsing(page, 'sarah@oneill-electrical.co.uk');
    expect(touchesOf(lead)).toEqual(noTouches);
    const { cookie, local, session } = await stored(page);
    expect({ cookie, session, keys: Object.keys(local) }).toEqual({
      cookie: '',
      session: {},
      keys: ['tradeboost-consent'],
    });
    expect(JSON.parse(local['tradeboost-consent']!)).toMatchObject({ choice: 'rejected' });
    expect(problems).toEqual([]);
  }, 120_000);
});

/**
 * An ad's visitor who presses Accept while the attribution code, loaded as they reach for the question, is held back;
 * `thenReject` rejects meanwhile, and the page is then given the code. What the browser holds after.
 */
async function acceptWhileItsCodeIsHeld(page: Page, thenReject: () => Promise<void>) {
  await page.goto(`${preview.url}${adLanding}`, { waitUntil: 'load' });
  const { asked, release } = await holdBack(page, '**/assets/chunk-*.js');
  await banner(page).getByRole('button', { name: 'Accept' }).click();
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  await thenReject();
  await expect.poll(() => banner(page).isVisible()).toBe(false);
  release();
  // Once the page has run the held modules itself, what the accept did with them is done too (a script: vitest would
  // rewrite `import` in a function).
  await page.evaluate(
    `Promise.all(${JSON.stringify(asked)}.map((path) => import(path))).then(() => new Promise((done) => setTimeout(done)))`,
  );
  const { local } = await stored(page);
  return { keys: Object.keys(local), choice: JSON.parse(local['tradeboost-consent']!).choice as unknown };
}

const onlyTheReject = { keys: ['tradeboost-consent'], choice: 'rejected' };

describe('a visitor who accepts, then rejects before the accept is done', () => {
  it('is held to the reject: nothing of their arrival is kept, though the code an accept waits for came after it', async () => {
    const { page, problems } = await openPage(wide);
    const reject = () => banner(page).getByRole('button', { name: 'Reject' }).click();
    expect(await acceptWhileItsCodeIsHeld(page, reject)).toEqual(onlyTheReject);
    expect(await banner(page).isVisible()).toBe(false);
    expect(problems).toEqual([]);
  }, 60_000);

  it('in another tab, the reject given there is kept, though this tab accepted first', async () => {
    const { page, problems } = await openPage(wide);
    const other = await anotherTab(page.context());
    const reject = async () => {
      await other.page.goto(`${preview.url}/about`);
      await banner(other.page).getByRole('button', { name: 'Reject' }).click();
    };
    expect(await acceptWhileItsCodeIsHeld(page, reject)).toEqual(onlyTheReject);
    expect([...problems, ...other.problems]).toEqual([]);
  }, 60_000);
});

describe('the cookie policy', () => {
  it('lists exactly what the site writes in a browser, with the lifetime each is kept for', async () => {
    const { page } = await visitor();
    await page.goto(`${preview.url}/cookie-policy`);
    const listed = await page
      .locator('main table tbody tr')
      .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')));

    // Everything the site writes: a visitor from an ad who accepts, sends a form, then another that is not received.
    await page.goto(`${preview.url}${adLanding}`);
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    await sendEnquiryAfterBrowsing(page, 'news@example.co.uk');
    expect((await stored(page)).session).toEqual({});
    await page.route('**/functions/v1/contact-form', (route) => route.abort());
    const form = page.locator('main form');
    await fillContactRequired(form);
    await form.getByRole('button', { name: 'Send My Enquiry' }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Error');
    const { cookie, local, session } = await stored(page);
    expect(cookie).toBe('');
    expect(listed.map(([name]) => name).sort()).toEqual([...Object.keys(local), ...Object.keys(session)].sort());

    const lifetime = (name: string) => listed.find(([listedName]) => listedName === name)![2];
    const keptFor = (name: string) => (JSON.parse(local[name]!) as { until: number }).until - Date.now();
    const day = 86_400_000;
    expect(lifetime('tradeboost-consent')).toMatch(/^12 months\b/);
    expect(keptFor('tradeboost-consent')).toBeGreaterThan(365 * day - 2 * day);
    expect(keptFor('tradeboost-consent')).toBeLessThanOrEqual(366 * day);
    expect(lifetime('tradeboost-attribution')).toMatch(/^90 days\b/);
    expect(keptFor('tradeboost-attribution')).toBeGreaterThan(90 * day - day);
    expect(keptFor('tradeboost-attribution')).toBeLessThanOrEqual(90 * day);
    expect(lifetime('tradeboost-unsent')).toBe('Until we confirm the form received, or you close the tab');
  }, 120_000);
});
