/**
 * An article's page. Made by the route table, and on a large site by the
 * thread that renders the article (workers/article-pages.ts), with the same
 * function and the same small context, so both make the same route.
 */
import type { Article, Pages, SiteData, SiteFacts } from '../content/model';
import { contentHash } from '../hash';
import { absoluteUrl, paths } from '../paths';
import { blogPosting } from '../structured-data/blog-posting';
import type { Link } from '../../templates/layout/types';
import type { ArticleProps } from '../../templates/pages/Article';
import { bodySlot, pageRoute, type Route } from './route';
import { blogTrail } from './trails';

/** Where every article's page links to, besides its body: one object for all. */
const articlePaths = { blog: paths.blog, contact: paths.contact };

/** The width of the image shared on social networks and named in the article's structured data. */
const socialImageWidth = 1200;

/** What every article's page takes from the rest of the site: plain data, handed to each build worker once. */
export interface ArticleRouteContext {
  siteUrl: string;
  site: SiteFacts;
  /** The breadcrumb trail above every article: the home page's and the blog's. */
  trail: readonly Link[];
  /** The words around every article (its back link, byline, call to action): one object for every article's props. */
  copy: ArticleProps['copy'];
}

/**
 * Each site's article context, kept while everything it is made from is the
 * same (the navigation gives the trail its first step, the blog's page its
 * words): the route table keeps article routes by it.
 */
const contexts = new WeakMap<
  SiteData['site'],
  { navigation: SiteData['navigation']; blog: Pages['blog']; context: ArticleRouteContext }
>();

export function articleRouteContext(data: SiteData, siteUrl: string | undefined): ArticleRouteContext {
  const url = siteUrl ?? data.site.url;
  const known = contexts.get(data.site);
  const {
    navigation,
    pages: { blog },
  } = data;
  if (known?.context.siteUrl === url && known.blog === blog && known.navigation === navigation) return known.context;
  const context = {
    siteUrl: url,
    site: data.site,
    trail: blogTrail(data),
    copy: Object.assign({}, blog.article, { readTimeSuffix: blog.readTimeSuffix }),
  };
  contexts.set(data.site, { navigation, blog, context });
  return context;
}

/** Each context's hash, for the routes made from it (see Route.madeFrom). */
const contextHashes = new WeakMap<ArticleRouteContext, string>();

/** What an article's own page shows of it; its excerpt and whether it is featured only the blog's listing does. */
type ShownArticle = Pick<
  Article,
  | 'slug'
  | 'title'
  | 'description'
  | 'keywords'
  | 'author'
  | 'date'
  | 'readTime'
  | 'category'
  | 'image'
  | 'imageAlt'
  | 'body'
>;

function shownArticle({
  slug,
  title,
  description,
  keywords,
  author,
  date,
  readTime,
  category,
  image,
  imageAlt,
  body,
}: Article): ShownArticle {
  return { slug, title, description, keywords, author, date, readTime, category, image, imageAlt, body };
}

/**
 * What an article's route is made from, as one hash: its context and what
 * the page shows of the article. Hashing that costs a fraction of
 * serialising the page's props and head, which hold its structured data, and
 * a large site has thousands of articles whose pages an incremental build or
 * the dev server must find changed or not. The route is made from nothing
 * else, so an edited excerpt changes the blog's pages and not the article's.
 * Its file's name is not part of it: a file renamed is the same page. Nor is
 * its body, which the page's fingerprint holds apart (pageFingerprint).
 */
function articleMadeFrom({ body, ...shown }: ShownArticle, context: ArticleRouteContext): string {
  let contextHash = contextHashes.get(context);
  if (contextHash === undefined) contextHashes.set(context, (contextHash = contentHash(JSON.stringify(context))));
  return contentHash(`${contextHash}\0${JSON.stringify(shown)}`);
}

/** An article's page; none for an article without a slug, which the blog lists without a page of its own. */
export function articleRoute(source: Article, context: ArticleRouteContext): Route | undefined {
  if (!source.slug) return undefined;
  const article = shownArticle(source);
  const { siteUrl, site, trail, copy } = context;
  const path = paths.article(source.slug);
  return pageRoute(site, siteUrl, {
    path,
    kind: 'Article',
    source: source.file,
    lastModified: article.date,
    body: article.body,
    madeFrom: () => articleMadeFrom(article, context),
    props: {
      article: {
        title: article.title,
        author: article.author,
        date: article.date,
        readTime: article.readTime,
        category: article.category,
        image: article.image,
        imageAlt: article.imageAlt,
        html: bodySlot,
      },
      copy,
      paths: articlePaths,
    },
    head: {
      title: article.title,
      description: article.description,
      keywords: article.keywords,
      image: { src: article.image, alt: article.imageAlt },
      ogType: 'article',
    },
    breadcrumb: { above: trail, name: article.title },
    schema: () => ({
      type: 'WebPage',
      mainEntity: blogPosting(
        article,
        absoluteUrl(siteUrl, path),
        `${article.image}?auto=format&fit=crop&w=${socialImageWidth}&q=70`,
        siteUrl,
      ),
    }),
  });
}
