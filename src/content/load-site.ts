/**
 * content/ → the validated, frozen site model. Every content error is raised
 * here (or, for links, by checkContentLinks once the routes exist).
 */
import { join, relative } from 'node:path';
import fg from 'fast-glob';
import type * as v from 'valibot';
import { ContentError } from '../errors';
import type { Article, LegalPage, SiteModel } from './model';
import { readJson, readMarkdown, type ContentCache, type MarkdownDocument } from './read-content';
import * as s from './schemas';

/**
 * Parses many Markdown files at once (on worker threads, for a large site);
 * results in the order asked. `worker` says which thread kept the HTML, when
 * it did (the document then holds a placeholder for it).
 */
export type ParseMarkdown = (requests: { path: string; file: string; kind: 'article' | 'legal' }[]) => Promise<(MarkdownDocument<unknown> & { worker?: number })[]>;

/**
 * Loads and validates content/; with a cache, only files changed since the
 * last load are parsed again; with `parseMarkdown`, articles are parsed by it.
 */
export async function loadSite(contentDir: string, projectRoot = process.cwd(), cache?: ContentCache, parseMarkdown?: ParseMarkdown): Promise<SiteModel> {
  // Files inside the project are named from its root ("content/site.json"); others by their full path.
  const nameOf = (path: string) => (path.startsWith(projectRoot) ? relative(projectRoot, path) : path);
  const json = <T extends v.GenericSchema>(name: string, schema: T) => readJson(join(contentDir, name), nameOf(join(contentDir, name)), schema, cache);
  const files = (pattern: string) => fg(pattern, { cwd: contentDir, absolute: true }).then((found) => found.sort());

  const [site, navigation, services, trades, testimonials, stats, caseStudies, team, jobs, forms, pages, servicePageFiles, articleFiles, legalFiles] =
    await Promise.all([
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
      files('service-pages/*.json'),
      files('blog/*.md'),
      files('legal/*.md'),
    ]);

  const [servicePages, articles, legalPages] = await Promise.all([
    Promise.all(servicePageFiles.map(async (path) => ({ file: nameOf(path), page: await readJson(path, nameOf(path), s.servicePageSchema, cache) }))),
    (parseMarkdown
      ? (parseMarkdown(articleFiles.map((path) => ({ path, file: nameOf(path), kind: 'article' }))) as Promise<(MarkdownDocument<v.InferOutput<typeof s.articleFrontMatterSchema>> & { worker?: number })[]>)
      : Promise.all(articleFiles.map((path) => readMarkdown(path, nameOf(path), s.articleFrontMatterSchema, cache)))
    ).then((docs) =>
      docs.map((doc, index): Article => ({
        ...doc.data,
        html: doc.html,
        internalLinks: doc.internalLinks,
        file: nameOf(articleFiles[index]!),
        ...('worker' in doc && typeof doc.worker === 'number' && { htmlWorker: doc.worker }),
      })),
    ),
    Promise.all(
      legalFiles.map(async (path): Promise<LegalPage> => {
        const doc = await readMarkdown(path, nameOf(path), s.legalFrontMatterSchema, cache);
        return { ...doc.data, html: doc.html, internalLinks: doc.internalLinks, file: nameOf(path) };
      }),
    ),
  ]);

  const file = (name: string) => nameOf(join(contentDir, name));
  const serviceIds = services.services.map((service) => service.id);
  unique(file('services.json'), 'services', serviceIds, 'id');

  unique(file('trades.json'), 'trades', trades.trades.map((trade) => trade.slug), 'slug');
  unique(file('trades.json'), 'trades', trades.trades.map((trade) => trade.name), 'name');
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
      throw new ContentError(file('case-studies.json'), `caseStudies[${index}].trade`, `expected the slug of a trade in trades.json, found "${study.trade}"`);
    }
  });

  uniqueAcrossFiles(servicePages.map(({ file, page }) => ({ file, slug: page.slug })));
  for (const { file: pageFile, page } of servicePages) {
    if (!serviceIds.includes(page.slug)) {
      throw new ContentError(pageFile, 'slug', `expected the id of a service in services.json (${serviceIds.join(', ')}), found "${page.slug}"`);
    }
    if (tradeSlugs.has(page.slug)) {
      throw new ContentError(pageFile, 'slug', `"${page.slug}" is also a trade in trades.json: both would be /services/${page.slug}`);
    }
  }
  servicePages.sort((a, b) => serviceIds.indexOf(a.page.slug) - serviceIds.indexOf(b.page.slug));

  const categories = pages.blog.categories.slice(1);
  uniqueAcrossFiles(articles);
  for (const article of articles) {
    if (!categories.includes(article.category)) {
      throw new ContentError(article.file, 'front matter: category', `expected one of ${categories.map((c) => `"${c}"`).join(', ')} (pages/blog.json), found "${article.category}"`);
    }
  }
  const featured = articles.filter((article) => article.featured);
  if (featured.length > 1) {
    throw new ContentError(featured[1]!.file, 'front matter: featured', `only one article may be featured, and ${featured[0]!.file} already is`);
  }
  articles.sort((a, b) => Number(b.featured) - Number(a.featured) || b.date.localeCompare(a.date) || a.title.localeCompare(b.title));

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
    articles,
    legalPages,
  });
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
      throw new ContentError(file, `${list}[${index}].${field}`, `"${value}" is listed twice (also at ${list}[${first}])`);
    }
    seen.set(value, index);
  });
}

function uniqueAcrossFiles(records: { file: string; slug?: string | undefined }[]): void {
  const seen = new Map<string, string>();
  for (const { file, slug } of records) {
    if (slug === undefined) continue;
    const first = seen.get(slug);
    if (first) throw new ContentError(file, 'slug', `"${slug}" is already the slug of ${first}: each page needs its own`);
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
