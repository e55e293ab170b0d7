import { useEnhancement } from '../lib/page-uses';
import type { Layout } from '../layout/types';

/** Accept and reject look and weigh the same: neither is the easy way out. */
const button =
  'min-h-11 min-w-28 rounded-lg bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand';

/**
 * The question a first visit is asked: may the site remember how the visitor
 * found it? Rendered into every page, hidden; islands/enhance/consent.ts shows
 * it while no choice is kept, and again from the footer's "Cookie settings".
 * Fixed to the bottom of the window, it covers content rather than moving it;
 * while it is shown the page makes room for it below the footer.
 * Without script it stays hidden: nothing is stored then, so there is nothing
 * to ask. Its title names the region but is no heading: first in the page's
 * order, a heading would start a screen reader's list of them above the
 * page's own h1.
 */
export function ConsentBanner({ consent }: { consent: Layout['consent'] }) {
  return (
    <section
      id="consent"
      {...useEnhancement('consent')}
      aria-labelledby="consent-heading"
      tabIndex={-1}
      hidden
      className="fixed inset-x-0 bottom-0 z-40 max-h-[50vh] print:hidden overflow-y-auto border-t border-slate-300 bg-white shadow-2xl focus:outline-none"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-4 md:flex-row md:items-center md:justify-between md:gap-8">
        <div className="text-sm text-slate-700">
          <p id="consent-heading" className="text-base font-bold text-slate-900">
            {consent.heading}
          </p>
          <p className="mt-1">
            {consent.text} {/* The small type's line is shorter than a finger's target: a little more. */}
            <a
              href={consent.policy.href}
              className="tap-target py-0.5 font-semibold text-brand underline hover:text-brand-dark"
            >
              {consent.policy.label}
            </a>
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-3">
          <button type="button" data-choice="accepted" className={button}>
            {consent.accept}
          </button>{' '}
          <button type="button" data-choice="rejected" className={button}>
            {consent.reject}
          </button>
        </div>
      </div>
    </section>
  );
}
