/** An article's page, made alike by the route table and a build thread (threads/): one function, one small context. */
import type { Article, SiteData } from '../content/model';
import { isPublished, publicationStatus } from '../content/publishing';
import { absoluteUrl, paths } from '../paths';
import { blogPosting } from '../structured-data/blog-posting';
import { blogTrail, type RouteOptions } from './context';
import { bodySlot, meta, pageRoute, type Route } from './route';
import { largeImage, pageCard } from './social';

/** What every article's page takes from the rest of the site: plain data, handed to each build worker once. */
export type ArticleRouteContext = ReturnType<typeof articleRouteContext>;

export function articleRouteContext(
  data: SiteData,
  options: Pick<RouteOptions, 'siteUrl' | 'publishing' | 'noindex' | 'cardsVersion' | 'images'>,
) {
  return {
    siteUrl: options.siteUrl ?? data.site.url,
    site: data.site,
    trail: blogTrail(data),
    /** The words around every article: one object for every article's props. */
    copy: { ...data.pages.blog.article, readTimeSuffix: data.pages.blog.readTimeSuffix },
    publishing: options.publishing,
    noindex: options.noindex ?? false,
    categoryPaths: Object.fromEntries(data.categories.map(({ name, slug }) => [name, paths.category(slug)])),
    /** Where an author on the team is on the about page. */
    authorPaths: Object.fromEntries(data.team.map(({ name, id }) => [name, paths.teamMember(id)])),
    cardsVersion: options.cardsVersion,
    images: options.images, // a build thread gives its own articles' images alone
  };
}

/** None for an unpublished article, nor for one without a slug, which the blog lists without a page of its own. */
export function articleRoute(article: Article, context: ArticleRouteContext): Route | undefined {
  if (!article.slug || !isPublished(article, context.publishing)) return undefined;
  const { siteUrl, site, trail, copy } = context;
  const path = paths.article(article.slug);
  const shown = { title: article.title, eyebrow: article.category };
  const card = article.socialImage ? undefined : pageCard(context, article.slug, shown);
  const status = publicationStatus(article, context.publishing.today);
  return pageRoute(site, siteUrl, {
    path,
    kind: 'Article',
    source: article.file,
    lastModified: article.updated ?? article.date,
    body: article.body,
    card,
    props: {
      article: {
        title: article.title,
        author: article.author,
        authorHref: context.authorPaths[article.author],
        date: article.date,
        updated: article.updated,
        readTime: article.readTime,
        category: { label: article.category, href: context.categoryPaths[article.category]! },
        image: article.image,
        html: bodySlot,
      },
      status: status === 'published' ? undefined : status,
      copy,
      paths: { blog: paths.blog, contact: paths.contact },
    },
    head: {
      ...meta(article),
      image: article.socialImage ?? article.image,
      ogType: 'article',
      article: { published: article.date, modified: article.updated },
      noindex: context.noindex || undefined,
    },
    breadcrumb: { above: trail, name: article.title },
    schema: () => {
      const image = largeImage(siteUrl, article.image);
      const authorPath = context.authorPaths[article.author];
      const authorUrl = authorPath && absoluteUrl(siteUrl, authorPath);
      const mainEntity = blogPosting({ ...article, authorUrl }, absoluteUrl(siteUrl, path), image.url, siteUrl);
      return { type: 'WebPage', mainEntity, images: image.path ? [image.path] : [] };
    },
  });
}
