/**
 * A build's redirects as hosts read them: `_redirects`, the file Netlify and Cloudflare Pages read (why each redirect
 * is two lines of it, its head says), and for hosts that read none (GitHub Pages, S3) a page at each old path.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { TemplateModule } from '../assets/compile-templates';
import type { Redirects } from '../content/model';
import { absoluteUrl, redirectPageFile } from '../paths';
import type { Redirect } from '../routes';
import type { SiteFile } from './output';

/**
 * What the page at an old path runs before its refresh: the new address with the visitor's query and fragment, as a
 * host's 301 passes them on (an ad's gclid and utm_ values among them), where the new address has none of its own.
 */
export const forwardScript =
  "const to=new URL(document.querySelector('link[rel=canonical]').href);" +
  'if(!to.search)to.search=location.search;if(!to.hash)to.hash=location.hash;location.replace(to)';

export function redirectFiles(
  redirects: readonly Redirect[],
  siteUrl: string,
  words: Redirects['page'],
  templates: Pick<TemplateModule, 'RedirectDocument'>,
): SiteFile[] {
  const pages = redirects.map((redirect) => {
    const to = redirect.to.startsWith('/') ? absoluteUrl(siteUrl, redirect.to) : redirect.to;
    const page = createElement(templates.RedirectDocument, { to, script: forwardScript, ...words });
    return { path: redirectPageFile(redirect.from), content: `<!DOCTYPE html>${renderToStaticMarkup(page)}` };
  });
  return [{ path: '_redirects', content: redirectsFile(redirects) }, ...pages];
}

export function redirectsFile(redirects: readonly Redirect[]): string {
  const head = [
    "# Written by sitegen from content/redirects.json, the articles' aliases and the blog's pagination: edit those, not this file.",
    '# Each redirect twice: Netlify applies the first (forced, as a page for other hosts is at the old path);',
    '# Cloudflare Pages skips it as malformed and applies the second.',
  ];
  const lines = redirects.flatMap(({ from, to, status }) => [`${from} ${to} ${status}!`, `${from} ${to} ${status}`]);
  return `${[...head, ...lines].join('\n')}\n`;
}
