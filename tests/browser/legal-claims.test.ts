/**
 * The privacy and cookie policies held, from outside, to what a visitor's
 * browser and the lead database hold after the flows the policies speak of:
 * the other sites a page asks for, a form sent without a yes from the page an
 * advert opened, and a newsletter sign-up after a yes given on a visit that
 * came by a bookmark. (consent-attribution.test.ts holds the accept and
 * reject flows and the cookie policy's names and lifetimes,
 * consent-question.test.ts the Cookie settings flow.)
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { listLeads } from '../../src/leads/pglite-lead-store';
import { runSitegen } from '../support/cli';
import { nothingStored, openPage, stored, wide } from './support/browser';
import { banner } from './support/consent';
import { sharedTestPreview } from './support/preview';
import { toast } from './support/toasts';

const preview = sharedTestPreview();

const day = 86_400_000;

/** A policy's words as a visitor reads them, white space folded. */
async function policyText(page: Page, path: string): Promise<string> {
  await page.goto(`${preview.url}${path}`);
  return (await page.locator('main').innerText()).replace(/\s+/g, ' ');
}

describe('the privacy policy', () => {
  it('names every other site the pages ask for, and says what that site is told of the visitor', async () => {
    const { page, problems } = await openPage(wide);
    const asked = new Map<string, Set<string>>();
    page.on('request', (request) => {
      const { host, origin } = new URL(request.url());
      if (origin === preview.url || !/^https?:/.test(origin)) return;
      const referers = asked.get(host) ?? new Set<string>();
      referers.add(request.headers()['referer'] ?? '(none)');
      asked.set(host, referers);
    });
    for (const path of ['/', '/about', '/services/plumber', '/case-studies', '/blog', '/contact', '/careers']) {
      await page.goto(`${preview.url}${path}`);
      // The photos further down the page load as the visitor scrolls to them.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForLoadState('networkidle');
    }
    expect(await stored(page)).toEqual(nothingStored);
    // Told the site's address alone, never the page the visitor is on.
    expect(Object.fromEntries([...asked].map(([host, referers]) => [host, [...referers]]))).toEqual({
      'images.unsplash.com': [`${preview.url}/`],
    });
    expect(await policyText(page, '/privacy-policy')).toContain(
      "Some of the photos on our pages come from Unsplash, a photo library: your browser fetches them from its servers (images.unsplash.com), which see your IP address and browser type, and our site's address, never the page you are on.",
    );
    expect(problems).toEqual([]);
  }, 60_000);

  it("says that a form sent without a yes, from the page an advert opened, carries the advert's details", async () => {
    const { page, problems } = await openPage(wide);
    await page.goto(`${preview.url}/?utm_source=google&utm_medium=cpc&gclid=NO-ANSWER`);
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    const form = page.locator('#home form');
    await form.getByLabel('Full name').fill('Dave Hughes');
    await form.getByLabel('Email address').fill('dave@hughesplumbing.co.uk');
    await form.getByRole('button', { name: 'Get My Free Quote' }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Success!');
    expect(await stored(page)).toEqual(nothingStored);
    expect(await listLeads(preview.leads)).toMatchObject([
      {
        page: '/',
        first_landing_path: null,
        last_landing_path: '/',
        last_utm_source: 'google',
        last_gclid: 'NO-ANSWER',
      },
    ]);
    const googleAds = await runSitegen(['leads', '--google-ads', '--leads-dir', preview.leadsDir]);
    expect(googleAds.stdout).toContain('\r\nNO-ANSWER,Website enquiry,');

    const withoutYes =
      "if you say no, or do not choose, the form sends only what the page it is on knows: its own address (with the campaign details and Google's click identifier in it, when a link or advert opened that very page), the day, and the website that linked to it.";
    const privacy = await policyText(page, '/privacy-policy');
    expect(privacy).toContain(
      'With your enquiry we keep the page of our site you sent it from, the time we received it and how you found us (below).',
    );
    expect(privacy).toContain(withoutYes);
    expect(await policyText(page, '/cookie-policy')).toContain(
      "a form you send tells us only what the page it is on knows: its own address (with the campaign details and Google's click identifier in it, when a link or advert opened that very page), the day, and the website that linked to it.",
    );
    expect(problems).toEqual([]);
  }, 60_000);
});

describe('the cookie policy', () => {
  it('says how the visit is kept for a yes given on a visit by a bookmark, and that a newsletter sign-up carries it', async () => {
    const { page, problems } = await openPage(wide);
    const now = Date.now();
    await page.clock.install({ time: now });
    // Typed or from a bookmark: no referrer, no campaign.
    await page.goto(`${preview.url}/blog`);
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    const kept = JSON.parse((await stored(page)).local['tradeboost-attribution'] ?? 'null') as {
      last: { landing_path: string };
      until: number;
    };
    expect(kept.last.landing_path).toBe('/blog');
    expect(Math.round((kept.until - now) / day)).toBe(90);

    const form = page.locator('section[aria-labelledby="newsletter-heading"] form');
    await form.getByLabel('Your email address').fill('news@hughesplumbing.co.uk');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Success!');
    expect(await listLeads(preview.leads)).toMatchObject([
      { form_type: 'newsletter', first_landing_path: '/blog', last_landing_path: '/blog' },
    ]);

    await page.goto(`${preview.url}/cookie-policy`);
    const row = page.locator('main table tbody tr', { hasText: 'tradeboost-attribution' }).locator('td');
    expect(await row.allInnerTexts()).toEqual([
      'tradeboost-attribution',
      "Only if you said yes: how you reached our site, on your first visit and your latest one (the page you arrived on and the day, the website that sent you, the campaign details in the link, and Google's click identifier if you clicked one of our adverts). It is sent with a form you send us (an enquiry or a newsletter sign-up) and nowhere else.",
      '90 days from the last time a link, an advert or another website brought you (or, if you came by a bookmark or typed our address, from your first visit after saying yes), or until you say no or your yes is 12 months old',
    ]);
    expect(problems).toEqual([]);
  }, 60_000);
});
