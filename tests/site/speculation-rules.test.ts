/**
 * The next page already there: every page of the built site carries the
 * same speculation rules, allowed by their hash in the Content-Security-
 * Policy, prerendering same-site pages on a visitor's intent and never
 * /admin, a file or another origin; and pages cross-fade, unless the
 * visitor asks for reduced motion, by an inline opt-in also allowed by its
 * hash. Chromium's reading of the rules is in tests/browser/speculation.test.ts,
 * the transitions in tests/browser/view-transitions.test.ts.
 */
import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { headersFor, parseHeadersFile } from '../../src/server/headers-file';
import { allPaths, loadPage, siteDir } from '../support/site';

const rulesOf = (path: string) => loadPage(path)('script[type="speculationrules"]');

interface Rule {
  where: { and: object[] };
  eagerness: string;
}

describe('speculation rules', () => {
  it('every page carries one block of them, byte for byte the same, and it is the only inline script that runs', () => {
    const text = rulesOf('/').text();
    for (const path of [...allPaths, '/404']) {
      const $ = loadPage(path);
      expect($('script[type="speculationrules"]'), path).toHaveLength(1);
      expect(rulesOf(path).text(), path).toBe(text);
      // JSON-LD is data, never run; every other script has a src.
      const inline = $('script:not([src])')
        .map((_, script) => $(script).attr('type'))
        .get();
      expect(inline.sort(), path).toEqual(
        path === '/404' ? ['speculationrules'] : ['application/ld+json', 'speculationrules'],
      );
    }
  });

  it("the Content-Security-Policy allows them by their hash, and the script of a page left at a moved address, and still no 'unsafe-inline'", async () => {
    const rules = parseHeadersFile(await readFile(join(siteDir(), '_headers'), 'utf8'));
    const csp = headersFor(rules, '/about')['Content-Security-Policy']!;
    const hash = (text: string) => createHash('sha256').update(text).digest('base64');
    const moved = cheerio.load(await readFile(join(siteDir(), 'services/index.html'), 'utf8'));
    const forwarding = moved('head script').text();
    expect(forwarding).toContain('location.replace');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash(rulesOf('/about').text())}' 'sha256-${hash(forwarding)}';`);
    expect(csp).not.toContain('unsafe-inline');
  });

  it('prerender a same-site page on intent (moderate) and prefetch it on the press (conservative); never /admin, a file, a feed, another origin or a download', () => {
    const rules = JSON.parse(rulesOf('/').text()) as Record<string, Rule[]>;
    expect(Object.keys(rules).sort()).toEqual(['prefetch', 'prerender']);
    expect(rules.prerender!.map((rule) => rule.eagerness)).toEqual(['moderate']);
    expect(rules.prefetch!.map((rule) => rule.eagerness)).toEqual(['conservative']);
    expect(rules.prefetch![0]!.where).toEqual(rules.prerender![0]!.where);
    // Relative to the page: its origin alone. Any path with a dot is a file (a feed, sitemap.xml, an image): no page has one.
    expect(rules.prerender![0]!.where.and).toEqual([
      { href_matches: '/*' },
      { not: { href_matches: ['/admin', '/admin/*', '/*.*'] } },
      { not: { selector_matches: '[download], [rel~=nofollow]' } },
    ]);
    for (const path of allPaths) expect(path, 'a page whose path a rule takes for a file').not.toContain('.');
  });
});

describe('view transitions', () => {
  const optIn = '@media (prefers-reduced-motion:no-preference){@view-transition{navigation:auto}}';

  it('pages cross-fade as the visitor moves between them, unless they ask for reduced motion: the opt-in comes first in every page, before any stylesheet or script', () => {
    for (const path of [...allPaths, '/404']) {
      const $ = loadPage(path);
      expect(
        $('style')
          .map((_, style) => $(style).text())
          .get(),
        path,
      ).toEqual([optIn]);
      const before = $('head style')
        .prevAll()
        .map((_, element) => $(element).attr('rel') ?? element.tagName);
      expect(
        before.get().filter((what) => !['meta', 'preload'].includes(what)),
        path,
      ).toEqual([]);
    }
  });

  it('the Content-Security-Policy allows the opt-in by its hash', async () => {
    const rules = parseHeadersFile(await readFile(join(siteDir(), '_headers'), 'utf8'));
    const csp = headersFor(rules, '/about')['Content-Security-Policy']!;
    const hash = createHash('sha256').update(optIn).digest('base64');
    expect(csp).toContain(`style-src 'self' 'sha256-${hash}';`);
  });

  it('the stylesheet holds no second opt-in, which Chromium would read too late', async () => {
    const assets = await readdir(join(siteDir(), 'assets'));
    const css = await readFile(
      join(
        siteDir(),
        'assets',
        assets.find((file) => file.endsWith('.css'))!,
      ),
      'utf8',
    );
    expect(css).not.toContain('@view-transition');
  });
});
