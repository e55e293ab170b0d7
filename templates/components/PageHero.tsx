import type { ReactNode } from 'react';

/** The coloured band at the top of an inner page, holding its one h1. */
export function PageHero({
  heading,
  text,
  tone = 'blue',
  children,
}: {
  heading: string;
  text: string;
  tone?: 'blue' | 'red';
  children?: ReactNode;
}) {
  return (
    <section className={`${tone === 'red' ? 'bg-red-700' : 'bg-brand'} text-white`}>
      <div className="mx-auto max-w-4xl px-4 py-16 text-center md:py-20">
        <h1 className="text-4xl font-extrabold tracking-tight md:text-5xl">{heading}</h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-white/90 md:text-xl">{text}</p>
        {children}
      </div>
    </section>
  );
}
