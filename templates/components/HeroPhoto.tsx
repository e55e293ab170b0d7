import type { Image } from '../../src/content/model';
import { fullWidthBelow } from '../lib/images';
import { Picture } from './Picture';

/** The photo beside a service or trade page's heading: the page's main image, half the width from a laptop up. */
export function HeroPhoto({ image }: { image: Image }) {
  return (
    <Picture
      image={image}
      width={560}
      height={420}
      sizes="(min-width: 1024px) 560px, 100vw"
      widest={fullWidthBelow.lg}
      priority
      className="aspect-4/3 w-full rounded-2xl object-cover shadow-2xl"
    />
  );
}
