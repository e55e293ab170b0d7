/** The blog's listings, paginated: of every published article and of each category's; a page remade as it changes. */
import type { Article, BlogCategory } from '../content/model';
import { publicationStatus } from '../content/publishing';
import { paths } from '../paths';
import { articleList } from '../structured-data/article-list';
import { emailPattern } from '../../supabase/functions/_shared/lead-options.ts';
import type { ArticleSummary } from '../../templates/components/ArticleCard';
import type { Link } from '../../templates/layout/types';
import type { BlogProps } from '../../templates/pages/Blog';
import type { RouteContext } from './context';
import type { Route, RouteSpec } from './route';

interface Listing {
  pagePath(page: number): string;
  articles: readonly Article[];
  hero: BlogProps['hero'];
  /** The category listed; none for the index of every article. */
  category?: BlogCategory;
  head(page: number, fill: (text: string) => string): RouteSpec<'Blog'>['head'];
  breadcrumb(page: number, fill: (text: string) => string): RouteSpec<'Blog'>['breadcrumb'];
  empty?: BlogProps['empty'];
}

export function blogIndexRoutes(context: RouteContext): Route[] {
  const blog = context.model.pages.blog;
  return listingRoutes(context, {
    pagePath: paths.blogPage,
    articles: context.published,
    hero: blog.hero,
    head: (page, fill) => ({
      title: page === 1 ? blog.title : fill(blog.pagination.title),
      description: page === 1 ? blog.description : fill(blog.pagination.description),
      keywords: blog.keywords,
    }),
    breadcrumb: (page, fill) =>
      page === 1
        ? { trail: context.trails.blog }
        : { above: context.trails.blog, name: fill(blog.pagination.breadcrumb) },
  });
}

/** A category with no article that has a page (none published, or Coming Soon alone) keeps its page, not indexed. */
export function categoryRoutes(context: RouteContext): Route[] {
  const { model, byCategory, trails } = context;
  const blog = model.pages.blog;
  return model.categories.flatMap((category) => {
    const named = (text: string) => text.replaceAll('{category}', category.name);
    const first = { label: category.name, href: paths.category(category.slug) };
    const articles = byCategory.get(category.name) ?? [];
    return listingRoutes(context, {
      pagePath: (page) => paths.category(category.slug, page),
      articles,
      hero: { heading: named(blog.category.title), text: named(blog.category.text) },
      category,
      head: (page, fill) => ({
        title: fill(named(page === 1 ? blog.category.title : blog.category.pageTitle)),
        description: fill(named(page === 1 ? blog.category.description : blog.category.pageDescription)),
        keywords: blog.keywords,
        noindex: !articles.some((article) => article.slug) || undefined,
      }),
      breadcrumb: (page, fill) =>
        page === 1
          ? { above: trails.blog, name: category.name }
          : { above: [...trails.blog, first], name: fill(blog.pagination.breadcrumb) },
      empty: { text: named(blog.category.empty), link: { label: blog.category.allLink, href: paths.blog } },
    });
  });
}

function listingRoutes(context: RouteContext, listing: Listing): Route[] {
  const { model, siteUrl, dir, publishing, route, kept } = context;
  const words = model.pages.blog.pagination;
  const pageCount = Math.max(1, Math.ceil(listing.articles.length / words.perPage));
  const around = listingWords(context, listing.category);
  let before = 0;
  return Array.from({ length: pageCount }, (_, index) => {
    const page = index + 1;
    const path = listing.pagePath(page);
    const listed = listing.articles.slice(index * words.perPage, page * words.perPage);
    // Its ItemList numbers on from the articles with a page on the pages before: one list split into pages.
    const first = before + 1;
    before += listed.filter((article) => article.slug).length;
    const make = () => {
      const fill = (text: string) => text.replaceAll('{page}', String(page)).replaceAll('{pages}', String(pageCount));
      const articles = listed.map((article) => summaryOf(article, context));
      const link = (label: string, to: number): Link => ({ label, href: listing.pagePath(to) });
      const newer = page > 1 ? link(words.newer, page - 1) : undefined;
      const older = page < pageCount ? link(words.older, page + 1) : undefined;
      return route({
        path,
        kind: 'Blog',
        source: `${dir}/pages/blog.json`,
        props: {
          ...around,
          hero: listing.hero,
          articles,
          featuredFirst: page === 1 && listing.category === undefined,
          empty: listed.length === 0 ? listing.empty : undefined,
          pagination: pageCount > 1 ? { label: words.label, position: fill(words.position), newer, older } : undefined,
        },
        head: listing.head(page, fill),
        breadcrumb: listing.breadcrumb(page, fill),
        schema: {
          type: 'CollectionPage',
          mainEntity: articles.some((article) => article.href)
            ? articleList(siteUrl, path, articles, first)
            : undefined,
        },
      });
    };
    // The hero's words, not the object: a category's hero is made anew for every table.
    const { heading, text } = listing.hero;
    const inputs = [around, heading, text, pageCount, first, publishing.today, publishing.drafts, ...listed];
    return kept(path, inputs, make);
  });
}

/** Kept while the site's words are the same, so that a listing page is made again only when its articles changed. */
function listingWords(context: RouteContext, current: BlogCategory | undefined) {
  const { model, endpoint, siteUrl, dir, toaster, formNotes, kept } = context;
  const { site, navigation, forms } = model;
  const blog = model.pages.blog;
  const { url, anonKey } = endpoint;
  const inputs = [site, navigation, blog, forms, model.categories, siteUrl, url, anonKey, dir, current];
  return kept(`blog words ${current?.slug ?? ''}`, inputs, () => ({
    page: blog,
    categories: {
      label: blog.categoriesLabel,
      links: [
        { label: blog.allLabel, href: paths.blog, current: current === undefined },
        ...model.categories.map((category) => ({
          label: category.name,
          href: paths.category(category.slug),
          current: category === current,
        })),
      ],
    },
    feeds: {
      label: blog.feeds.label,
      links: (['rss', 'atom', 'json'] as const).map((feed) => ({ label: blog.feeds[feed], href: paths.feeds[feed] })),
    },
    newsletter: {
      labelledBy: 'newsletter-heading',
      pattern: emailPattern,
      copy: {
        label: forms.fields.newsletterEmail,
        emailFormat: forms.fields.emailFormat,
        placeholder: blog.newsletter.placeholder,
        button: blog.newsletter.button,
        submitting: forms.submitting,
        toasts: { ...forms.toasts, successText: blog.newsletter.success },
      },
      endpoint,
    },
    formNotes,
    toaster,
  }));
}

/** An article's card on a listing; one that is not published (sitegen dev, build --drafts) is marked as a draft. */
function summaryOf(article: Article, { model, publishing }: RouteContext): ArticleSummary {
  const { title, excerpt, author, date, readTime, category, image, slug } = article;
  const href = slug ? paths.article(slug) : undefined;
  const draft = publicationStatus(article, publishing.today) === 'published' ? undefined : model.pages.blog.draftLabel;
  return { title, excerpt, author, date, readTime, category, image, href, draft };
}
