/**
 * The redirects the site has (content/redirects.json) as the build writes
 * them, in _redirects (Netlify, Cloudflare Pages) and as a page at each old
 * path (GitHub Pages, S3), and as sitegen preview and dev answer them, with
 * their status and Location.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer } from '../../src/dev/dev-server';
import type { Preview } from '../../src/server/preview';
import { startTestPreview } from '../browser/support/preview';
import { inProjectCopy } from '../support/project-copy';
import { addRedirects } from '../support/redirects-copy';
import { siteDir, siteUrl } from '../support/site';

describe('the built redirects', () => {
  it('_redirects holds each redirect as Netlify (forced) and Cloudflare Pages read it', async () => {
    expect(await readFile(join(siteDir(), '_redirects'), 'utf8')).toBe(
      [
        "# Written by sitegen from content/redirects.json, the articles' aliases and the blog's pagination: edit those, not this file.",
        '# Each redirect twice: Netlify applies the first (forced, as a page for other hosts is at the old path);',
        '# Cloudflare Pages skips it as malformed and applies the second.',
        '/services /#services 301!',
        '/services /#services 301',
        '/blog/category /blog 301!',
        '/blog/category /blog 301',
        '',
      ].join('\n'),
    );
  });

  it('leaves at each old path a page that sends the browser on, names the new URL canonical and is not indexed', async () => {
    for (const [file, to] of [
      ['services/index.html', `${siteUrl()}/#services`],
      ['blog/category/index.html', `${siteUrl()}/blog`],
    ]) {
      const $ = cheerio.load(await readFile(join(siteDir(), file!), 'utf8'));
      expect($('meta[http-equiv="refresh"]').attr('content'), file).toBe(`0; url=${to}`);
      expect($('link[rel="canonical"]').attr('href'), file).toBe(to);
      expect($('meta[name="robots"]').attr('content'), file).toBe('noindex');
      expect($('title').text(), file).toBe('This page has moved');
      expect($('main a').attr('href'), file).toBe(to);
    }
  });
});

describe('sitegen preview and dev', () => {
  let preview: Preview;
  beforeAll(async () => {
    preview = await startTestPreview(siteDir());
  });
  afterAll(() => preview.close());

  const answer = async (base: string, path: string) => {
    const response = await fetch(`${base}${path}`, { redirect: 'manual' });
    return [response.status, response.headers.get('location')];
  };

  it('preview answers an old path with its status and Location, before the page left there, the query passed on', async () => {
    expect(await answer(preview.url, '/services')).toEqual([301, '/#services']);
    expect(await answer(preview.url, '/services/')).toEqual([301, '/#services']);
    expect(await answer(preview.url, '/blog/category?utm_source=mail')).toEqual([301, '/blog?utm_source=mail']);
    expect(await answer(preview.url, '/blog/category/seo')).toEqual([200, null]);
    // The host's configuration is not a page.
    expect(await answer(preview.url, '/_redirects')).toEqual([404, null]);
  });

  it('dev answers them from memory, and follows an edit of content/redirects.json', async () => {
    await inProjectCopy(async (project) => {
      const dev = await startDevServer({
        root: project.dir,
        port: 0,
        host: '127.0.0.1',
        leadsDir: null,
        log: () => {},
      });
      try {
        expect(await answer(dev.url, '/services')).toEqual([301, '/#services']);
        await addRedirects(project, [
          { from: '/ppc', to: '/services/google-ads', status: 302 },
          { from: '/PPC/Ads.php', to: '/services/google-ads' },
        ]);
        await dev.idle();
        await expect.poll(() => answer(dev.url, '/ppc')).toEqual([302, '/services/google-ads']);
        expect(await answer(dev.url, '/PPC/Ads.php?gclid=1')).toEqual([301, '/services/google-ads?gclid=1']);
      } finally {
        await dev.close();
      }
    });
  });
});
