import type { ReactNode } from 'react';

/** A page section with its heading; `id` makes it an in-page anchor such as /#testimonials. */
export function Section({
  id,
  heading,
  intro,
  children,
  tone = 'white',
  headingId,
}: {
  id?: string;
  heading: string;
  intro?: string;
  children: ReactNode;
  tone?: 'white' | 'muted';
  headingId?: string;
}) {
  const titleId = headingId ?? (id ? `${id}-heading` : undefined);
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className={`py-16 md:py-20 ${tone === 'muted' ? 'bg-slate-50' : 'bg-white'}`}
    >
      <div className="mx-auto max-w-6xl px-4">
        <div className="mx-auto mb-10 max-w-3xl text-center">
          <h2 id={titleId} className="text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">
            {heading}
          </h2>
          {intro && <p className="mt-4 text-lg text-slate-600">{intro}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}
