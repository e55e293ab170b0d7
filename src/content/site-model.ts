/**
 * content/ → the validated, frozen site model: the site's data
 * (site-data.ts) and its articles, checked against each other and sorted.
 * Every content error is raised here (or, for links, by validateRoutes once
 * the routes exist).
 */
import type * as v from 'valibot';
import { ContentError } from '../errors';
import { articleFiles, type MarkdownSource } from './content-files';
import { MarkdownReader } from './markdown-reader';
import type { Article, MarkdownBody, SiteData, SiteModel } from './model';
import { articleFrontMatterSchema } from './schemas';
import { deepFreeze, loadSiteData, uniqueAcrossFiles } from './site-data';

/** One article file, scanned through `reader`. */
export function scanArticle(reader: MarkdownReader, path: string): Article {
  const { data, file, body } = reader.scan(path, articleFrontMatterSchema);
  return articleOf(data, file, body);
}

/** An article from its validated front matter: each image with its description as one Image. */
export function articleOf(
  data: v.InferOutput<typeof articleFrontMatterSchema>,
  file: string,
  body: MarkdownBody,
): Article {
  const { image, imageAlt, socialImage, socialImageAlt, ...rest } = data;
  const article: Article = { ...rest, image: { src: image, alt: imageAlt }, file, body };
  if (socialImage === undefined) return article;
  if (socialImageAlt === undefined) {
    const problem =
      'is missing: expected a text describing the social image (socialImage), for people who cannot see it';
    throw new ContentError(file, 'front matter: socialImageAlt', problem);
  }
  return { ...article, socialImage: { src: socialImage, alt: socialImageAlt } };
}

/** Loads and validates the whole of a content folder, keeping nothing between loads (`sitegen check`, `new article`). */
export function loadSite(source: MarkdownSource): SiteModel {
  const reader = MarkdownReader.open(source);
  try {
    const data = loadSiteData(source.contentDir, source.projectRoot, reader);
    return withArticles(
      data,
      articleFiles(source.contentDir).map((path) => scanArticle(reader, path)),
    );
  } finally {
    reader.close();
  }
}

/** Ties break on title, then file, so the order never depends on the one a sort started from. */
const titleOrder = new Intl.Collator('en-GB');

/**
 * The site model: the site's data with its articles, checked against it and
 * sorted newest first, the featured one first.
 */
export function withArticles(data: SiteData, articles: readonly Article[]): SiteModel {
  const categories = data.pages.blog.categories.slice(1);
  uniqueAcrossFiles(articles);
  for (const article of articles) {
    if (categories.includes(article.category)) continue;
    const expected = `expected one of ${categories.map((c) => `"${c}"`).join(', ')} (pages/blog.json)`;
    throw new ContentError(article.file, 'front matter: category', `${expected}, found "${article.category}"`);
  }
  const featured = articles.filter((article) => article.featured);
  if (featured.length > 1) {
    const problem = `only one article may be featured, and ${featured[0]!.file} already is`;
    throw new ContentError(featured[1]!.file, 'front matter: featured', problem);
  }
  const sorted = articles.map(deepFreeze).sort(newestFirst);
  return Object.freeze({ ...data, articles: Object.freeze(sorted) });
}

function newestFirst(a: Article, b: Article): number {
  return (
    Number(b.featured) - Number(a.featured) ||
    compareText(b.date, a.date) ||
    titleOrder.compare(a.title, b.title) ||
    compareText(a.file, b.file)
  );
}

/** ISO dates and file names compare as text. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
