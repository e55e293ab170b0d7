import type { Link } from '../layout/types';

/**
 * The page's place in the site, from the home page to the page itself
 * (marked as the current page), as WAI-ARIA's breadcrumb pattern has it. The
 * same trail is the page's BreadcrumbList for search engines: both come from
 * the route table. A page with no address of its own, served at any path
 * (the 404), is named last but not linked: its path is not found either.
 */
export function Breadcrumbs({
  label,
  trail,
  atAnyPath,
}: {
  label: string;
  trail: readonly Link[];
  atAnyPath?: boolean;
}) {
  const last = trail.length - 1;
  // A title's long word breaks rather than make a phone's page scroll sideways.
  const current = 'inline-block py-1.5 font-semibold text-slate-900 wrap-anywhere';
  const Current = atAnyPath ? 'span' : 'a';
  return (
    <nav aria-label={label} className="border-b border-slate-200 bg-slate-50">
      <ol className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 px-4 py-1 text-sm text-slate-600">
        {trail.map((crumb, index) => (
          <li key={crumb.href} className="flex items-center gap-x-2">
            {index === last ? (
              <Current href={atAnyPath ? undefined : crumb.href} aria-current="page" className={current}>
                {crumb.label}
              </Current>
            ) : (
              <>
                <a href={crumb.href} className="inline-block py-1.5 hover:text-brand hover:underline">
                  {crumb.label}
                </a>
                <span aria-hidden="true" className="text-slate-400">
                  /
                </span>
              </>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
