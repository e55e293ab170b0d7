import type { ReactNode } from 'react';

/** The closing band of a page: a heading, a sentence and its buttons. */
export function CallToAction({ heading, text, children }: { heading: string; text: string; children: ReactNode }) {
  return (
    <section aria-labelledby="cta-heading" className="bg-slate-900 text-white">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center">
        <h2 id="cta-heading" className="text-3xl font-bold tracking-tight md:text-4xl">
          {heading}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-300">{text}</p>
        <div className="mt-8 flex flex-col items-center justify-center gap-4 sm:flex-row">{children}</div>
      </div>
    </section>
  );
}
