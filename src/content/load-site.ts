/**
 * content/ → the validated, frozen site model. Every content error is raised
 * here (or, for links, by validateRoutes once the routes exist).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type * as v from 'valibot';
import { ContentError } from '../errors';
import type { Article, LegalPage, SiteData, SiteModel } from './model';
import { articleFiles, articleFolder, contentFileName, legalFiles } from './content-files';
import { isInside, listFiles } from '../list-files';
import { MarkdownFiles, type ScannedFile } from './markdown-files';
import { readJson, type ContentCache } from './read-content';
import * as s from './schemas';

export type ArticleFrontMatter = v.InferOutput<typeof s.articleFrontMatterSchema>;

/** An article as its scan leaves it: front matter and what the model needs of its body. */
export type ParsedArticle = ScannedFile<ArticleFrontMatter>;

/** How content is read: what is kept from earlier reads. */
export interface ContentReading {
  /** Parsed JSON files kept while they are unchanged (the dev server). */
  cache?: ContentCache;
  /** Markdown files, read through the content index when there is one. */
  markdown: MarkdownFiles;
}

/**
 * The articles of the content folder, in file order, already being read: on
 * a large site the build's threads read them from the moment it starts
 * (workers/build-workers.ts).
 */
export type ReadArticles = () => Promise<ParsedArticle[]>;

/**
 * Loads and validates content/. The Markdown bodies' HTML is then read from
 * `markdown`, which by default keeps nothing between loads (the build keeps
 * what it can through the content index: site-builder.ts).
 */
export async function loadSite(
  contentDir: string,
  projectRoot = process.cwd(),
  markdown = MarkdownFiles.open({ contentDir, projectRoot }),
): Promise<SiteModel> {
  const [data, articles] = await Promise.all([
    loadSiteData(contentDir, projectRoot, { markdown }),
    loadArticles(contentDir, markdown),
  ]);
  return withArticles(data, articles);
}

/** Scans every article, in file order (or takes them from `readArticles`). */
export async function loadArticles(
  contentDir: string,
  markdown: MarkdownFiles,
  readArticles?: ReadArticles,
): Promise<ParsedArticle[]> {
  if (readArticles) return readArticles();
  return articleFiles(contentDir).map((path) => markdown.scan(path, s.articleFrontMatterSchema));
}

/**
 * The articles again after some files changed: the changed ones (and any
 * new one) scanned, the others kept as `previous` has them.
 */
export async function rereadArticles(
  contentDir: string,
  markdown: MarkdownFiles,
  previous: readonly ParsedArticle[],
  changed: ReadonlySet<string>,
): Promise<ParsedArticle[]> {
  const scan = (path: string) => markdown.scan(path, s.articleFrontMatterSchema);
  // Edits of files the site has keep the list as it was; a file added or removed, or the folder, is found by listing the folder again.
  const folder = articleFolder(contentDir);
  const edited = [...changed].every(
    (path) => !isInside(folder, path) || (previous.some((article) => article.path === path) && existsSync(path)),
  );
  if (edited) return previous.map((article) => (changed.has(article.path) ? scan(article.path) : article));
  const kept = new Map(previous.map((article) => [article.path, article]));
  return articleFiles(contentDir).map((path) => (!changed.has(path) && kept.get(path)) || scan(path));
}

