/** Reading the built site in tests: pages as cheerio documents, by URL path. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { inject } from 'vitest';

export const siteDir = () => inject('siteDir');
export const siteUrl = () => inject('siteUrl');

export function fileOf(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`;
}

export function readPage(path: string): string {
  return readFileSync(join(siteDir(), fileOf(path)), 'utf8');
}

export function loadPage(path: string): cheerio.CheerioAPI {
  return cheerio.load(readPage(path));
}

/** Visible text with white space folded, as a reader sees it. */
export function textOf($: cheerio.CheerioAPI, selector = 'body'): string {
  return $(selector).text().replace(/\s+/g, ' ').trim();
}

/** The blog's category links, in the spec's order: every blog page shows them. */
export const blogCategoryLinks = [
  'All',
  'SEO',
  'Google Ads',
  'Social Media',
  'Web Design',
  'Reputation Management',
  'Case Studies',
];

export const tradeSlugs = [
  'builder',
  'bricklayer',
  'carpenter-joiner',
  'roofer',
  'groundworker',
  'scaffolder',
  'stonemason',
  'plumber',
  'heating-engineer',
  'gas-engineer',
  'electrician',
  'painter-decorator',
  'plasterer-renderer',
  'tiler',
  'flooring-specialist',
  'gardener-landscaper',
  'fencing-contractor',
  'driveway-paving-specialist',
  'tree-surgeon',
  'locksmith',
  'damp-proofing-specialist',
  'window-door-fitter',
  'kitchen-bathroom-fitter',
  'handyman-handywoman',
  'renewable-energy-installer',
  'pest-control-technician',
  'chimney-sweep',
];
export const servicePageSlugs = ['local-seo', 'google-ads', 'ai-services', 'website-design', 'reputation-management'];
export const articleSlugs = [
  'local-seo-tips',
  'google-ads-guide',
  'online-reviews-guide',
  'social-media-guide',
  'website-design-mistakes',
  'digital-marketing-roi',
];
export const legalSlugs = ['privacy-policy', 'terms-of-service', 'cookie-policy'];
export const categorySlugs = [
  'seo',
  'google-ads',
  'social-media',
  'web-design',
  'reputation-management',
  'case-studies',
];
/** The old paths content/redirects.json sends on, each with a page left at it for hosts that read no _redirects. */
export const redirectPaths = ['/services', '/blog/category'];

/** Every page the specification lists, as URL paths (the 404 page aside). */
export const allPaths = [
  '/',
  '/about',
  '/contact',
  '/case-studies',
  '/blog',
  '/careers',
  ...articleSlugs.map((slug) => `/blog/${slug}`),
  ...categorySlugs.map((slug) => `/blog/category/${slug}`),
  ...legalSlugs.map((slug) => `/${slug}`),
  ...servicePageSlugs.map((slug) => `/services/${slug}`),
  ...tradeSlugs.map((slug) => `/services/${slug}`),
];

/** The consent question's heading, which names its region. */
export const consentQuestion = 'May we remember how you found us?';
