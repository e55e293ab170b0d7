/**
 * What a page shows where it is shared or found: its social card, and an image at the size search engines and social
 * networks show. The templates' image component decides every other size.
 */
import type { Image, SiteFacts } from '../content/model';
import { cardSize, heightAt, renditionUrl, type LocalImage, type RenditionFormat } from '../images/image-names';
import { socialCard, type CardContent, type SocialCard } from '../images/card-names';
import { absoluteUrl } from '../paths';

/** An image as shared pages name it: an absolute URL and its size, and its path under the output if the site makes it. */
type LargeImage = { url: string; width: number; height: number; path?: string };

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
 * As wide as social networks, search engines and feed readers show it, or the file's own width if narrower, as JPEG,
 * which every one of them takes (a browser's choice of format would be the crawler's Accept header's) and which keeps
 * a photo under WhatsApp's limit, as PNG would not: a stock photo cropped to a card's proportions by the image host.
 */
export function largeImage(siteUrl: string, image: Image): LargeImage {
  if (image.local) return rendition(siteUrl, image.local, cardSize.width, 'jpg');
  const { width, height } = cardSize;
  return { url: `${image.src}?fm=jpg&fit=crop&w=${width}&h=${height}&q=70`, width, height };
}

/** The widest the logo is published for search engines: Google asks for at least 112 pixels, and shows it small. */
const logoWidth = 512;

export function logoRendition(site: SiteFacts, siteUrl: string): Required<LargeImage> {
  const logo = site.logo.local;
  if (!logo)
    throw new Error(`the logo (${site.logo.src}) was not described: the model's images must be resolved first`);
  return rendition(siteUrl, logo, logoWidth, 'png');
}

function rendition(siteUrl: string, image: LocalImage, widest: number, format: RenditionFormat): Required<LargeImage> {
  const width = Math.min(widest, image.width);
  const path = renditionUrl(image, width, format).slice(1);
  return { url: absoluteUrl(siteUrl, `/${path}`), width, height: heightAt(image, width), path };
}
