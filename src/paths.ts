import { unlessThrown } from './unless-thrown';

/** The URL form of every page, in one place: no extension, no trailing slash; and its file (/about → about.html). */
export const paths = {
  home: '/',
  about: '/about',
  contact: '/contact',
  caseStudies: '/case-studies',
  blog: '/blog',
  blogPage: (page: number) => (page === 1 ? '/blog' : `/blog/page/${page}`),
  category: (slug: string, page = 1) => `/blog/category/${slug}${page === 1 ? '' : `/page/${page}`}`,
  feeds: { rss: '/blog/rss.xml', atom: '/blog/atom.xml', json: '/blog/feed.json' },
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
  careers: '/careers',
  notFound: '/404',
  article: (slug: string) => `/blog/${slug}`,
  teamMember: (id: string) => `/about#${id}`,
  service: (slug: string) => `/services/${slug}`,
  legal: (slug: string) => `/${slug}`,
} as const;

/** The files the build writes besides pages and assets, at addresses of their own: a link may name one, a redirect not. */
export const siteFilePaths: readonly string[] = [paths.sitemap, paths.robots, ...Object.values(paths.feeds)];

/** A listing's first page, where `path` is one of its later pages (paths.blogPage, paths.category): "/blog/page/3" → "/blog". */
export const listingOf = (path: string): string | undefined =>
  /^(\/blog(?:\/category\/[^/]+)?)\/page\/\d+$/.exec(path)?.[1];

/** Paths a case-insensitive disk (macOS, Windows) or host takes for one file: /About, /about.html, /index.html and /. */
export const fileAlike = (path: string) => fileFor(path.toLowerCase());

export const fileFor = (path: string): string =>
  path === '/' ? 'index.html' : /\.html?$/.test(path) ? path.slice(1) : `${path.slice(1)}.html`;

/**
 * Where the page left at an old path goes for hosts that read no _redirects (GitHub Pages, S3, nginx): a folder's
 * index.html, which they serve at /old-page/ (an old WordPress address) and /old-page alike, and which they would not
 * send as a download or as text, as they would a file named contact.php; an old /page.html is that file itself.
 */
export const redirectPageFile = (from: string) =>
  /\.html?$/.test(from) ? from.slice(1) : `${from.slice(1)}/index.html`;

/** The path whose page `fileFor` would write to `file`, if it is a page's file at all. */
export const pathForFile = (file: string): string | undefined =>
  file === 'index.html' ? '/' : file.endsWith('.html') ? `/${file.slice(0, -'.html'.length)}` : undefined;

/** The folders a file of the output lies in, from the top: "blog/page/2.html" → ["blog", "blog/page"]. */
export const foldersAbove = (file: string): string[] =>
  Array.from(file.matchAll(/\//g), ({ index }) => file.slice(0, index));

/**
 * A site URL as pages are addressed under it: its origin alone, as every link is root-relative and every absolute URL
 * is the origin followed by a page's path. Undefined for a URL with a path, query, fragment or credentials, which would
 * break them (a trailing slash aside), or a final dot (www.example.co.uk.: one host to DNS, another to crawlers).
 */
export function siteOrigin(url: URL): string | undefined {
  const plain = url.pathname === '/' && !(url.search || url.hash || url.username || url.password);
  return plain && url.origin !== 'null' && !url.hostname.endsWith('.') ? url.origin : undefined;
}

export const absoluteUrl = (siteUrl: string, path: string) => `${siteUrl}${path}`;

/** A link to the site by its full address (pasted from a browser, or an old http: page's) as its path; any other as is. */
export function sitePath(href: string, site: string): string {
  const url = /^https?:\/\//i.test(href) && URL.canParse(href) ? new URL(href) : undefined;
  return url && url.host === new URL(site).host ? href.replace(/^[^/]*\/\/[^/?#]*/, '') || '/' : href;
}

/** The route a root-relative link points at: "/#testimonials" → "/", "/contact?from=blog#form" → "/contact". */
export const pathOfLink = (href: string): string => href.replace(/[?#].*$/, '') || '/';

/** Percent-decoded, or as written where that is not valid encoding (the browser then looks for it as written too). */
export const decoded = (text: string): string => unlessThrown(() => decodeURIComponent(text)) ?? text;

/** "/blog/" or "/about.html" → "/blog", "/about": preview and Netlify redirect them; GitHub Pages, S3 and nginx 404. */
export const misnamedPage = (path: string): string | undefined => /^(\/.+?)(?:\/|\.html)$/.exec(path)?.[1];
