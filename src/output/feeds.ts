/**
 * The blog's feeds, made by the `feed` library: RSS 2.0, Atom and JSON Feed
 * of the newest published articles (pages/blog.json's feeds.count), each in
 * full, with its author, category and dates, every link and image absolute
 * (a feed reader has no page to resolve a root-relative link against). A
 * feed's date is that of its newest article, never the time of the build, so
 * an unchanged blog makes the same feeds.
 */
import { Feed, type Item } from 'feed';
import type { Article, Image, MarkdownBody, SiteModel } from '../content/model';
import { isPublished, londonMidnight, type Publishing } from '../content/publishing';
import { renditionUrl } from '../images/image-names';
import { absoluteUrl, paths } from '../paths';
import { largeImage } from '../routes/social';
import type { SiteFile } from './output';

/** Newest first by date, ties by title: the order readers expect of a feed, whichever article is featured. */
const titleOrder = new Intl.Collator('en-GB');

export function feedFiles(
  model: SiteModel,
  publishing: Publishing,
  siteUrl: string,
  bodyHtml: (body: MarkdownBody) => string,
): SiteFile[] {
  const { blog } = model.pages;
  const newest = model.articles
    .filter((article) => article.slug && isPublished(article, publishing))
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : titleOrder.compare(a.title, b.title)))
    .slice(0, blog.feeds.count);
  const items = newest.map((article) => feedItem(article, model, siteUrl, bodyHtml(article.body)));
  const lastChange = newest
    .map((article) => article.updated ?? article.date)
    .sort()
    .at(-1);
  const options = {
    id: absoluteUrl(siteUrl, paths.blog),
    link: absoluteUrl(siteUrl, paths.blog),
    title: blog.feeds.title,
    description: blog.description,
    language: 'en-GB',
    image: iconUrl(siteUrl, model.site.logo, 180),
    favicon: iconUrl(siteUrl, model.site.logo, 32),
    // A blog with no article yet has no date of its own: the first day of the epoch stands in, the same on every build.
    updated: londonMidnight(lastChange ?? '1970-01-01'),
    generator: 'sitegen',
    author: { name: model.site.name, link: siteUrl },
    feedLinks: {
      rss: absoluteUrl(siteUrl, paths.feeds.rss),
      atom: absoluteUrl(siteUrl, paths.feeds.atom),
      json: absoluteUrl(siteUrl, paths.feeds.json),
    },
  };
  const withImages = new Feed(options);
  // The library names an Atom image's type after its file's extension, which a stock photo's address lacks: Atom's entries go without.
  const atom = new Feed(options);
  for (const item of items) {
    withImages.addItem(item);
    atom.addItem({ ...item, image: undefined });
  }
  return [
    { path: paths.feeds.rss.slice(1), content: withImages.rss2() },
    { path: paths.feeds.atom.slice(1), content: atom.atom1() },
    { path: paths.feeds.json.slice(1), content: withImages.json1() },
  ];
}

function feedItem(article: Article, model: SiteModel, siteUrl: string, html: string): Item {
  const url = absoluteUrl(siteUrl, paths.article(article.slug!));
  const category = model.categories.find((known) => known.name === article.category)!;
  const categoryUrl = absoluteUrl(siteUrl, paths.category(category.slug));
  return {
    id: url,
    link: url,
    title: article.title,
    description: article.excerpt,
    content: withAbsoluteUrls(html, siteUrl, url),
    // RSS names an author by e-mail address: the agency's, with the author's name.
    author: [{ name: article.author, email: model.site.email }],
    category: [{ name: article.category, term: article.category, domain: categoryUrl, scheme: categoryUrl }],
    date: londonMidnight(article.updated ?? article.date),
    published: londonMidnight(article.date),
    image: feedImage(siteUrl, article.image),
  };
}

/** The logo at one of the sizes every page's <head> names for its icons, so the build makes it (site-images.ts). */
function iconUrl(siteUrl: string, logo: Image, width: number): string {
  return absoluteUrl(siteUrl, logo.local ? renditionUrl(logo.local, width, 'png') : logo.src);
}

/** An article's image as large as readers show it, in a format every reader takes (a stock photo as JPEG from its host). */
function feedImage(siteUrl: string, image: Image): { url: string; type: string } {
  if (image.local)
    return { url: largeImage(siteUrl, image).url, type: image.local.fallback === 'png' ? 'image/png' : 'image/jpeg' };
  return { url: `${image.src}?fm=jpg&fit=crop&w=1200&q=70`, type: 'image/jpeg' };
}

/**
 * A body's links and images made absolute: root-relative ones on the site's
 * origin, in-page ones (#…) on the article's address. The body is marked's
 * HTML, whose text escapes every quote, so an attribute is all that can read
 * ` href="` or ` src="`.
 */
export function withAbsoluteUrls(html: string, siteUrl: string, pageUrl: string): string {
  return html.replace(/ (href|src)="([/#][^"]*)"/g, (whole, name: string, value: string) => {
    if (value.startsWith('//')) return whole;
    return ` ${name}="${value.startsWith('#') ? pageUrl : siteUrl}${value}"`;
  });
}
