/** robots.txt and sitemap.xml for the seo gate: robots.txt names the sitemap, which lists every page but the 404. */
import * as cheerio from 'cheerio';
import { paths } from '../paths';
import { readBuiltFile } from './built-site';
import type { BuiltPage, Report } from './types';

export type Sitemap = ReturnType<typeof readSitemap>;

export function readSitemap(dir: string) {
  const robots = readBuiltFile(dir, 'robots.txt')?.toString('utf8');
  const xml = readBuiltFile(dir, 'sitemap.xml')?.toString('utf8');
  const url = robots ? /^Sitemap:\s*(\S+)\s*$/im.exec(robots)?.[1] : undefined;
  const $ = cheerio.load(xml ?? '', { xml: true });
  return {
    robots,
    url,
    // The site's origin, from that URL: without it, no page's own URL is known.
    origin: url && URL.canParse(url) ? new URL(url).origin : undefined,
    xml,
    listed: new Set(Array.from($('loc'), (loc) => $(loc).text())),
  };
}

export function checkRobots({ robots, url }: Sitemap, report: Report): void {
  if (!robots) report('robots-missing', 'robots.txt is missing', 'write robots.txt with a Sitemap: line');
  else if (!url)
    report('robots-sitemap', 'robots.txt does not name the sitemap', 'add "Sitemap: https://<site>/sitemap.xml"');
  else if (!url.endsWith('/sitemap.xml'))
    report('robots-sitemap', `names ${url}, not the site's sitemap.xml`, 'point the Sitemap: line at /sitemap.xml');
}

export function checkSitemapFile({ xml, listed }: Sitemap, report: Report): void {
  if (!xml) return report('sitemap-missing', 'sitemap.xml is missing', 'build the site with sitegen build');
  const problem = shapeProblem(xml);
  if (problem)
    report('sitemap-invalid', problem, 'write a <urlset> of the sitemaps.org namespace, each <loc> in its own <url>');
  else if (!listed.size) report('sitemap-empty', 'sitemap.xml lists no page', 'publish a build made without --drafts');
}

/** URLs the sitemap lists that are no page of the site (the 404 is none). */
export function checkSitemapUrls(sitemap: Sitemap, pages: readonly BuiltPage[], report: Report): void {
  if (!sitemap.xml || !sitemap.origin) return;
  const pageUrls = new Set(
    pages.filter((page) => page.path !== paths.notFound).map((page) => sitemap.origin + page.path),
  );
  const fix = 'list only built pages (and never the 404)';
  for (const url of sitemap.listed)
    if (!pageUrls.has(url)) report('sitemap-extra-url', `${url} is in the sitemap but is not a page of the site`, fix);
}

/** Search engines read a <urlset> of the sitemaps.org namespace, a <loc> in each <url>. */
function shapeProblem(xml: string): string | undefined {
  const $ = cheerio.load(xml, { xml: true });
  const root = $.root().children();
  if (root.length !== 1 || root[0]!.tagName !== 'urlset') return 'its root element is not one <urlset>';
  if (root.attr('xmlns') !== 'http://www.sitemaps.org/schemas/sitemap/0.9')
    return `its namespace is ${root.attr('xmlns') ?? 'missing'}, not http://www.sitemaps.org/schemas/sitemap/0.9`;
  if (!xml.trimEnd().endsWith('</urlset>')) return 'it does not end with </urlset>';
  const stray = root.children(':not(url)')[0];
  if (stray) return `it holds a <${stray.tagName}> where only <url> elements belong`;
  if ($('loc').length !== $('url > loc').length || $('url').length !== $('url > loc').length)
    return 'not every <url> holds one <loc>';
}
