/**
 * The consent question and attribution in a real browser against the real
 * `sitegen preview`, as the visitors take them: one who arrives from
 * a Google ad and accepts, one who rejects, one who reopens the question from
 * the footer. What the browser holds is read at every step, the lead from the
 * database and `sitegen leads --google-ads`, and the cookie policy held to
 * what the site's scripts write.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { chromium, type Page } from 'playwright-core';
import { chromiumFlags, chromiumPath } from '../../src/check/chromium';
import { describe, expect, it } from 'vitest';
import { touchColumnNames } from '../../supabase/functions/_shared/attribution.ts';
import { listLeads, type LeadRow } from '../../src/leads/pglite-lead-store';
import { projectNow } from '../../src/config';
import { projectRoot, runSitegen } from '../support/cli';
import { consentQuestion } from '../support/site';
import {
  anotherTab,
  holdBack,
  layoutShift,
  narrow,
  nothingStored,
  openPage,
  reusedPage,
  stored,
  wide,
} from './support/browser';
import { sharedTestPreview } from './support/preview';
import { toast } from './support/toasts';

const adLanding = '/?utm_source=google&utm_medium=cpc&utm_campaign=plumbers-derby&gclid=TEST-1';

// Its lead database is on disk, so that `sitegen leads` can ask the running server for it.
const preview = sharedTestPreview();
const visitor = reusedPage(wide);

const banner = (page: Page) => page.getByRole('region', { name: consentQuestion });

async function axeViolations(page: Page): Promise<string[]> {
  const source = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: { id: string }[] }> } }).axe;
    return (await axe.run()).violations.map((violation) => violation.id);
  });
}

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
      /#\d+ Dave Hughes: Found us from facebook, landing on \/blog; First visit from Google Ads, campaign plumbers-derby, landing on \/\n/,
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

describe('Cookie settings', () => {
  it('in the footer is a button that asks again, by Enter and by Space, and the question has nothing axe finds', async () => {
    const { page, problems } = await visitor();
    await page.goto(`${preview.url}/about`);
    expect(await axeViolations(page)).toEqual([]);
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    await page.reload();
    expect(await banner(page).isVisible()).toBe(false);

    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'Cookie settings' }).count()).toBe(0);
    const settings = footer.getByRole('button', { name: 'Cookie settings' });
    const hasFocus = (element: Element) => element === document.activeElement;
    for (const key of ['Enter', 'Space']) {
      await settings.focus();
      await page.keyboard.press(key);
      expect(await banner(page).isVisible(), key).toBe(true);
      expect(await banner(page).evaluate(hasFocus), key).toBe(true);
      expect(page.url()).toBe(`${preview.url}/about`);
      expect(await axeViolations(page)).toEqual([]);

      // The question's link to the cookie policy, Accept, then Reject.
      for (let press = 0; press < 3; press++) await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Reject');
      await page.keyboard.press(key);
      await expect.poll(() => banner(page).isVisible()).toBe(false);
      expect(await settings.evaluate(hasFocus), key).toBe(true);
      expect(Object.keys((await stored(page)).local)).toEqual(['tradeboost-consent']);
    }
    expect(problems).toEqual([]);
  }, 60_000);
});

describe("a first visit's answer", () => {
  const focused = (page: Page) =>
    page.evaluate(() => ({
      element: `${document.activeElement?.tagName.toLowerCase()}#${document.activeElement?.id}`,
      inMain: document.activeElement?.closest('main') !== null,
    }));

  it('by keyboard, leaves the focus at the start of the main content, where the next Tab goes on, not on the page', async () => {
    const { page, problems } = await visitor();
    await page.goto(`${preview.url}/`);
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    // The skip link, the question's link to the cookie policy, then its first answer.
    for (let press = 0; press < 3; press++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Accept');
    await page.keyboard.press('Enter');
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    expect(await focused(page)).toEqual({ element: 'main#main', inMain: true });
    await page.keyboard.press('Tab');
    expect((await focused(page)).inMain).toBe(true);
    expect(problems).toEqual([]);
  });

  it('by mouse, halfway down the page, moves the focus there too, and the page not at all', async () => {
    const { page, problems } = await visitor();
    await page.goto(`${preview.url}/about`);
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 1500));
    await banner(page).getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    expect(await focused(page)).toEqual({ element: 'main#main', inMain: true });
    expect(await page.evaluate(() => scrollY)).toBe(1500);
    expect(problems).toEqual([]);
  });

  it('at the top of a page, leaves it there: its breadcrumbs stay clear of the header', async () => {
    const { page, problems } = await visitor();
    await page.goto(`${preview.url}/about`);
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    expect(await focused(page)).toEqual({ element: 'main#main', inMain: true });
    expect(await page.evaluate(() => scrollY)).toBe(0);
    const header = await page.locator('body > header').boundingBox();
    const breadcrumbs = await page.getByRole('navigation', { name: 'Breadcrumb' }).boundingBox();
    expect(breadcrumbs!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    expect(problems).toEqual([]);
  });
});

describe('while the question is asked', () => {
  it('the page scrolls every link and button of its footer clear of it, and what takes the focus, at 390 and 1280 px', async () => {
    for (const width of [narrow, wide]) {
      const { page, problems } = await openPage(width);
      await page.goto(`${preview.url}/contact`);
      await expect.poll(() => banner(page).isVisible()).toBe(true);
      const links = page.locator('footer').locator('a, button');
      /** The footer's links and button in the window that the visitor cannot click where they are shown, and whether its last is among them. */
      const covered = () =>
        links.evaluateAll((all) => {
          // Below the site's header, which stays at the window's top.
          const top = document.querySelector('header')!.getBoundingClientRect().bottom;
          const shown = all.filter((link) => {
            const box = link.getBoundingClientRect();
            return box.top >= top && box.bottom <= innerHeight;
          });
          const hidden = shown.filter((link) => {
            const box = link.getBoundingClientRect();
            const seen = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
            return !seen || !link.contains(seen);
          });
          return { hidden: hidden.map((link) => link.textContent), lastShown: shown.includes(all.at(-1)!) };
        });
      // Scrolled to the end, and again while the page is still making room for the question (measured once it shows).
      const atTheEnd = async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return covered();
      };
      await expect.poll(atTheEnd).toEqual({ hidden: [], lastShown: true });
      // Tabbed to from above, the footer's last control scrolls above the question.
      await page.evaluate(() => window.scrollTo(0, 0));
      await links.last().focus();
      expect(await covered()).toEqual({ hidden: [], lastShown: true });
      // Answered, the room below the footer goes with it.
      const height = () => page.evaluate(() => document.documentElement.scrollHeight);
      const asked = await height();
      await banner(page).getByRole('button', { name: 'Reject' }).click();
      await expect.poll(height).toBeLessThan(asked);
      expect(problems, `${width.width}px`).toEqual([]);
    }
  }, 60_000);
});

