/**
 * The speculation rules in Chromium, against the real `sitegen preview` and
 * `sitegen dev`: the browser accepts them under the page's policy, offers
 * exactly the site's own pages to prerender, starts a prerender on a hover,
 * and a page prerendered then shown behaves as one loaded.
 *
 * Chromium never prerenders while DevTools is attached, as Playwright is:
 * it reports the hover's prerender as refused for that reason, which shows
 * the rule fired. What a visitor gains is measured by `npm run bench`
 * (bench/navigation.js), with real input and no DevTools attached.
 */
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/dev-server';
import { consentKey } from '../../islands/lib/consent';
import { projectRoot } from '../support/cli';
import { consentQuestion } from '../support/site';
import { narrow, openPage, reusedPage, wide } from './support/browser';
import { sharedTestPreview, testLeadSettings } from './support/preview';

const preview = sharedTestPreview();
const visitor = reusedPage(wide);

interface PreloadEvents {
  ruleSets: { sourceText: string; errorType?: string; errorMessage?: string }[];
  /** The links the rules make candidates, as "Prerender /about". */
  candidates: () => string[];
  prerenders: { url: string; status: string; prerenderStatus?: string }[];
}

/** Chromium's account of the page's speculation rules (the Preload domain of DevTools' protocol). */
async function watchPreloading(page: Page): Promise<PreloadEvents & { cdp: CDPSession }> {
  const cdp = await page.context().newCDPSession(page);
  const events: PreloadEvents = { ruleSets: [], candidates: () => [], prerenders: [] };
  let sources: { key: { action: string; url: string } }[] = [];
  cdp.on('Preload.ruleSetUpdated', ({ ruleSet }) => events.ruleSets.push(ruleSet));
  cdp.on('Preload.preloadingAttemptSourcesUpdated', (update) => (sources = update.preloadingAttemptSources));
  cdp.on('Preload.prerenderStatusUpdated', (update) =>
    events.prerenders.push({ url: update.key.url, status: update.status, prerenderStatus: update.prerenderStatus }),
  );
  events.candidates = () =>
    sources.map(({ key }) => `${key.action} ${key.url.replace(preview.url, '')}`).sort((a, b) => a.localeCompare(b));
  await cdp.send('Preload.enable');
  return { ...events, cdp };
}

describe('speculation rules in Chromium', () => {
  it('are accepted under the Content-Security-Policy: no error in the rules, no violation reported', async () => {
    const { page, problems } = await openPage(wide);
    const preloading = await watchPreloading(page);
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`CSP violation: ${event.violatedDirective}`),
      );
    });
    const response = await page.goto(`${preview.url}/blog`);
    // Two inline scripts by their hashes: the speculation rules, and what a page left at a moved address runs.
    expect(response?.headers()['content-security-policy']).toMatch(
      /script-src 'self' 'sha256-[\w+/]+=' 'sha256-[\w+/]+=';/,
    );
    await expect.poll(() => preloading.ruleSets.length).toBe(1);
    expect(preloading.ruleSets[0]).not.toHaveProperty('errorType');
    expect(await page.locator('script[type="speculationrules"]').textContent()).toBe(
      preloading.ruleSets[0]!.sourceText,
    );
    expect(problems).toEqual([]);
  });

  it("offer the site's own pages to prerender and prefetch, and never /admin, a file, a feed, another site or a download", async () => {
    const { page } = await visitor();
    const preloading = await watchPreloading(page);
    await page.goto(`${preview.url}/contact`);
    await page.evaluate(() => {
      document.querySelector('main')!.innerHTML = [
        '/about',
        '/blog/local-seo-tips?from=test#top',
        '/admin',
        '/admin/collections/blog',
        '/feed.xml',
        '/blog/rss.xml',
        '/sitemap.xml',
        '/files/prices.pdf',
        '/assets/images/logo.png',
        'https://www.example.com/about',
      ]
        .map((href) => `<a href="${href}">${href}</a>`)
        .concat('<a href="/careers" download>CV form</a>', '<a href="/case-studies" rel="nofollow">Case studies</a>')
        .join(' ');
      const main = document.querySelector('main')!;
      for (const link of document.querySelectorAll('a')) if (!main.contains(link)) link.remove();
    });
    const expected = ['/about', '/blog/local-seo-tips?from=test#top'].flatMap((path) => [
      `Prefetch ${path}`,
      `Prerender ${path}`,
    ]);
    // Chromium takes the new links' candidates in its own time, later on a busy machine.
    await expect.poll(preloading.candidates, { timeout: 10_000 }).toEqual(expected.sort((a, b) => a.localeCompare(b)));
    await preloading.cdp.detach();
  });

  it('start prerendering a page when the pointer rests on its link (refused here only because DevTools is attached)', async () => {
    const { page } = await visitor();
    const preloading = await watchPreloading(page);
    await page.goto(`${preview.url}/`);
    await page.getByRole('link', { name: 'View Our Work' }).hover();
    await expect
      .poll(() => preloading.prerenders.map((attempt) => attempt.url))
      .toContain(`${preview.url}/case-studies`);
    expect(preloading.prerenders.find((attempt) => attempt.url.endsWith('/case-studies'))).toMatchObject({
      status: 'Failure',
      prerenderStatus: 'PrerenderingDisabledByDevTools',
    });
    await preloading.cdp.detach();
  });
});

