/**
 * The site's own images, as the pages name them: every rendition and card a page records as it renders (render-page.ts)
 * and those the feeds name is a file to publish. The build checks each (a file is never drawn wider than it is) and
 * makes it while the next pages render; `sitegen dev` makes each the first time a browser asks for it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TemplateModule } from '../assets/compile-templates';
import type { SiteModel } from '../content/model';
import { ContentError, SitegenError } from '../errors';
import { listFiles } from '../list-files';
import type { CopiedFile } from '../output/output';
import type { SitePlan } from '../plan/plan-site';
import type { ImageEncoder } from './image-encoder';
import { parseImagePath } from './image-names';
import { cardTemplateFolders } from './card-names';
import { cardsVersion, drawCard } from './social-cards';
import type { ImageCatalog } from './source-images';

/**
 * What every card of this site is drawn with (social-cards.ts): the card template's files, read as they are (nothing
 * compiled: the route table, which names the cards, comes before the templates are), and the logo.
 */
export function cardsVersionOf(templatesDir: string, model: SiteModel, catalog: ImageCatalog): string {
  const template = createHash('sha256');
  for (const folder of cardTemplateFolders)
    for (const file of listFiles(join(templatesDir, folder)))
      template
        .update(`${folder}/${file}\0`)
        .update(readFileSync(join(templatesDir, folder, file)))
        .update('\0');
  return cardsVersion(template.digest('hex'), catalog.bySrc.get(model.site.logo.src)!.key);
}

/** The width the cards draw the logo at, twice over for its sharpness. */
const cardLogoWidth = 144;

/** A file `width` pixels wide, drawn `drawn` pixels wide by `page`. */
type NarrowDrawing = { file: string; width: number; page: string; drawn: number };

function narrowError({ file, width, page, drawn }: NarrowDrawing): ContentError {
  const problem = `is ${width} pixels wide, and ${page} draws it ${drawn} pixels wide: expected an image at least ${drawn} pixels wide`;
  return new ContentError(file, '', problem);
}

export class SiteImages {
  private readonly files = new Map<string, Promise<string>>();
  /** By file, the widest drawing of each file narrower than a page draws it. */
  private readonly tooNarrow = new Map<string, NarrowDrawing>();

  constructor(
    private readonly sources: { plan: SitePlan; catalog: ImageCatalog; templates: TemplateModule },
    private readonly encoder: ImageEncoder,
  ) {}

  /**
   * Checks the images `page` names (paths under the output), and starts making those not made yet. A file narrower than
   * a page draws it is refused by all(), once every page has named it: the message then gives the widest drawing.
   */
  use(page: string, paths: Iterable<string>): void {
    for (const path of paths) {
      if (this.files.has(path)) continue;
      const narrow = this.narrowDrawing(page, path);
      if (narrow) {
        const widest = this.tooNarrow.get(narrow.file);
        if (!widest || narrow.drawn > widest.drawn) this.tooNarrow.set(narrow.file, narrow);
        continue;
      }
      const made = this.make(path);
      // Reported by all(), which awaits it: a build stopped before then has nothing to report.
      made.catch(() => undefined);
      this.files.set(path, made);
    }
  }

  /** One image's bytes, made or found made; undefined for a path that is none of the site's images. */
  file(path: string): Promise<Buffer> | undefined {
    const named = parseImagePath(path);
    const source = named?.kind === 'rendition' ? this.sources.catalog.byKey.get(named.key) : undefined;
    const known =
      named?.kind === 'card' ? this.sources.plan.images.cards.has(path) : source && named!.width <= source.width;
    return known ? this.make(path).then((file) => readFile(file)) : undefined;
  }

  /**
   * Throws if `pages` name an image the build cannot make: one no content names, or a file narrower than it is drawn
   * (the widest drawing of all these pages named, as the build names it, not the first page's: a blog card draws less).
   */
  check(pages: readonly { path: string; images: readonly string[] }[]): void {
    const narrow = pages.flatMap((page) => page.images.flatMap((image) => this.narrowDrawing(page.path, image) ?? []));
    if (narrow.length) throw narrowError(narrow.reduce((widest, next) => (next.drawn > widest.drawn ? next : widest)));
  }

  /** Once every image begun is made or has failed: nothing is written after. */
  settled(): Promise<unknown> {
    return Promise.allSettled(this.files.values());
  }

  async all(): Promise<CopiedFile[]> {
    const [narrow] = [...this.tooNarrow.values()].sort((a, b) => (a.file < b.file ? -1 : 1));
    if (narrow) throw narrowError(narrow);
    const paths = [...this.files.keys()].sort();
    const made = await Promise.all(paths.map((path) => this.files.get(path)!));
    return paths.map((path, index) => ({ path, from: made[index]! }));
  }

  /** Throws for an image no content names; for a file narrower than `page` draws it, says so. */
  private narrowDrawing(page: string, path: string): NarrowDrawing | undefined {
    const named = parseImagePath(path);
    if (named?.kind === 'card' && this.sources.plan.images.cards.has(path)) return undefined;
    const source = named?.kind === 'rendition' ? this.sources.catalog.byKey.get(named.key) : undefined;
    if (!named || !source)
      throw new SitegenError(`${page}: names /${path}, which is none of the images the content names`);
    if (named.kind !== 'rendition' || named.width <= source.width) return undefined;
    return { file: source.file, width: source.width, page, drawn: named.width };
  }

  private make(path: string): Promise<string> {
    const named = parseImagePath(path)!;
    const { plan, catalog, templates } = this.sources;
    if (named.kind === 'rendition')
      return this.encoder.rendition(catalog.byKey.get(named.key)!, named.width, named.format);
    // The logo, which every card shows, made in the encoder's other pool while the card's turn waits for it.
    const logo = catalog.bySrc.get(plan.model.site.logo.src)!;
    const logoPng = () => this.encoder.rendition(logo, cardLogoWidth, 'png').then((file) => readFile(file));
    return this.encoder.card(named.key, () => drawCard(templates, plan.images.cards.get(path)!, logoPng()));
  }
}
