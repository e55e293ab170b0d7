/**
 * The site's data and its articles, checked against each other, sorted and frozen. Every content error is raised here
 * (or, for links and pages' titles, by validatePlan once the routes exist); the editor at /admin makes the model so too.
 */
import type * as v from 'valibot';
import { ContentError, didYouMean } from '../errors';
import { draftWords, stillDraft } from './draft-words';
import type { Article, MarkdownBody, SiteData, SiteModel } from './model';
import type { articleFrontMatterSchema } from './schemas';
import { deepFreeze, uniqueAcrossFiles } from './site-data';

export function articleOf(
  data: v.InferOutput<typeof articleFrontMatterSchema>,
  file: string,
  body: MarkdownBody,
): Article {
  const { image, imageAlt, socialImage, socialImageAlt, ...rest } = data;
  // Object.assign, not a spread: Node 20's V8 gives each object spread from one shape a hidden class of its own, and
  // every walk over a large blog's articles then reads them megamorphically, several times slower.
  const article: Article = Object.assign(rest, { image: { src: image, alt: imageAlt }, file, body });
  if (socialImage === undefined && socialImageAlt !== undefined) {
    const problem = 'is missing: expected the social image its description describes (or no description)';
    throw new ContentError(file, 'front matter: socialImage', problem);
  }
  if (socialImage === undefined) return article;
  if (socialImageAlt === undefined) {
    const problem = 'is missing: expected a text describing the social image, for people who cannot see it';
    throw new ContentError(file, 'front matter: socialImageAlt', problem);
  }
  return Object.assign(article, { socialImage: { src: socialImage, alt: socialImageAlt } });
}

export function withArticles(data: SiteData, articles: readonly Article[]): SiteModel {
  const categories = new Set(data.pages.blog.categories);
  const team = teamNames(data.team);
  uniqueAcrossFiles(articles);
  for (const article of articles) checkArticle(article, categories, team);
  return Object.freeze({ ...data, articles: Object.freeze(articles.map(deepFreeze).sort(newestFirst)) });
}

/** A member's name as team.json writes it, found by the name written in any case and with any spaces between its words. */
export function teamNames(team: SiteData['team']): (name: string) => string | undefined {
  const key = (name: string) => name.toLowerCase().replace(/\s+/g, ' ');
  const names = new Map(team.map(({ name }) => [key(name), name]));
  return (name) => names.get(key(name));
}

function checkArticle(article: Article, categories: ReadonlySet<string>, team: ReturnType<typeof teamNames>): void {
  if (article.updated !== undefined && article.updated < article.date) {
    const problem = `expected a date on or after its date (${article.date}), found ${article.updated}`;
    throw new ContentError(article.file, 'front matter: updated', problem);
  }
  if (!article.draft) {
    const written = { excerpt: article.excerpt, description: article.description, imageAlt: article.image.alt };
    const left = Object.entries(draftWords).find(([field, words]) => written[field as keyof typeof written] === words);
    if (left) throw new ContentError(article.file, `front matter: ${left[0]}`, stillDraft(left[1]));
  }
  if (!categories.has(article.category)) {
    const problem = `expected one of ${[...categories].map((c) => `"${c}"`).join(', ')} (pages/blog.json), found "${article.category}"${didYouMean(article.category, [...categories])}`;
    throw new ContentError(article.file, 'front matter: category', problem);
  }
  const member = team(article.author);
  if (member !== undefined && member !== article.author) {
    const problem = `expected "${member}", as team.json writes it (the byline links to the author's profile on the about page), found "${article.author}"`;
    throw new ContentError(article.file, 'front matter: author', problem);
  }
}

/** Ties broken by title, then file (no two articles share one): the order never depends on the one a sort started from. */
const newestFirst = (a: Article, b: Article): number =>
  compareText(b.date, a.date) || compareText(a.title, b.title) || compareText(a.file, b.file);

/** Dates, titles and files compared by their characters: all a tie needs, at a fraction of a collator's cost. */
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
