/** content/redirects.json: old paths that lead on to where their page is now, and the words of the page left at each. */
import * as v from 'valibot';
import { externalHref, internalHref, text } from './shared';

/** An old path as visitors and search engines know it (an old site's /Contact.php too); a trailing slash dropped. */
export const redirectFrom = v.pipe(
  v.string(),
  v.maxLength(500, 'a path of at most 500 characters (Cloudflare Pages skips a line of _redirects past 1,000)'),
  v.regex(
    /^(?:\/[A-Za-z0-9_-]{1,200})+(?:\.[A-Za-z0-9]{1,50})?\/?$/,
    'a root-relative path (names of at most 200 characters), such as "/old-page", "/blog/old-slug" or "/Old-Page.php"',
  ),
  v.transform((path) => path.replace(/\/$/, '')),
);

/** Where it leads: a page of the site (checked against the route table) or an https: URL. */
const redirectTo = v.pipe(
  v.string(),
  v.maxLength(490, 'a target of at most 490 characters (Cloudflare Pages skips a line of _redirects past 1,000)'),
  v.check(
    (to) => v.is(internalHref, to) || v.is(externalHref, to),
    'a page of the site, such as "/services/local-seo" or "/#services", or an https:// URL',
  ),
);

export const redirectsSchema = v.strictObject({
  /** The page written at each old path for hosts that read no _redirects file (GitHub Pages, S3). */
  page: v.strictObject({ title: text, text }),
  redirects: v.array(
    v.strictObject({
      from: redirectFrom,
      to: redirectTo,
      status: v.optional(v.picklist([301, 302], 'a status of 301 (moved for good) or 302 (moved for now)'), 301),
    }),
  ),
});
