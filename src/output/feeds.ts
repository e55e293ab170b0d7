/**
 * The blog's feeds of the newest published articles, each in full, every link and image absolute and a table's columns
 * aligned by attribute and style (a reader has neither the page to resolve a root-relative link against nor its CSS).
 * A feed's date is that of its newest article, never the time of the build, so an unchanged blog makes the same feeds.
 */
import { Feed, type Item } from 'feed';
import type { Article, Image, MarkdownBody, SiteModel } from '../content/model';
import { isPublished, londonMidnight, type Publishing } from '../content/publishing';
import { withSiteFacts } from '../content/site-facts';
import { escapeHtml } from '../escape';
import { logoIcons, renditionUrl } from '../images/image-names';
import { absoluteUrl, paths } from '../paths';
import { feedTitle } from '../routes/layout';
import { largeImage } from '../routes/social';
import type { SiteFile } from './output';

const titleOrder = new Intl.Collator('en-GB');

/** The feeds' files, and the site's own images they name as paths of the output. */
export function feedFiles(
  model: SiteModel,
  publishing: Publishing,
  siteUrl: string,
  bodyHtml: (body: MarkdownBody) => string,
): { files: SiteFile[]; images: string[] } {
  const { blog } = model.pages;
  // Newest first by date, ties by title: the order readers expect of a feed, whichever article is featured.
  const newest = model.articles
    .filter((article) => article.slug && isPublished(article, publishing))
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : titleOrder.compare(a.title, b.title)))
    .slice(0, blog.feeds.count);
  const items = newest.map((article) => feedItem(article, model, siteUrl, bodyHtml(article.body)));
  // Two of the logo's icons (a resolved model's logo is described).
  const icons = [logoIcons.homeScreen, logoIcons.tab].map((size) => renditionUrl(model.site.logo.local!, size, 'png'));
  const changes = newest.map((article) => article.updated ?? article.date);
  const lastChange = changes.sort().at(-1);
  const blogUrl = absoluteUrl(siteUrl, paths.blog);
  const options = {
    id: blogUrl,
    link: blogUrl,
    title: feedTitle(model),
    description: blog.description,
    language: 'en-GB',
    image: absoluteUrl(siteUrl, icons[0]!),
    favicon: absoluteUrl(siteUrl, icons[1]!),
    // A blog with no article yet has no date of its own: the first day of the epoch stands in, the same on every build.
    updated: londonMidnight(lastChange ?? '1970-01-01'),
    generator: 'sitegen',
    author: { name: model.site.name, link: siteUrl },
    feedLinks: Object.fromEntries(
      Object.entries(paths.feeds).map(([kind, path]) => [kind, absoluteUrl(siteUrl, path)]),
    ),
  };
  const feedOf = (entry: (item: Item) => Item) => {
    const feed = new Feed(options);
    for (const item of items) feed.addItem(entry(item));
    return feed;
  };
  // A summary is HTML to RSS and Atom readers, plain text in a JSON feed: an excerpt's plain text is escaped for the
  // first two, to read as written; Atom's titles are declared HTML too.
  const summaryHtml = (item: Item) => ({ ...item, description: escapeHtml(item.description!) });
  const files = [
    { path: paths.feeds.rss.slice(1), content: feedOf(summaryHtml).rss2() },
    {
      path: paths.feeds.atom.slice(1),
      // The library names an Atom image's type after its file's extension, which a stock photo's address lacks: Atom's entries go without.
      content: feedOf((item) => ({ ...summaryHtml(item), title: escapeHtml(item.title), image: undefined })).atom1(),
    },
    { path: paths.feeds.json.slice(1), content: feedOf((item) => item).json1() },
  ];
  const photos = newest.flatMap((article) => largeImage(siteUrl, article.image).path ?? []);
  return { files, images: [...icons.map((url) => url.slice(1)), ...photos] };
}

function feedItem(article: Article, model: SiteModel, siteUrl: string, html: string): Item {
  const url = absoluteUrl(siteUrl, paths.article(article.slug!));
  const category = model.categories.find((known) => known.name === article.category)!;
  const categoryUrl = absoluteUrl(siteUrl, paths.category(category.slug));
  const body = withSiteFacts(html, model.site).replace(/ class="align-(\w+)"/g, ' align="$1" style="text-align:$1"');
  return {
    // An entry's ID stays when its article moves (Atom: an id "MUST NOT change" when relocated), or readers show it
    // again as new: the address it was first published at, which a move lists first in its aliases.
    id: absoluteUrl(siteUrl, paths.article(article.aliases?.[0] ?? article.slug!)),
    link: url,
    title: article.title,
    description: article.excerpt,
    content: withAbsoluteUrls(body, siteUrl, url),
    // RSS names an author by email address: the agency's, with the author's name.
    author: [{ name: article.author, email: model.site.email }],
    category: [{ name: article.category, term: article.category, domain: categoryUrl, scheme: categoryUrl }],
    date: londonMidnight(article.updated ?? article.date),
    published: londonMidnight(article.date),
    image: feedImage(siteUrl, article.image),
  };
}

/** An article's image as large as readers show it, as JPEG, which every reader takes. */
function feedImage(siteUrl: string, image: Image): { url: string; type: string } {
  return { url: largeImage(siteUrl, image).url, type: 'image/jpeg' };
}

/**
 * A body's links and images made absolute: root-relative ones on the site's origin, in-page ones (#…) on the article's
 * address. The body is marked's HTML, whose text escapes each quote: only an attribute can read ` href="` or ` src="`.
 */
export const withAbsoluteUrls = (html: string, siteUrl: string, pageUrl: string): string =>
  html.replace(/ (href|src)="([/#][^"]*)"/g, (whole, name: string, value: string) =>
    value.startsWith('//') ? whole : ` ${name}="${value.startsWith('#') ? pageUrl : siteUrl}${value}"`,
  );