describe('sitegen preview and dev', () => {
  let dev: DevServer;
  beforeAll(async () => {
    dev = await startDevServer({
      root: projectRoot,
      port: 0,
      host: '127.0.0.1',
      leadsDir: null,
      leadSettings: testLeadSettings,
      log: () => {},
    });
  });
  afterAll(() => dev?.close());

  it('serve the same rules under the same Content-Security-Policy', async () => {
    const served = async (origin: string, path: string) => {
      const response = await fetch(`${origin}${path}`);
      const html = await response.text();
      return [
        response.headers.get('content-security-policy'),
        /<script type="speculationrules">(.*?)<\/script>/.exec(html)?.[1],
      ];
    };
    for (const path of ['/', '/blog/local-seo-tips', '/services/plumber', '/no-such-page']) {
      const fromPreview = await served(preview.url, path);
      expect(fromPreview[1], path).toContain('"prerender"');
      expect(await served(dev.url, path), path).toEqual(fromPreview);
    }
  });
});

/**
 * A page opened as Chromium opens one it prerendered: `document.prerendering`
 * true until the visitor navigates to it, then a `prerenderingchange` event.
 */
async function openPrerendered(path: string, viewport = wide) {
  const opened = await openPage(viewport);
  await opened.page.addInitScript(() => {
    let prerendering = true;
    Object.defineProperty(Document.prototype, 'prerendering', { get: () => prerendering, configurable: true });
    (window as unknown as { activate: () => void }).activate = () => {
      prerendering = false;
      document.dispatchEvent(new Event('prerenderingchange'));
    };
  });
  const response = await opened.page.goto(`${preview.url}${path}`);
  const show = () => opened.page.evaluate(() => (window as unknown as { activate: () => void }).activate());
  return { ...opened, response, show };
}

describe('a page prerendered, then shown', () => {
  it('the 404 page logs the missing path once, when it is shown and not before', async () => {
    const { page, problems, response, show } = await openPrerendered('/services/astronaut');
    expect(response?.status()).toBe(404);
    await page.waitForLoadState('load');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    // Chromium's own line for the 404 response aside, what the page itself logged.
    const logs = () => problems.filter((problem) => !problem.includes('the server responded with a status of 404'));
    expect(logs()).toEqual([]);
    await show();
    const logged = 'error: 404 Error: User attempted to access non-existent route: /services/astronaut';
    await expect.poll(logs).toEqual([logged]);
    await page.waitForTimeout(200);
    expect(logs()).toEqual([logged]);
  });

  it('asks the consent question only once shown, and not if the visitor answered it on the page they were on', async () => {
    const question = (page: Page) => page.getByRole('region', { name: consentQuestion });
    const unanswered = await openPrerendered('/about');
    await unanswered.page.waitForLoadState('load');
    expect(await question(unanswered.page).isVisible()).toBe(false);
    await unanswered.show();
    await expect.poll(() => question(unanswered.page).isVisible()).toBe(true);

    const answered = await openPrerendered('/careers');
    await answered.page.waitForLoadState('load');
    // The answer, as the page the visitor was on keeps it, given while this one waited unseen.
    await answered.page.evaluate(
      (key) => localStorage.setItem(key, JSON.stringify({ choice: 'rejected', until: Date.now() + 86_400_000 })),
      consentKey,
    );
    await answered.show();
    await answered.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(await question(answered.page).isVisible()).toBe(false);
    expect([...unanswered.problems, ...answered.problems]).toEqual([]);
  });

  it('its form is hydrated and its menu works, as on a page loaded', async () => {
    const { page, problems, show } = await openPrerendered('/contact', narrow);
    const submit = page.getByRole('button', { name: 'Send My Enquiry' });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await show();
    const toggle = page.locator('details[data-menu="mobile"] > summary');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
  });
});
