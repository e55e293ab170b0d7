import type { Image } from '../../src/content/model';
import { formatDate } from '../lib/format';
import { fullWidthBelow } from '../lib/images';
import { Picture } from './Picture';

export interface ArticleSummary {
  title: string;
  excerpt: string;
  author: string;
  date: string;
  readTime: number;
  category: string;
  image: Image;
  /** Absent for an article announced before it is written: it shows as Coming Soon. */
  href?: string;
  /** The label of an article that is not published, listed where drafts are shown (sitegen dev, build --drafts). */
  draft?: string;
}

export interface ArticleCardLabels {
  readMore: string;
  comingSoon: string;
  readTimeSuffix: string;
  featuredLabel: string;
}

/**
 * An article in the blog's list; `featured` draws the large first card.
 * The featured card stands straight under the page's h1, so its title is an h2; the others are under Recent Articles.
 */
export function ArticleCard({
  article,
  labels,
  featured = false,
  priority = featured,
}: {
  article: ArticleSummary;
  labels: ArticleCardLabels;
  featured?: boolean;
  /** The page's main image, on a page without a featured card: its first card's. */
  priority?: boolean;
}) {
  const Title = featured ? 'h2' : 'h3';
  return (
    <article
      className={`card flex overflow-hidden rounded-2xl bg-white shadow-md card-edge ${featured ? 'flex-col lg:flex-row' : 'flex-col'}`}
    >
      <Picture
        image={article.image}
        width={featured ? 640 : 400}
        height={featured ? 400 : 225}
        sizes={
          featured ? '(min-width: 1024px) 600px, 100vw' : '(min-width: 1024px) 360px, (min-width: 768px) 50vw, 100vw'
        }
        widest={featured ? fullWidthBelow.lg : fullWidthBelow.md}
        priority={priority}
        className={featured ? 'aspect-8/5 w-full object-cover lg:w-1/2' : 'aspect-video w-full object-cover'}
      />
      <div className={`flex flex-1 flex-col ${featured ? 'p-6 md:p-10' : 'p-6'}`}>
        <p className="flex flex-wrap items-center gap-2 text-sm *:min-w-0">
          {article.draft && (
            <span className="rounded-full bg-amber-100 px-3 py-1 font-semibold text-amber-900">{article.draft}</span>
          )}{' '}
          {featured && (
            <span className="rounded-full bg-accent px-3 py-1 font-semibold text-white">{labels.featuredLabel}</span>
          )}{' '}
          <span className="rounded-full bg-brand-light px-3 py-1 font-semibold text-brand">{article.category}</span>
        </p>
        <Title className={`mt-4 font-bold text-slate-900 ${featured ? 'text-2xl md:text-3xl' : 'text-xl'}`}>
          {article.title}
        </Title>
        <p className="mt-3 flex-1 text-slate-600">{article.excerpt}</p>
        <p className="drawn-whole mt-4 text-sm text-slate-600">
          {article.author} &middot; <time dateTime={article.date}>{formatDate(article.date)}</time> &middot;{' '}
          {article.readTime} {labels.readTimeSuffix}
        </p>
        {article.href ? (
          // Named by its label, as a service card's Learn More is (ServiceCard.tsx says why), its arrow as far from the words.
          <a
            href={article.href}
            aria-label={`${labels.readMore}: ${article.title}`}
            className="mt-4 inline-flex items-center gap-2 font-semibold text-brand hover:text-brand-dark hover:underline"
          >
            {labels.readMore}
            <span aria-hidden="true">&rarr;</span>
          </a>
        ) : (
          <p className="mt-4 font-semibold text-slate-600">{labels.comingSoon}</p>
        )}
      </div>
    </article>
  );
}
