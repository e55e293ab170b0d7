import type { Pages } from '../../src/content/model';
import type { FormNotes, Link } from '../layout/types';
import type { IslandProps } from '../../islands/registry';
import { ArticleCard, type ArticleSummary } from '../components/ArticleCard';
import { Island } from '../components/Island';
import { PageHero } from '../components/PageHero';

export interface BlogProps {
  page: Pages['blog'];
  /** The listing's h1 and its line: the blog's, or its category's. */
  hero: { heading: string; text: string };
  /** Every listing: All (the whole blog) and each category, the one shown marked current. */
  categories: { label: string; links: readonly (Link & { current: boolean })[] };
  /** This page's articles. */
  articles: readonly ArticleSummary[];
  /** The blog's first page shows its first article large, as the featured one. */
  featuredFirst: boolean;
  /** What a listing with no article says instead (a category with none published yet), and where it leads. */
  empty?: { text: string; link: Link };
  /** Links to the neighbouring pages of the listing, when there is more than one. */
  pagination?: { label: string; position: string; newer?: Link; older?: Link };
  /** The blog's feeds, for readers to follow. */
  feeds: { label: string; links: readonly Link[] };
  newsletter: IslandProps<'NewsletterForm'>;
  formNotes: FormNotes;
  toaster: IslandProps<'Toaster'>;
}

export function Blog({
  page,
  hero,
  categories,
  articles,
  featuredFirst,
  empty,
  pagination,
  feeds,
  newsletter,
  formNotes,
  toaster,
}: BlogProps) {
  const [featured, ...rest] = featuredFirst ? articles : [undefined, ...articles];
  const recent = rest.filter((article): article is ArticleSummary => article !== undefined);
  return (
    <>
      <PageHero heading={hero.heading} text={hero.text} />
      <div className="mx-auto max-w-6xl px-4 py-14 md:py-16">
        <CategoryNav
          categories={categories}
          linkLabel={page.article.categoryLinkLabel}
          firstPage={!pagination?.newer}
        />
        {empty && (
          <p className="text-center text-lg text-slate-700">
            {empty.text}{' '}
            <a href={empty.link.href} className="font-semibold text-brand hover:underline">
              {empty.link.label}
            </a>
          </p>
        )}
        {featured && <ArticleCard article={featured} labels={page} featured />}
        {recent.length > 0 && (
          <section aria-labelledby="recent-heading" className={featured ? 'mt-16' : undefined}>
            <h2 id="recent-heading" className="mb-8 text-3xl font-bold tracking-tight">
              {page.recentHeading}
            </h2>
            <div className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
              {recent.map((article, index) => (
                <ArticleCard key={article.title} article={article} labels={page} priority={!featured && index === 0} />
              ))}
            </div>
          </section>
        )}
        {pagination && <Pagination pagination={pagination} />}
        <p className="mt-12 text-center text-slate-600">
          {feeds.label}:{' '}
          {feeds.links.map((link, index) => (
            <span key={link.href}>
              {index > 0 && ' · '}
              {/* Named with the line before them, so each reads alone in a screen reader's list of links; the visible
                  word first (WCAG 2.5.3, Label in Name). */}
              <a
                href={link.href}
                aria-label={`${link.label}: ${feeds.label}`}
                className="tap-target font-semibold text-brand hover:underline"
              >
                {link.label}
              </a>
            </span>
          ))}
        </p>
      </div>
      <section aria-labelledby="newsletter-heading" className="bg-brand py-16 text-white print:hidden">
        <div className="mx-auto max-w-3xl px-4 text-center">
          <h2 id="newsletter-heading" className="text-3xl font-bold tracking-tight">
            {page.newsletter.heading}
          </h2>
          <p className="mx-auto mt-3 mb-8 max-w-xl text-lg text-brand-light">{page.newsletter.text}</p>
          <Island name="NewsletterForm" props={newsletter} notes={formNotes} />
        </div>
      </section>
      <Island name="Toaster" props={toaster} hydrate="on-form-use" />
    </>
  );
}

/**
 * The listing's own category is marked: as the current page on its first page, where its link leads; else as current.
 * Each link is named by `linkLabel` ("SEO articles"): in a screen reader's list of the page's links, out of this one,
 * "All" would say nothing and "Google Ads" would be the footer's link to the service.
 */
function CategoryNav({
  categories,
  linkLabel,
  firstPage,
}: Pick<BlogProps, 'categories'> & { linkLabel: string; firstPage: boolean }) {
  return (
    <nav aria-label={categories.label} className="drawn-whole mb-10">
      <ul className="flex flex-wrap justify-center gap-2">
        {categories.links.map((link) => (
          <li key={link.href}>
            <a
              href={link.href}
              aria-label={linkLabel.replaceAll('{category}', link.label)}
              aria-current={link.current ? (firstPage ? 'page' : 'true') : undefined}
              className="inline-block rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:border-brand hover:text-brand [&[aria-current]]:border-brand [&[aria-current]]:bg-brand [&[aria-current]]:text-white forced-colors:[&[aria-current]]:underline forced-colors:[&[aria-current]]:decoration-2 forced-colors:[&[aria-current]]:underline-offset-4"
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Its arrows are drawn, not read, as a card's Read More's: a screen reader would say "left arrow" before the words. The
 * space beside each is the arrow's: outside it, Chromium reads it as part of the link's name.
 */
function Pagination({ pagination }: { pagination: NonNullable<BlogProps['pagination']> }) {
  return (
    <nav
      aria-label={pagination.label}
      className="mt-12 flex items-center justify-between gap-4 border-t border-slate-200 pt-6"
    >
      {pagination.newer ? (
        <a href={pagination.newer.href} rel="prev" className="font-semibold text-brand hover:underline">
          <span aria-hidden="true">&larr; </span>
          {pagination.newer.label}
        </a>
      ) : (
        <span />
      )}
      <p className="text-slate-600">{pagination.position}</p>
      {pagination.older ? (
        <a href={pagination.older.href} rel="next" className="font-semibold text-brand hover:underline">
          {pagination.older.label}
          <span aria-hidden="true"> &rarr;</span>
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