describe('an answer given on another page', () => {
  it('is not asked again on the page before it, come back from the back/forward cache as it was left', async () => {
    // A browser of its own, with the back/forward cache that Playwright's browsers go without.
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: chromiumFlags,
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
    });
    try {
      const page = await browser.newPage({ viewport: wide });
      await page.route(/^https:\/\/images\.unsplash\.com\//, (route) => route.abort());
      await page.goto(`${preview.url}/`);
      await expect.poll(() => banner(page).isVisible()).toBe(true);
      await page.evaluate(() =>
        addEventListener('pageshow', (event) => (document.body.dataset.restored = String(event.persisted))),
      );
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
      await page.waitForURL(/\/about$/);
      await banner(page).getByRole('button', { name: 'Accept' }).click();
      await expect.poll(() => banner(page).isVisible()).toBe(false);
      await page.goBack({ waitUntil: 'commit' });
      // The home page as it was left, not loaded again: its question was showing then.
      await expect.poll(() => page.evaluate(() => document.body.dataset.restored)).toBe('true');
      expect(await banner(page).isVisible()).toBe(false);
    } finally {
      await browser.close();
    }
  }, 60_000);
});

describe('an answer given in another tab', () => {
  it('while the focus is in the question here, takes it to the main content as the question goes, not to the page', async () => {
    const { page, problems } = await openPage(wide);
    await page.goto(`${preview.url}/`);
    await banner(page).getByRole('button', { name: 'Accept' }).focus();
    const other = await anotherTab(page.context());
    await other.page.goto(`${preview.url}/about`);
    await banner(other.page).getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect([...problems, ...other.problems]).toEqual([]);
  }, 60_000);
});

describe('an answer 12 months old', () => {
  it('is asked again, and what an accept allowed is gone from the browser before the visitor answers', async () => {
    const { page, problems } = await openPage(wide);
    await page.clock.install({ time: new Date('2026-06-01T09:00:00Z') });
    await page.goto(`${preview.url}${adLanding}`);
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    expect(Object.keys((await stored(page)).local).sort()).toEqual(['tradeboost-attribution', 'tradeboost-consent']);
    await page.clock.setSystemTime(new Date('2027-06-02T09:00:00Z'));
    await page.goto(`${preview.url}/about`);
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    expect((await stored(page)).local).toEqual({});
    expect(problems).toEqual([]);
  }, 60_000);
});

describe('the cookie policy', () => {
  it('lists exactly what the site writes in a browser, with the lifetime each is kept for', async () => {
    const { page } = await visitor();
    await page.goto(`${preview.url}/cookie-policy`);
    const listed = await page
      .locator('main table tbody tr')
      .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')));

    // Everything the site writes: a visitor from an ad who accepts, then sends a form.
    await page.goto(`${preview.url}${adLanding}`);
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    await sendEnquiryAfterBrowsing(page, 'news@example.co.uk');
    const { cookie, local, session } = await stored(page);
    expect(cookie).toBe('');
    expect(session).toEqual({});
    expect(listed.map(([name]) => name).sort()).toEqual(Object.keys(local).sort());

    const lifetime = (name: string) => listed.find(([listedName]) => listedName === name)![2];
    const keptFor = (name: string) => (JSON.parse(local[name]!) as { until: number }).until - Date.now();
    const day = 86_400_000;
    expect(lifetime('tradeboost-consent')).toMatch(/^12 months\b/);
    expect(keptFor('tradeboost-consent')).toBeGreaterThan(365 * day - 2 * day);
    expect(keptFor('tradeboost-consent')).toBeLessThanOrEqual(366 * day);
    expect(lifetime('tradeboost-attribution')).toMatch(/^90 days\b/);
    expect(keptFor('tradeboost-attribution')).toBeGreaterThan(90 * day - day);
    expect(keptFor('tradeboost-attribution')).toBeLessThanOrEqual(90 * day);
  }, 120_000);
});
