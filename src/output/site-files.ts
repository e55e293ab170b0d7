/**
 * The files around the pages: sitemap.xml, robots.txt and _headers, each a
 * pure function of the route table and configuration, with the feeds and
 * redirects made beside them (feeds.ts, redirect-files.ts).
 */
import type { BuiltAssets } from '../assets/asset-cache';
import { escapeHtml } from '../escape';
import { stockPhotoOrigin } from '../stock-photos';
import type { Route } from '../routes';
import type { SiteFile } from './output';
import { speculationRulesHash } from './speculation-rules';

/**
 * Every file of the site but its pages and public/'s: the assets, sitemap.xml,
 * robots.txt, _headers, and `more` (the feeds and the redirects).
 * `noindex`: a preview build, no file of which should be indexed.
 */
export function siteFiles(
  routes: readonly Route[],
  siteUrl: string,
  assets: BuiltAssets,
  options: { supabaseUrl: string | undefined; dev: boolean; noindex?: boolean },
  more: readonly SiteFile[] = [],
): SiteFile[] {
  const { stylesheet, scripts } = assets;
  const headers = { supabaseUrl: options.supabaseUrl, hashedAssets: !options.dev, noindex: options.noindex };
  return [
    ...scripts.files,
    { path: stylesheet.file, content: stylesheet.css },
    { path: 'sitemap.xml', content: sitemapXml(routes) },
    { path: 'robots.txt', content: robotsTxt(siteUrl) },
    { path: '_headers', content: headersFile(headers) },
    ...more,
  ];
}

function sitemapEntry(route: Route): string {
  const lastModified = route.lastModified ? `<lastmod>${route.lastModified}</lastmod>` : '';
  return `  <url><loc>${escapeHtml(route.canonical)}</loc>${lastModified}</url>`;
}

export function sitemapXml(routes: readonly Route[]): string {
  const urls = routes.filter((route) => route.inSitemap).map(sitemapEntry);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

/**
 * Security headers for hosts that read a _headers file (Netlify, Cloudflare
 * Pages) and for `sitegen preview`. Scripts and styles come only from the
 * site itself, and the one inline script is the speculation rules, allowed
 * by their hash; forms may also reach the Supabase project.
 */
export function headersFile(options: {
  supabaseUrl: string | undefined;
  hashedAssets?: boolean;
  noindex?: boolean | undefined;
}): string {
  const connect = ["'self'", options.supabaseUrl ? new URL(options.supabaseUrl).origin : null]
    .filter(Boolean)
    .join(' ');
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${speculationRulesHash}`,
    "style-src 'self'",
    `img-src 'self' ${stockPhotoOrigin} data:`,
    `connect-src ${connect}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return [
    '/*',
    `  Content-Security-Policy: ${csp}`,
    '  X-Content-Type-Options: nosniff',
    '  X-Frame-Options: DENY',
    '  Referrer-Policy: strict-origin-when-cross-origin',
    '  Permissions-Policy: camera=(), microphone=(), geolocation=(), payment=()',
    '  Strict-Transport-Security: max-age=31536000; includeSubDomains',
    '  Cross-Origin-Opener-Policy: same-origin',
    // A preview build: its feeds and files, which carry no <meta name="robots">, are kept out of search results too.
    ...(options.noindex ? ['  X-Robots-Tag: noindex'] : []),
    '',
    '/assets/*',
    // Hashed names change with their content, so a year is safe; dev's stable names must be checked every time.
    options.hashedAssets === false
      ? '  Cache-Control: no-cache'
      : '  Cache-Control: public, max-age=31536000, immutable',
    '',
  ].join('\n');
}
