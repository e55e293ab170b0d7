/**
 * The shape of the JavaScript a visitor downloads, on the built site: Preact,
 * the form, the submit code, the toasts and the attribution code load on
 * first use of a form, never at page load; pages without islands load only the menu and
 * consent scripts; nothing is inline for the Content-Security-Policy to allow
 * but the speculation rules and the view transitions' opt-in, allowed by their
 * hashes. (The byte budgets themselves are the budgets gate of `sitegen
 * check`, tested in check-budgets.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { budgets, gzippedSize, importGraph } from '../../src/check/gates/budgets';
import { allPaths, loadPage, siteDir } from '../support/site';

function scriptsAtLoad(path: string): { modules: string[]; all: string[] } {
  const $ = loadPage(path);
  const modules = $('script[type="module"][src]')
    .map((_, s) => $(s).attr('src')!)
    .get();
  return {
    modules,
    all: [
      ...modules,
      ...$('link[rel="modulepreload"]')
        .map((_, l) => $(l).attr('href')!)
        .get(),
    ],
  };
}

const code = (files: string[]) => files.map((file) => readFileSync(join(siteDir(), file), 'utf8')).join('');

describe('JavaScript', () => {
  it('a form loads Preact, its own code, the Supabase client, the toasts and the attribution code on first use, within budget, and not at page load', () => {
    for (const [path, field] of [
      ['/', 'services_interested'],
      ['/contact', 'services_interested'],
      ['/blog', 'newsletter-email'],
    ] as const) {
      const { modules, all } = scriptsAtLoad(path);
      const { later } = importGraph(siteDir(), modules);
      // Preact (the SVG namespace it creates elements in), the form's own fields, functions-js, the toasts' close
      // button, the campaign parameters a touch reads.
      for (const mark of ['http://www.w3.org/2000/svg', field, 'x-region', 'aria-label', 'utm_source']) {
        expect(code(later), `${path}: ${mark} on first use`).toContain(mark);
        if (mark !== 'aria-label') expect(code(all), `${path}: ${mark} not at load`).not.toContain(mark);
      }
      expect(code(all), `${path}: no toasts at load`).not.toContain('pointer-events-auto');
      expect(
        later.reduce((sum, file) => sum + gzippedSize(readFileSync(join(siteDir(), file))), 0),
      ).toBeLessThanOrEqual(budgets.jsFirstFormUse);
    }
  });

  it("the blog's newsletter loads the parts every lead form has, not the enquiry form's labelled fields", () => {
    // The class of the enquiry form's text fields, choice and message (islands/lib/labelled-fields.tsx).
    const labelledField = 'user-invalid:border-red-700';
    const firstUse = (path: string) => code(importGraph(siteDir(), scriptsAtLoad(path).modules).later);
    expect(firstUse('/contact')).toContain(labelledField);
    const blog = firstUse('/blog');
    expect(blog).toContain('name:"website"'); // the honeypot
    expect(blog).not.toContain(labelledField);
  });

  it('pages without islands load only the menu and consent scripts, and what the consent script keeps: no Preact', () => {
    for (const path of ['/about', '/services/plumber', '/blog/local-seo-tips', '/privacy-policy']) {
      const { modules, all } = scriptsAtLoad(path);
      expect(modules, path).toEqual([
        expect.stringMatching(/^\/assets\/consent-\w+\.js$/),
        expect.stringMatching(/^\/assets\/menus-\w+\.js$/),
      ]);
      const chunks = all.filter((file) => !modules.includes(file));
      expect(chunks, path).toHaveLength(1);
      expect(code(chunks), path).toContain('tradeboost-consent');
    }
    // The category links are links: no filter script, on the blog or anywhere.
    for (const path of allPaths)
      expect(
        scriptsAtLoad(path).all.filter((file) => !/\/(menus|consent|EnquiryForm|NewsletterForm|chunk)-/.test(file)),
        path,
      ).toEqual([]);
  });
});

describe('Content-Security-Policy without unsafe-inline', () => {
  it("no page has an inline script (JSON-LD data and the speculation rules, allowed by their hash, aside), an inline style (the view transitions' opt-in, allowed by its hash, aside), a style attribute or an on* handler", () => {
    for (const path of [...allPaths, '/404']) {
      const $ = loadPage(path);
      expect(
        $('script:not([src])').filter(
          (_, s) => !['application/ld+json', 'speculationrules'].includes($(s).attr('type')!),
        ),
        path,
      ).toHaveLength(0);
      expect(
        $('style').filter((_, s) => !$(s).text().includes('@view-transition')),
        path,
      ).toHaveLength(0);
      expect($('[style]'), path).toHaveLength(0);
      const handlers = $('*').filter((_, el) =>
        Object.keys((el as { attribs?: Record<string, string> }).attribs ?? {}).some((name) => name.startsWith('on')),
      );
      expect(handlers, path).toHaveLength(0);
    }
  });
});
