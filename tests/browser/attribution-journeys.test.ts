/**
 * Where a lead came from, for visitors consent.test.ts does not follow: in a
 * real browser against the real `sitegen preview`, read from the lead
 * database and from `sitegen leads` as the agency reads them.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { listLeads } from '../../src/leads/pglite-lead-store';
import { runSitegen } from '../support/cli';
import { consentQuestion } from '../support/site';
import { openPage, wide } from './support/browser';
import { sharedTestPreview } from './support/preview';
import { toast } from './support/toasts';

const preview = sharedTestPreview();

const banner = (page: Page) => page.getByRole('region', { name: consentQuestion });

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

describe('a visitor opened from an app (Google, Gmail) on Android', () => {
  it('who accepts, then browses: their lead names the page they landed on', async () => {
    const { page, problems } = await openedFromAnApp('/about');
    await page.goto(`${preview.url}/about`);
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await page.waitForURL(`${preview.url}/`);
    await sendHeroForm(page, 'dave@hughesplumbing.co.uk');
    expect(await listLeads(preview.leads)).toMatchObject([
      { first_landing_path: '/about', last_landing_path: '/about', last_referrer_origin: null },
    ]);
    const listed = await runSitegen(['leads', '--leads-dir', preview.leadsDir]);
    expect(listed.stdout).toMatch(/#\d+ Dave Hughes: Found us from a direct visit, landing on \/about\n/);
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
