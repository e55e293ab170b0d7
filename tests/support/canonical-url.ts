/** A page's canonical address: the site's address and the page's path, as its <head> and the sitemap name it. */
import { siteUrl } from './site';

export const canonicalOf = (path: string) => `${siteUrl()}${path}`;
