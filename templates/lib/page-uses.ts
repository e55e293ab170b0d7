/**
 * What a page uses besides its markup, declared by the components that
 * place it while React renders the page: the scripts of its islands and
 * enhancements, and the site's own images it names. The generator gives
 * each page a collector (src/render/render-page.ts), then loads those
 * scripts and makes those images; it never reads the page back to find them.
 */
import { createContext, useContext } from 'react';
import type { ScriptMarker } from '../../src/assets/script-manifest';
import type { LocalImage, RenditionFormat } from '../../src/images/image-names';
import { renditionUrl } from './images';

export interface PageUses {
  /** An island (`island:EnquiryForm`) or an enhancement (`enhance:menus`) whose script the page loads. */
  script(marker: ScriptMarker): void;
  /** A file of content/images/ drawn `width` pixels wide in `format`: a rendition the build makes. */
  rendition(image: LocalImage, width: number, format: RenditionFormat): void;
  /** One of the site's own images by its path under the output: a social card, an image the structured data names. */
  image(path: string): void;
}

/** Outside a page's render (a card, a component drawn alone), what is used goes nowhere. */
const unrecorded: PageUses = { script() {}, rendition() {}, image() {} };

export const PageUsesContext = createContext<PageUses>(unrecorded);

/** A rendition's URL, recorded as one the page names. */
export function useRenditionUrl(): (image: LocalImage, width: number, format: RenditionFormat) => string {
  const uses = useContext(PageUsesContext);
  return (image, width, format) => {
    uses.rendition(image, width, format);
    return renditionUrl(image, width, format);
  };
}

/** Records the site's own images a page's <head> names by path (Head.images). */
export function useHeadImages(paths: readonly string[]): void {
  const uses = useContext(PageUsesContext);
  for (const path of paths) uses.image(path);
}

/** The attribute that runs an enhancement (islands/enhance/) on an element, recorded so the page loads its script. */
export function useEnhancement(name: string): { 'data-enhance': string } {
  useContext(PageUsesContext).script(`enhance:${name}`);
  return { 'data-enhance': name };
}

/** Records an island the page places, so the page loads the script that hydrates it; none for `undefined`. */
export function useIsland(name: string | undefined): void {
  const uses = useContext(PageUsesContext);
  if (name !== undefined) uses.script(`island:${name}`);
}
