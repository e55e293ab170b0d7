import { preload } from 'react-dom';
import type { Image } from '../../src/content/model';
import type { LocalImage, RenditionFormat } from '../../src/images/image-names';
import { drawnWidths, heightAt, mimeTypes, modernFormats } from '../lib/images';
import { useRenditionUrl } from '../lib/page-uses';

interface Props {
  image: Image;
  /** Drawn size in CSS pixels: fixes the aspect ratio of a stock photo (cropped to it), so nothing moves when it arrives. */
  width: number;
  height: number;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /** The widest any screen draws it (a phone's or a tablet's, full width: `fullWidthBelow`), when wider than `width`. */
  widest?: number;
  /** The page's main image, above the fold: load at once and with high priority; everything else loads lazily. */
  priority?: boolean;
  /** Above the fold, but not the page's main image (the header's logo): load at once. */
  eager?: boolean;
  /** The image says nothing the text beside it does not (a logo beside the brand's name): screen readers skip it. */
  decorative?: boolean;
  className?: string;
  /** The formats offered before the fallback, best first. */
  formats?: readonly RenditionFormat[];
}

const stockWidths = [400, 800, 1200, 1600];

/**
 * Any image of the site, drawn `width` CSS pixels wide on a desktop (up to
 * `widest` on a smaller screen): a stock photo from
 * the image host at a few widths (the host picks the format), or one of the
 * agency's own (content/images/) as AVIF and WebP with its own format as
 * the fallback, at the drawn widths and twice each, with its own proportions:
 * the page records each of those renditions, which the build makes.
 */
export function Picture({
  image,
  width,
  height,
  sizes,
  widest = width,
  priority,
  eager,
  decorative,
  className,
  formats = modernFormats,
}: Props) {
  const local = image.local;
  const rendition = useRenditionUrl();
  // A file of content/images/ the editor's preview has not measured yet has no address: its sources would be bare
  // widths ("0w, 768w"), which the browser takes for a relative address and asks the dev server for. Drawn at its place.
  if (local && !local.url)
    return <img width={width} height={height} alt={decorative ? '' : image.alt} className={className} />;
  const sourceSet = (file: LocalImage, format: RenditionFormat) =>
    drawnWidths(file, width, widest)
      .map((w) => `${rendition(file, w, format)} ${w}w`)
      .join(', ');
  let src: string;
  let srcSet: string;
  if (local) {
    src = rendition(local, width, local.fallback);
    srcSet = sourceSet(local, local.fallback);
    height = heightAt(local, width);
  } else {
    const url = (w: number) => `${image.src}?auto=format&fit=crop&w=${w}&h=${Math.round((w * height) / width)}&q=70`;
    // Widths up to twice the widest drawing (for 2x screens); a small image (an avatar) gets its own 1x and 2x.
    const fitting = stockWidths.filter((w) => w <= widest * 2);
    src = url(width);
    srcSet = (fitting.length ? fitting : [width, width * 2]).map((w) => `${url(w)} ${w}w`).join(', ');
  }
  const img = (
    <img
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      width={width}
      height={height}
      alt={decorative ? '' : image.alt}
      loading={priority || eager ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  );
  if (!local) return img;
  const sources = formats.map((format) => ({ format, type: mimeTypes[format], srcSet: sourceSet(local, format) }));
  // React preloads an <img> marked high priority, but not one in a <picture>: the page's main photo, in the best format.
  const [best] = sources;
  if (priority && best) {
    const { format, type, srcSet: imageSrcSet } = best;
    preload(rendition(local, width, format), {
      as: 'image',
      type,
      imageSrcSet,
      imageSizes: sizes,
      fetchPriority: 'high',
    });
  }
  // Out of the layout (display: contents), so the <img> sizes itself against its container as a stock photo's does: as a
  // flex item, a <picture> would be the box its classes' widths are fractions of. Its <source>s, which browsers draw as
  // empty inline boxes, are hidden: else each would be a flex or grid item of the container, with a gap before the <img>.
  return (
    <picture className="contents [&>source]:hidden">
      {sources.map(({ format, type, srcSet }) => (
        <source key={format} type={type} srcSet={srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
