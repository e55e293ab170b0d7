import type { Image } from '../../src/content/model';

interface Props {
  image: Image;
  /** Rendered size in CSS pixels: fixes the aspect ratio, so nothing moves when the photo arrives. */
  width: number;
  height: number;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /** Above the fold: load at once and with high priority; everything else loads lazily. */
  priority?: boolean;
  className?: string;
}

const widths = [400, 800, 1200, 1600];

/** A stock photo from the image host, at a few widths so each screen downloads only what it needs. */
export function StockImage({ image, width, height, sizes, priority = false, className }: Props) {
  const url = (w: number) => `${image.src}?auto=format&fit=crop&w=${w}&h=${Math.round((w * height) / width)}&q=70`;
  // Widths up to twice the drawn size (for 2x screens); a small image (an avatar) gets its own 1x and 2x.
  const fitting = widths.filter((w) => w <= width * 2);
  const candidates = fitting.length ? fitting : [width, width * 2];
  return (
    <img
      src={url(width)}
      srcSet={candidates.map((w) => `${url(w)} ${w}w`).join(', ')}
      sizes={sizes}
      width={width}
      height={height}
      alt={image.alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  );
}