/** Everything in content/ but the articles, validated and frozen. */
export async function loadSiteData(
  contentDir: string,
  projectRoot: string,
  { cache, markdown }: ContentReading,
): Promise<SiteData> {
  const nameOf = contentFileName(projectRoot);
  const json = <T extends v.GenericSchema>(name: string, schema: T) =>
    readJson(join(contentDir, name), nameOf(join(contentDir, name)), schema, cache);
  const files = (folder: string, extension: string) =>
    listFiles(join(contentDir, folder), { pattern: `*${extension}` }).map((name) => join(contentDir, folder, name));

  const [
    site,
    navigation,
    services,
    trades,
    testimonials,
    stats,
    caseStudies,
    team,
    jobs,
    forms,
    pages,
    servicePageFiles,
    legalPaths,
  ] = await Promise.all([
    json('site.json', s.siteSchema),
    json('navigation.json', s.navigationSchema),
    json('services.json', s.servicesSchema),
    json('trades.json', s.tradesSchema),
    json('testimonials.json', s.testimonialsSchema),
    json('stats.json', s.statsSchema),
    json('case-studies.json', s.caseStudiesSchema),
    json('team.json', s.teamSchema),
    json('jobs.json', s.jobsSchema),
    json('forms.json', s.formsSchema),
    Promise.all([
      json('pages/home.json', s.homePageSchema),
      json('pages/about.json', s.aboutPageSchema),
      json('pages/case-studies.json', s.caseStudiesPageSchema),
      json('pages/blog.json', s.blogPageSchema),
      json('pages/careers.json', s.careersPageSchema),
      json('pages/contact.json', s.contactPageSchema),
      json('pages/404.json', s.notFoundPageSchema),
      json('pages/legal.json', s.legalCopySchema),
      json('pages/trade.json', s.tradePageSchema),
    ]).then(([home, about, caseStudies, blog, careers, contact, notFound, legal, trade]) => ({
      home,
      about,
      caseStudies,
      blog,
      careers,
      contact,
      notFound,
      legal,
      trade,
    })),
    files('service-pages', '.json'),
    legalFiles(contentDir),
  ]);

  const [servicePages, legalPages] = await Promise.all([
    Promise.all(
      servicePageFiles.map(async (path) => ({
        file: nameOf(path),
        page: await readJson(path, nameOf(path), s.servicePageSchema, cache),
      })),
    ),
    legalPaths.map((path): LegalPage => {
      const { data, file, body } = markdown.scan(path, s.legalFrontMatterSchema);
      return { ...data, file, body };
    }),
  ]);

  const file = (name: string) => nameOf(join(contentDir, name));
  const serviceIds = services.services.map((service) => service.id);
  unique(file('services.json'), 'services', serviceIds, 'id');

  unique(
    file('trades.json'),
    'trades',
    trades.trades.map((trade) => trade.slug),
    'slug',
  );
  unique(
    file('trades.json'),
    'trades',
    trades.trades.map((trade) => trade.name),
    'name',
  );
  trades.trades.forEach((trade, index) => {
    trade.services.forEach((card, cardIndex) => {
      if (card.service !== serviceIds[cardIndex]) {
        throw new ContentError(
          file('trades.json'),
          `trades[${index}].services[${cardIndex}].service`,
          `expected "${serviceIds[cardIndex]}" (the services of services.json, in order), found "${card.service}"`,
        );
      }
    });
  });

  const tradeSlugs = new Set(trades.trades.map((trade) => trade.slug));
  caseStudies.caseStudies.forEach((study, index) => {
    if (!tradeSlugs.has(study.trade)) {
      throw new ContentError(
        file('case-studies.json'),
        `caseStudies[${index}].trade`,
        `expected the slug of a trade in trades.json, found "${study.trade}"`,
      );
    }
  });

  uniqueAcrossFiles(servicePages.map(({ file, page }) => ({ file, slug: page.slug })));
  for (const { file: pageFile, page } of servicePages) {
    if (!serviceIds.includes(page.slug)) {
      throw new ContentError(
        pageFile,
        'slug',
        `expected the id of a service in services.json (${serviceIds.join(', ')}), found "${page.slug}"`,
      );
    }
    if (tradeSlugs.has(page.slug)) {
      throw new ContentError(
        pageFile,
        'slug',
        `"${page.slug}" is also a trade in trades.json: both would be /services/${page.slug}`,
      );
    }
  }
  servicePages.sort((a, b) => serviceIds.indexOf(a.page.slug) - serviceIds.indexOf(b.page.slug));

  uniqueAcrossFiles(legalPages);
  legalPages.sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug));

  return deepFreeze({
    contentDir: nameOf(contentDir),
    site: { ...site, phoneHref: phoneHref(site.phone) },
    navigation,
    services: services.services,
    trades: trades.trades,
    testimonials: testimonials.testimonials,
    stats: stats.stats,
    caseStudies: caseStudies.caseStudies,
    team: team.team,
    jobs: jobs.jobs,
    forms,
    pages,
    servicePages: servicePages.map(({ page }) => page),
    legalPages,
  });
}

/** ISO dates compare as text; a plain comparison orders them exactly as localeCompare did, at a fraction of its cost. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** One collator for the whole sort: String.prototype.localeCompare makes one per call, measured at a third of sorting 4,000 articles. */
const titleOrder = new Intl.Collator();

/**
 * Each article of the model, by the scan it is made from: a dev server's
 * update after one edit makes one new article, and the route table, which
 * keeps each article's route by its article, makes one new route.
 */
const articleOf = new WeakMap<ParsedArticle, Article>();

/**
 * The site model: the site's data with its articles, checked against it and
 * sorted newest first, the featured one first. Given the last model's
 * articles (the dev server, after an edit), they are put in that order and
 * sorted again only if an edit moved one out of it.
 */
