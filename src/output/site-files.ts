/**
 * Every file of the site but its pages and public/'s (the assets, sitemap.xml, robots.txt, _headers, the feeds, the
 * redirects), each a pure function of the site plan and configuration.
 */
import { createHash } from 'node:crypto';
import type { BuiltAssets } from '../assets/asset-cache';
import { escapeHtml } from '../escape';
import { paths } from '../paths';
import { stockPhotoOrigin } from '../stock-photos';
import type { MarkdownBody } from '../content/model';
import type { SitePlan } from '../plan/plan-site';
import { feedFiles } from './feeds';
import type { SiteFile } from './output';
import { forwardScript, redirectFiles } from './redirect-files';
import { speculationRules } from './speculation-rules';
import { viewTransitionStyle } from './view-transitions';

interface SiteFileOptions {
  supabaseUrl: string | undefined;
  dev: boolean;
  noindex?: boolean;
  editor?: EditorHeaders | undefined;
}

export type SiteFileSources = { plan: SitePlan; assets: BuiltAssets; bodyHtml: (body: MarkdownBody) => string };

export function siteFiles(
  { plan, assets, bodyHtml }: SiteFileSources,
  options: SiteFileOptions,
): { files: SiteFile[]; images: string[] } {
  const { model, publishing, routes, redirects } = plan;
  const { siteUrl } = routes;
  const feeds = feedFiles(model, publishing, siteUrl, bodyHtml);
  const lastModified = (day: string | undefined) => (day ? `<lastmod>${day}</lastmod>` : '');
  const sitemap = routes.routes
    .filter((route) => route.inSitemap)
    .map((route) => `  <url><loc>${escapeHtml(route.canonical)}</loc>${lastModified(route.lastModified)}</url>`);
  const files = [
    ...assets.scripts.files,
    { path: assets.stylesheet.file, content: assets.stylesheet.css },
    {
      path: paths.sitemap.slice(1),
      content: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemap.join('\n')}\n</urlset>\n`,
    },
    { path: paths.robots.slice(1), content: `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}${paths.sitemap}\n` },
    { path: '_headers', content: headersFile(options) },
    ...feeds.files,
    ...redirectFiles(redirects, siteUrl, model.redirects.page, assets.templates.module),
  ];
  return { files, images: feeds.images };
}

/** A CSP hash source: what lets one inline script or style apply without 'unsafe-inline'. */
const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** What the site and its editor share: fonts and forms of the site alone, no plugins, no other base, never framed. */
const lockedDown = "font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/**
 * Security headers for hosts that read a _headers file (Netlify, Cloudflare Pages) and for `sitegen preview`: scripts
 * and styles from the site alone, its inline ones allowed by their hashes; forms may reach Supabase too.
 */
function headersFile(options: SiteFileOptions): string {
  const supabase = options.supabaseUrl ? ` ${new URL(options.supabaseUrl).origin}` : '';
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${hashSource(speculationRules)} ${hashSource(forwardScript)}`,
    `style-src 'self' ${hashSource(viewTransitionStyle)}`,
    `img-src 'self' ${stockPhotoOrigin}`,
    `connect-src 'self'${supabase}`,
    lockedDown,
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
    options.dev ? '  Cache-Control: no-cache' : '  Cache-Control: public, max-age=31536000, immutable',
    '',
    ...(options.editor ? editorHeaders(options.editor) : []),
  ].join('\n');
}

/** What the editor at /admin (Decap CMS) talks to besides its own origin: GitHub's API in production, nothing in dev. */
export interface EditorHeaders {
  connect: readonly string[];
  /** Decap's own folder (admin/decap-cms-<version>): named by its version, so cached for a year. */
  decapFolder: string;
}

/**
 * The editor's own rules: a policy and an opener policy of its own in place of the site's (on Cloudflare Pages the "!"
 * line takes the site's off; Netlify and sitegen's servers let the later rule's win), allowing what Decap CMS needs and
 * no more, and no page of it indexed. /admin itself is a page on sitegen's servers, and a redirect to /admin/ on the hosts.
 */
function editorHeaders(editor: EditorHeaders): string[] {
  const csp = [
    "default-src 'self'",
    // Decap checks its configuration with ajv, which compiles each of its schemas with new Function.
    "script-src 'self' 'unsafe-eval'",
    // Decap's interface is styled by emotion, which writes <style> elements as it draws.
    "style-src 'self' 'unsafe-inline'",
    // A photo chosen on the computer is shown from a blob: URL until it is saved; GitHub draws its users' avatars.
    `img-src 'self' data: blob: ${stockPhotoOrigin} https://avatars.githubusercontent.com`,
    // Decap reads a chosen photo back from its blob: URL to upload it.
    `connect-src ${["'self'", 'blob:', ...editor.connect].join(' ')}`,
    lockedDown,
  ].join('; ');
  const rules = [
    '  ! Content-Security-Policy',
    `  Content-Security-Policy: ${csp}`,
    // Decap's sign-in opens the OAuth provider in a window that hands the token back to its opener: the site's
    // same-origin would cut that link, and the marketer could never sign in.
    '  ! Cross-Origin-Opener-Policy',
    '  Cross-Origin-Opener-Policy: same-origin-allow-popups',
    '  X-Robots-Tag: noindex',
  ];
  return [
    ...['/admin', '/admin/*'].flatMap((path) => [path, ...rules, '']),
    `/${editor.decapFolder}/*`,
    '  Cache-Control: public, max-age=31536000, immutable',
    '',
  ];
}
