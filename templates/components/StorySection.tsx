import type { ReactNode } from 'react';
import type { Image } from '../../src/content/model';
import { fullWidthBelow } from '../lib/images';
import { Picture } from './Picture';

/**
 * A heading and paragraphs beside a photo: the about page's story, the careers page's why-work-with-us, each the first
 * thing under its page's hero.
 */
export function StorySection({
  id,
  heading,
  paragraphs,
  image,
  children,
}: {
  id: string;
  heading: string;
  paragraphs: readonly string[];
  image: Image;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="py-16 md:py-20">
      <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] items-center gap-10 px-4 lg:grid-cols-2">
        <div>
          <h2 id={`${id}-heading`} className="text-3xl font-bold tracking-tight md:text-4xl">
            {heading}
          </h2>
          {paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-5 text-lg text-slate-700">
              {paragraph}
            </p>
          ))}
          {children}
        </div>
        <Picture
          image={image}
          width={600}
          height={400}
          sizes="(min-width: 1024px) 560px, 100vw"
          widest={fullWidthBelow.lg}
          className="aspect-3/2 w-full rounded-2xl object-cover shadow-lg"
          // The page's one photo, beside its first words on a desktop: waiting until it is scrolled to shows an empty frame.
          priority
        />
      </div>
    </section>
  );
}
