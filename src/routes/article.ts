/**
 * An article's page. Made by the route table, and on a large site by the
 * build thread that renders the article (threads/), with the same function
 * and the same small context, so both make the same route.
 */
import type { Article, SiteData, SiteFacts } from '../content/model';
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

export function articleRouteContext(data: SiteData, siteUrl: string | undefined): ArticleRouteContext {
  const { blog } = data.pages;
  return {
    siteUrl: siteUrl ?? data.site.url,
    site: data.site,
    trail: blogTrail(data),
    copy: { ...blog.article, readTimeSuffix: blog.readTimeSuffix },
  };
}

/** An article's page; none for an article without a slug, which the blog lists without a page of its own. */
export function articleRoute(article: Article, context: ArticleRouteContext): Route | undefined {
  if (!article.slug) return undefined;
  const { siteUrl, site, trail, copy } = context;
  const path = paths.article(article.slug);
  return pageRoute(site, siteUrl, {
    path,
    kind: 'Article',
    source: article.file,
    lastModified: article.date,
    body: article.body,
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
