/**
 * What a visitor's phone downloads, measured on the built site: JavaScript at
 * page load and on first use of a form, gzipped, against fixed budgets; and
 * nothing inline that the Content-Security-Policy would have to allow.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { allPaths, loadPage, siteDir } from './support/site';

const KB = 1024;
const budgets = { withoutForm: 7 * KB, withForm: 10 * KB, firstFormUse: 4 * KB };

/** Gzipped at zlib's default level, as most hosts serve it (a conservative measure: level 9 and Brotli are smaller). */
const gzipped = (path: string) => gzipSync(readFileSync(join(siteDir(), path))).byteLength;

function scriptsAtLoad(path: string): string[] {
  const $ = loadPage(path);
  return [...$('script[type="module"][src]').map((_, s) => $(s).attr('src')).get(), ...$('link[rel="modulepreload"]').map((_, l) => $(l).attr('href')).get()];
}

/** Modules reachable by import() from the given ones and not already loaded: what the first interaction fetches. */
function loadedLater(loaded: string[]): string[] {
  const seen = new Set(loaded);
  const later: string[] = [];
  const queue = [...loaded];
  while (queue.length) {
    const code = readFileSync(join(siteDir(), queue.shift()!), 'utf8');
    for (const [, file] of code.matchAll(/import\(["']\.\/([\w-]+\.js)["']\)|from["']\.\/([\w-]+\.js)["']/g)) {
      const url = `/assets/${file}`;
      if (!file || seen.has(url)) continue;
      seen.add(url);
      later.push(url);
      queue.push(url);
    }
  }
  return later;
}

const hasForm = (path: string) => loadPage(path)('form').length > 0;

describe('JavaScript budgets (gzipped)', () => {
  it(`pages without a form load at most ${budgets.withoutForm / KB} KB, pages with one at most ${budgets.withForm / KB} KB`, () => {
    const report: string[] = [];
    for (const path of [...allPaths, '/404']) {
      const bytes = scriptsAtLoad(path).reduce((sum, file) => sum + gzipped(file), 0);
      const budget = hasForm(path) ? budgets.withForm : budgets.withoutForm;
      report.push(`${path} ${bytes}`);
      expect(bytes, `${path}: ${bytes} bytes of JavaScript at load`).toBeLessThanOrEqual(budget);
    }
    expect(report).toHaveLength(48);
  });

  it(`using a form for the first time loads at most ${budgets.firstFormUse / KB} KB more, and the submit code is not loaded at page load`, () => {
    for (const path of ['/', '/contact', '/blog']) {
      const atLoad = scriptsAtLoad(path);
      const later = loadedLater(atLoad);
      expect(later.length, path).toBeGreaterThan(0);
      const bytes = later.reduce((sum, file) => sum + gzipped(file), 0);
      expect(bytes, `${path}: ${bytes} bytes on first use`).toBeLessThanOrEqual(budgets.firstFormUse);
      const code = later.map((file) => readFileSync(join(siteDir(), file), 'utf8')).join('');
      expect(code, 'the Supabase client is in the lazy chunk').toContain('x-region');
      const eager = atLoad.map((file) => readFileSync(join(siteDir(), file), 'utf8')).join('');
      expect(eager).not.toContain('x-region');
    }
  });

  it('pages without islands load only the menu script: no Preact', () => {
    for (const path of ['/about', '/services/plumber', '/blog/local-seo-tips', '/privacy-policy']) {
      expect(scriptsAtLoad(path), path).toEqual([expect.stringMatching(/^\/assets\/menus-\w+\.js$/)]);
    }
    expect(scriptsAtLoad('/blog').some((file) => file.includes('blog-filter'))).toBe(true);
    expect(scriptsAtLoad('/contact').some((file) => file.includes('blog-filter'))).toBe(false);
  });
});

describe('Content-Security-Policy without unsafe-inline', () => {
  it('no page has an inline script (JSON-LD data aside), an inline style, a style attribute or an on* handler', () => {
    for (const path of [...allPaths, '/404']) {
      const $ = loadPage(path);
      expect($('script:not([src])').filter((_, s) => $(s).attr('type') !== 'application/ld+json'), path).toHaveLength(0);
      expect($('style'), path).toHaveLength(0);
      expect($('[style]'), path).toHaveLength(0);
      const handlers = $('*').filter((_, el) => Object.keys((el as { attribs?: Record<string, string> }).attribs ?? {}).some((name) => name.startsWith('on')));
      expect(handlers, path).toHaveLength(0);
    }
  });
});
