import type { Article as ArticleRecord, Pages } from '../../src/content/model';
import type { Link } from '../layout/types';
import { ButtonLink } from '../components/ButtonLink';
import { Icon } from '../components/Icon';
import { Picture } from '../components/Picture';
import { formatDate } from '../lib/format';

export interface ArticleProps {
  /** `html`: the body's HTML, placed as it is. */
  article: Pick<ArticleRecord, 'title' | 'author' | 'date' | 'updated' | 'readTime' | 'image'> & {
    /** The article's category, linking to its page. */
    category: Link;
    /** Where the author is on the about page, when they are on the team. */
    authorHref?: string;
    html: string;
  };
  /** Why the article is not published, where drafts are shown (sitegen dev, build --drafts): a banner says so. */
  status?: 'draft' | 'scheduled';
  copy: Pages['blog']['article'] & { readTimeSuffix: string };
  paths: { blog: string; contact: string };
}

export function Article({ article, status, copy, paths }: ArticleProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 md:py-14">
      {status && (
        <p
          role="note"
          className="mb-8 rounded-xl border-2 border-amber-400 bg-amber-50 px-5 py-4 text-center font-bold text-amber-900"
        >
          {status === 'draft' ? copy.draftBanner : copy.scheduledBanner.replaceAll('{date}', formatDate(article.date))}
        </p>
      )}
      <a
        href={paths.blog}
        className="drawn-whole inline-flex items-center gap-2 font-semibold text-brand hover:underline"
      >
        <Icon name="arrow-left" className="size-4" />
        {copy.backLabel}
      </a>
      <p className="mt-8">
        {/* Named as the blog's list of categories names it: "Google Ads" alone would be the footer's link to the service. */}
        <a
          href={article.category.href}
          aria-label={copy.categoryLinkLabel.replaceAll('{category}', article.category.label)}
          className="rounded-full bg-brand-light px-3 py-1 text-sm font-semibold text-brand hover:underline"
        >
          {article.category.label}
        </a>
      </p>
      <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-slate-900 md:text-5xl">{article.title}</h1>
      <p className="drawn-whole mt-5 flex flex-wrap items-center gap-x-4 gap-y-1 text-slate-600">
        <span>
          {copy.byline}{' '}
          {article.authorHref ? (
            <a href={article.authorHref} className="tap-target font-semibold text-slate-800 underline hover:text-brand">
              {article.author}
            </a>
          ) : (
            <span className="font-semibold text-slate-800">{article.author}</span>
          )}
        </span>{' '}
        <span className="inline-flex items-center gap-1">
          <Icon name="calendar" className="size-4" />
          <time dateTime={article.date}>{formatDate(article.date)}</time>
        </span>{' '}
        {article.updated && (
          <span>
            {copy.updatedLabel} <time dateTime={article.updated}>{formatDate(article.updated)}</time>
          </span>
        )}{' '}
        <span className="inline-flex items-center gap-1">
          <Icon name="clock" className="size-4" />
          {article.readTime} {copy.readTimeSuffix}
        </span>
      </p>
      <Picture
        image={article.image}
        width={768}
        height={432}
        sizes="(min-width: 800px) 768px, 100vw"
        priority
        className="mt-8 aspect-video w-full rounded-2xl object-cover"
      />
      <div className="prose mt-10" dangerouslySetInnerHTML={{ __html: article.html }} />
      <aside
        aria-labelledby="article-cta-heading"
        className="card mt-14 rounded-2xl bg-brand p-8 text-center text-white"
      >
        <h2 id="article-cta-heading" className="text-2xl font-bold">
          {copy.cta.heading}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-brand-light">{copy.cta.text}</p>
        <ButtonLink href={paths.contact} onDark className="mt-6">
          {copy.cta.button}
        </ButtonLink>
      </aside>
    </article>
  );
}