export function withArticles(
  data: SiteData,
  parsed: readonly ParsedArticle[],
  previous?: readonly Article[],
): SiteModel {
  const articles = parsed.map((scanned) => {
    let article = articleOf.get(scanned);
    if (!article) {
      // Object.assign rather than a spread: several times faster on Node 20's V8, for thousands of articles.
      article = deepFreeze(Object.assign({}, scanned.data, { file: scanned.file, body: scanned.body }));
      articleOf.set(scanned, article);
    }
    return article;
  });
  const categories = data.pages.blog.categories.slice(1);
  uniqueAcrossFiles(articles);
  for (const article of articles) {
    if (!categories.includes(article.category)) {
      throw new ContentError(
        article.file,
        'front matter: category',
        `expected one of ${categories.map((c) => `"${c}"`).join(', ')} (pages/blog.json), found "${article.category}"`,
      );
    }
  }
  const featured = articles.filter((article) => article.featured);
  if (featured.length > 1) {
    throw new ContentError(
      featured[1]!.file,
      'front matter: featured',
      `only one article may be featured, and ${featured[0]!.file} already is`,
    );
  }
  const placed = previous && inOrderOf(articles, previous);
  const sorted = placed?.articles ?? articles;
  if (!previous || !stillInOrder(sorted, previous)) sorted.sort(newestFirst);
  else if (placed?.sameFiles) placeOfFile.set(sorted, placeOfFile.get(previous)!);
  Object.freeze(sorted);
  return Object.freeze({ ...data, articles: sorted });
}

/** The blog's order. The file breaks the last tie, so the order never depends on the one a sort started from. */
function newestFirst(a: Article, b: Article): number {
  return (
    Number(b.featured) - Number(a.featured) ||
    compareText(b.date, a.date) ||
    titleOrder.compare(a.title, b.title) ||
    compareText(a.file, b.file)
  );
}

/** Whether articles put in the order of `previous`, which was sorted, are still: only a pair with an article not in its place there can be out of order. */
function stillInOrder(articles: readonly Article[], previous: readonly Article[]): boolean {
  for (let i = 0; i + 1 < articles.length; i++) {
    const a = articles[i]!;
    const b = articles[i + 1]!;
    if ((a !== previous[i] || b !== previous[i + 1]) && newestFirst(a, b) > 0) return false;
  }
  return true;
}

/**
 * Each sorted list of articles' places by file, for the next update to put
 * its articles in that order: made once, and handed on to the next list
 * while the files and their order stay the same (an article edited in place).
 */
const placeOfFile = new WeakMap<readonly Article[], ReadonlyMap<string, number>>();

/** The articles in the order their files had in `previous`, those new since then last; whether they are the same files. */
function inOrderOf(
  articles: readonly Article[],
  previous: readonly Article[],
): { articles: Article[]; sameFiles: boolean } {
  let places = placeOfFile.get(previous);
  if (!places) {
    const made = new Map<string, number>();
    previous.forEach((article, place) => made.set(article.file, place));
    placeOfFile.set(previous, (places = made));
  }
  const ordered: (Article | undefined)[] = new Array<Article | undefined>(previous.length).fill(undefined);
  const added: Article[] = [];
  for (const article of articles) {
    const place = places.get(article.file);
    if (place === undefined) added.push(article);
    else ordered[place] = article;
  }
  const sameFiles = added.length === 0 && articles.length === previous.length;
  const kept = sameFiles ? (ordered as Article[]) : ordered.filter((article) => article !== undefined).concat(added);
  return { articles: kept, sameFiles };
}

/** "0808 157 0192" → "tel:+448081570192": the international form works from any phone. */
export function phoneHref(phone: string): string {
  return `tel:+44${phone.replace(/\D/g, '').replace(/^0/, '')}`;
}

function unique(file: string, list: string, values: string[], field: string): void {
  const seen = new Map<string, number>();
  values.forEach((value, index) => {
    const first = seen.get(value);
    if (first !== undefined) {
      throw new ContentError(
        file,
        `${list}[${index}].${field}`,
        `"${value}" is listed twice (also at ${list}[${first}])`,
      );
    }
    seen.set(value, index);
  });
}

function uniqueAcrossFiles(records: { file: string; slug?: string | undefined }[]): void {
  const seen = new Map<string, string>();
  for (const { file, slug } of records) {
    if (slug === undefined) continue;
    const first = seen.get(slug);
    if (first)
      throw new ContentError(file, 'slug', `"${slug}" is already the slug of ${first}: each page needs its own`);
    seen.set(slug, file);
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
