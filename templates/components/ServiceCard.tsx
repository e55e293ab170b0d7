import type { IconName, Image } from '../../src/content/model';
import { FeatureList } from './FeatureList';
import { Icon } from './Icon';
import { fullWidthBelow } from '../lib/images';
import { Picture } from './Picture';

export interface ServiceCardProps {
  title: string;
  icon: IconName;
  description: string;
  features: readonly string[];
  image: Image;
  learnMore: string;
  href: string;
}

/** A service with its photo, icon, four features and a Learn More link: the home and trade pages' cards. */
export function ServiceCard({ title, icon, description, features, image, learnMore, href }: ServiceCardProps) {
  return (
    <article className="card flex flex-col overflow-hidden rounded-2xl bg-white shadow-md card-edge">
      <Picture
        image={image}
        width={400}
        height={225}
        sizes="(min-width: 1024px) 360px, (min-width: 768px) 50vw, 100vw"
        widest={fullWidthBelow.md}
        className="aspect-video w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        {/* The icon within the title, not beside it in a box of their own: Firefox's Reader View drops a box whose words
            are all a heading's, and showed the card's list with no title. */}
        <h3 className="mb-4 flex items-center gap-3 text-xl font-bold text-slate-900">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-light text-brand">
            <Icon name={icon} />
          </span>
          <span className="min-w-0">{title}</span>
        </h3>
        <p className="mb-5 text-slate-600">{description}</p>
        <FeatureList items={features} className="mb-6" />
        {/* Named by its label, not by a hidden span after the words: Chromium reads an sr-only span, laid out as a block, with a
            space before it ("Learn More : Local SEO"). That span also made the words and the arrow two gaps apart: now one of 2. */}
        <a
          href={href}
          aria-label={`${learnMore}: ${title}`}
          className="mt-auto inline-flex items-center gap-2 font-semibold text-brand hover:text-brand-dark hover:underline"
        >
          {learnMore}
          <span aria-hidden="true">&rarr;</span>
        </a>
      </div>
    </article>
  );
}
