import type { Pages } from '../../src/content/model';
import type { Link } from '../layout/types';
import type { IslandProps } from '../../islands/registry';
import { ArticleCard, type ArticleSummary } from '../components/ArticleCard';
import { Island } from '../components/Island';
import { PageHero } from '../components/PageHero';

export interface BlogProps {
  page: Pages['blog'];
  /** This index page's articles. */
  articles: readonly ArticleSummary[];
  /** The first index page shows its first article large, as the featured one. */
  featuredFirst: boolean;
  /** Links to the neighbouring index pages, when there is more than one. */
  pagination?: { label: string; position: string; newer?: Link; older?: Link };
  newsletter: IslandProps<'NewsletterForm'>;
  /** What the form says where JavaScript is off. */
  formWithoutScript: string;
  toaster: IslandProps<'Toaster'>;
}

export function Blog({ page, articles, featuredFirst, pagination, newsletter, formWithoutScript, toaster }: BlogProps) {
  const [featured, ...rest] = featuredFirst ? articles : [undefined, ...articles];
  const recent = rest.filter((article): article is ArticleSummary => article !== undefined);
  return (
    <>
      <PageHero heading={page.hero.heading} text={page.hero.text} />
      <div className="mx-auto max-w-6xl px-4 py-14 md:py-16">
        <div
          role="group"
          aria-label={page.filterLabel}
          data-enhance="blog-filter"
          className="mb-10 flex flex-wrap justify-center gap-2"
        >
          {page.categories.map((category, index) => (
            <button
              key={category}
              type="button"
              data-filter={index === 0 ? '' : category}
              aria-pressed={index === 0}
              className="rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:border-brand hover:text-brand aria-pressed:border-brand aria-pressed:bg-brand aria-pressed:text-white"
            >
              {category}
            </button>
          ))}
        </div>
        {featured && <ArticleCard article={featured} labels={page} featured />}
        <section aria-labelledby="recent-heading" className="mt-16">
          <h2 id="recent-heading" className="mb-8 text-3xl font-bold tracking-tight">
            {page.recentHeading}
          </h2>
          <div className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
            {recent.map((article) => (
              <ArticleCard key={article.title} article={article} labels={page} />
            ))}
          </div>
        </section>
        {pagination && (
          <nav
            aria-label={pagination.label}
            className="mt-12 flex items-center justify-between gap-4 border-t border-slate-200 pt-6"
          >
            {pagination.newer ? (
              <a href={pagination.newer.href} rel="prev" className="font-semibold text-brand hover:underline">
                &larr; {pagination.newer.label}
              </a>
            ) : (
              <span />
            )}
            <p className="text-slate-600">{pagination.position}</p>
            {pagination.older ? (
              <a href={pagination.older.href} rel="next" className="font-semibold text-brand hover:underline">
                {pagination.older.label} &rarr;
              </a>
            ) : (
              <span />
            )}
          </nav>
        )}
      </div>
      <section aria-labelledby="newsletter-heading" className="bg-brand py-16 text-white">
        <div className="mx-auto max-w-3xl px-4 text-center">
          <h2 id="newsletter-heading" className="text-3xl font-bold tracking-tight">
            {page.newsletter.heading}
          </h2>
          <p className="mx-auto mt-3 mb-8 max-w-xl text-lg text-blue-50">{page.newsletter.text}</p>
          <Island name="NewsletterForm" props={newsletter} withoutScript={formWithoutScript} />
        </div>
      </section>
      <Island name="Toaster" props={toaster} />
    </>
  );
}
