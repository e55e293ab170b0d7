/**
 * What a page shows where it is shared or found: its social card, and an
 * image at the size search engines and social networks are shown. The
 * templates' image component decides every other size.
 */
import type { Image, SiteFacts } from '../content/model';
import { cardSize, heightAt, renditionUrl } from '../images/image-names';
import { socialCard, type CardContent, type SocialCard } from '../images/card-names';
import { absoluteUrl } from '../paths';

/** An image as shared pages name it: an absolute URL and its size, and its path under the output if the site makes it. */
export interface LargeImage {
  url: string;
  width: number;
  height: number;
  path?: string;
}

/** The page's social card as its image (its <head> names it for og:image and twitter:image). */
export function cardImage(siteUrl: string, card: SocialCard): LargeImage {
  return { url: absoluteUrl(siteUrl, `/${card.path}`), ...cardSize, path: card.path };
}

/** A page's social card, with the site's brand and host, where cards are drawn (the editor draws none). */
export function pageCard(
  { cardsVersion, site, siteUrl }: { cardsVersion?: string | undefined; site: SiteFacts; siteUrl: string },
  name: string,
  shown: Pick<CardContent, 'title' | 'eyebrow'>,
): SocialCard | undefined {
  // The site's host as people type it: "tradeboostdigital.co.uk".
  const host = new URL(siteUrl).host.replace(/^www\./, '');
  return cardsVersion ? socialCard(cardsVersion, name, { ...shown, brand: site.name, host }) : undefined;
}

/**
 * An image as large as social networks and search engines show it (1200
 * pixels wide, or the file's own width if narrower), as an absolute URL, with
 * its size: a stock photo cropped to a card's proportions by the image host,
 * a file of content/images/ in its own.
 */
export function largeImage(siteUrl: string, image: Image): LargeImage {
  if (image.local) {
    const width = Math.min(cardSize.width, image.local.width);
    const url = renditionUrl(image.local, width, image.local.fallback);
    return { url: absoluteUrl(siteUrl, url), width, height: heightAt(image.local, width), path: url.slice(1) };
  }
  const { width, height } = cardSize;
  return { url: `${image.src}?auto=format&fit=crop&w=${width}&h=${height}&q=70`, width, height };
}
