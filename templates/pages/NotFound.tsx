import type { Pages } from '../../src/content/model';
import { ButtonLink } from '../components/ButtonLink';
import { useEnhancement } from '../lib/page-uses';

export interface NotFoundProps {
  page: Pages['notFound'];
  paths: { home: string };
}

export function NotFound({ page, paths }: NotFoundProps) {
  const notFound = useEnhancement('not-found');
  return (
    <div
      {...notFound}
      className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center px-4 py-20 text-center"
    >
      <p className="text-7xl font-extrabold text-brand" aria-hidden="true">
        {page.code}
      </p>
      <h1 className="mt-4 text-3xl font-bold">{page.text}</h1>
      <p className="mt-3 text-lg text-slate-600">{page.hint}</p>
      {/* Its lines kept while empty (two on a phone, for a long page name): the suggestion, written in after the page is
          drawn, then moves nothing. */}
      <p data-suggestion={page.suggestion} className="mt-3 min-h-[2lh] text-lg text-slate-900 sm:min-h-[1lh]" />
      <ButtonLink href={paths.home} variant="brand" className="mt-8">
        {page.homeLink}
      </ButtonLink>
    </div>
  );
}
