import type { Article } from '../content/model';
import { absoluteUrl, paths } from '../paths';
import { articleList } from '../structured-data/article-list';
import type { RouteContext } from './context';
import { meta, type Route } from './route';

/** An article's card on the blog index. */
function summaryOf(article: Article) {
  return {
    title: article.title,
    excerpt: article.excerpt,
    author: article.author,
    date: article.date,
    readTime: article.readTime,
    category: article.category,
    image: article.image,
    href: article.slug ? paths.article(article.slug) : undefined,
  };
}

/**
 * The blog index: every article's card, newest first, paginated past the
 * configured number per page. A page is made again only when its articles,
 * their order, the number of pages or the words around them changed.
 */
export function blogIndexRoutes({
  model,
  siteUrl,
  endpoint,
  dir,
  toaster,
  formWithoutScript,
  trails,
  route,
  kept,
}: RouteContext): Route[] {
  const blog = model.pages.blog;
  const { forms } = model;
  const newsletter = {
    labelledBy: 'newsletter-heading',
    copy: {
      label: forms.fields.newsletterEmail,
      placeholder: blog.newsletter.placeholder,
      button: blog.newsletter.button,
      submitting: forms.submitting,
      toasts: forms.toasts,
    },
    endpoint,
  };
  const { perPage } = blog.pagination;
  const pageCount = Math.max(1, Math.ceil(model.articles.length / perPage));
  return Array.from({ length: pageCount }, (_, index) => {
    const page = index + 1;
    const listed = model.articles.slice(index * perPage, page * perPage);
    const make = () => {
      const fill = (text: string) => text.replaceAll('{page}', String(page)).replaceAll('{pages}', String(pageCount));
      const articles = listed.map(summaryOf);
      return route({
        path: paths.blogPage(page),
        kind: 'Blog',
        source: `${dir}/pages/blog.json`,
        props: {
          page: blog,
          articles,
          featuredFirst: page === 1,
          pagination:
            pageCount > 1
              ? {
                  label: blog.pagination.label,
                  position: fill(blog.pagination.position),
                  newer: page > 1 ? { label: blog.pagination.newer, href: paths.blogPage(page - 1) } : undefined,
                  older:
                    page < pageCount ? { label: blog.pagination.older, href: paths.blogPage(page + 1) } : undefined,
                }
              : undefined,
          newsletter,
          formWithoutScript,
          toaster,
        },
        head:
          page === 1
            ? meta(blog)
            : {
                title: fill(blog.pagination.title),
                description: fill(blog.pagination.description),
                keywords: blog.keywords,
              },
        breadcrumb:
          page === 1 ? { trail: trails.blog } : { above: trails.blog, name: fill(blog.pagination.breadcrumb) },
        schema: {
          type: 'CollectionPage',
          mainEntity: articleList(absoluteUrl(siteUrl, paths.blogPage(page)), siteUrl, articles),
        },
      });
    };
    return kept(
      paths.blogPage(page),
      [model.site, model.navigation, siteUrl, blog, forms, endpoint.url, endpoint.anonKey, dir, pageCount, ...listed],
      make,
    );
  });
}
