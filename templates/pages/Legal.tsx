import type { LegalPage } from '../../src/content/model';
import { formatDate } from '../lib/format';

export interface LegalProps {
  /** `html`: the body's HTML, placed as it is. */
  page: Pick<LegalPage, 'title' | 'updated'> & { html: string };
  updatedLabel: string;
}

export function Legal({ page, updatedLabel }: LegalProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-14 md:py-20">
      <h1 className="text-4xl font-extrabold tracking-tight md:text-5xl">{page.title}</h1>
      <p className="mt-4 text-slate-600">
        {updatedLabel} <time dateTime={page.updated}>{formatDate(page.updated)}</time>
      </p>
      <div className="prose mt-10" dangerouslySetInnerHTML={{ __html: page.html }} />
    </article>
  );
}
