/** _redirects: each leads to a page served (or off the site), and the page left at its old path for other hosts too. */
import * as cheerio from 'cheerio';
import { redirectPageFile, pathOfLink } from '../paths';
import { servedStatus } from './built-site';
import type { CheckContext, Finding } from './types';

export async function checkRedirectLinks(context: CheckContext): Promise<Finding[]> {
  const pages = new Map(context.redirectPages.map((page) => [page.file, page]));
  const findings: Finding[] = [];
  const rebuild = 'build the site with sitegen build';
  for (const [from, { to }] of context.redirects) {
    const add = (message: string, fix: string) =>
      findings.push({ page: from, rule: 'broken-redirect', target: to, message, fix });
    if (to.startsWith('/')) {
      const status = await servedStatus(context.origin, pathOfLink(to));
      if (status !== 200) add(`leads to ${to}, which answered ${status}`, 'redirect to a page the site has');
    }
    const page = pages.get(redirectPageFile(from));
    if (!page) {
      add('has no page at its old path for hosts that read no _redirects', rebuild);
      continue;
    }
    const $ = cheerio.load(page.html);
    const canonical = $('link[rel="canonical"]').attr('href') ?? '';
    const refresh = /url=(\S+)$/i.exec($('meta[http-equiv="refresh"]').attr('content') ?? '')?.[1] ?? '';
    for (const [what, url] of Object.entries({ 'canonical link': canonical, refresh }))
      if (url !== to && !(to.startsWith('/') && url.replace(/^https?:\/\/[^/]+/, '') === to))
        add(`its page's ${what} leads to ${url || 'nowhere'}, not where _redirects sends it`, rebuild);
  }
  return findings;
}
