/**
 * The files of content/images/ the content names, each read once, checked and described. What a file was is kept
 * between builds in .sitegen/image-sources.json by its version (file-versions.ts), so an unchanged file is neither read
 * nor decoded again, and sharp is not even loaded. A file that cannot be published stops the build, named.
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { cacheFiles } from '../cache-files';
import type { BuildConfig } from '../config';
import { contentFileName } from '../content/content-files';
import { ContentError, messageOf } from '../errors';
import { isUnchanged, knownVersion, type KnownVersion } from '../file-versions';
import { contentHash } from '../hash';
import type { ImageRef } from './content-images';
import { urlName, type LocalImage } from './image-names';
import { encoderSettings } from './image-settings';
import {
  expectedFormats,
  formatOf,
  readableFormats,
  tooManyBytes,
  tooManyPixels,
  unpublishable,
} from './source-limits';
import { loadSharp, taskPool } from './sharp-library';
import { replaceFileSync } from '../replace-file';
import { listIfThere, readJsonIfThere } from '../optional-files';

type Described = Awaited<ReturnType<typeof describeFile>>;

export interface SourceImage extends Described {
  src: string;
  /** Absolute. */
  path: string;
  /** As messages name it: "content/images/team/sarah.jpg". */
  file: string;
  /** Changes with the file's bytes and the encoder's settings: every rendition's name holds it. */
  key: string;
  local: LocalImage;
}

/** The same object while none of the images changed. */
export interface ImageCatalog {
  bySrc: ReadonlyMap<string, SourceImage>;
  byKey: ReadonlyMap<string, SourceImage>;
  /** What the templates get of each (ImageResolver). */
  descriptors: ReadonlyMap<string, LocalImage>;
}

type SourcesFile = { version: number; files: Record<string, KnownVersion & Described> };
const sourcesVersion = 1;

export class SourceImages {
  private readonly nameOf: (path: string) => string;
  /** What this run learnt, by path, on top of what the last run kept. */
  private readonly learnt = new Map<string, KnownVersion & Described>();
  private last?: ImageCatalog;

  private constructor(
    private readonly config: Pick<BuildConfig, 'root' | 'contentDir' | 'cacheDir'>,
    private readonly kept: Readonly<Record<string, KnownVersion & Described>>,
  ) {
    this.nameOf = contentFileName(config.root);
  }

  /** `keep`: read and write what earlier runs learnt in .sitegen/ (builds and the dev server do; `sitegen check` does not). */
  static open(config: Pick<BuildConfig, 'root' | 'contentDir' | 'cacheDir'>, { keep }: { keep: boolean }) {
    // Nothing kept yet: every file is read.
    const stored = keep ? readJsonIfThere<SourcesFile>(cacheFiles(config.cacheDir).imageSources) : undefined;
    return new SourceImages(config, stored?.version === sourcesVersion ? stored.files : {});
  }

  async describe(refs: readonly ImageRef[]): Promise<ImageCatalog> {
    const first = new Map<string, ImageRef>();
    for (const ref of refs) if (!first.has(ref.src)) first.set(ref.src, ref);
    const [settings, pool] = [encoderSettings(), taskPool()];
    const sources = await Promise.all([...first.values()].map((ref) => pool(() => this.source(ref, settings))));
    const last = this.last;
    const same =
      last?.bySrc.size === sources.length && sources.every((source) => last.bySrc.get(source.src)?.key === source.key);
    if (same) return last;
    this.last = {
      bySrc: new Map(sources.map((source) => [source.src, source])),
      byKey: new Map(sources.map((source) => [source.key, source])),
      descriptors: new Map(sources.map((source) => [source.src, source.local])),
    };
    return this.last;
  }

  save(): void {
    if (this.learnt.size === 0) return;
    const named = new Set([...(this.last?.bySrc.values() ?? [])].map((source) => source.path));
    const files = Object.fromEntries(
      [...Object.entries(this.kept), ...this.learnt].filter(([path]) => named.has(path)),
    );
    replaceFileSync(cacheFiles(this.config.cacheDir).imageSources, JSON.stringify({ version: sourcesVersion, files }));
    this.learnt.clear();
  }

  private async source(ref: ImageRef, settings: string): Promise<SourceImage> {
    const path = join(this.config.contentDir, ref.src);
    const file = this.nameOf(path);
    const info = statSync(path, { throwIfNoEntry: false });
    if (!info?.isFile()) {
      const near = nearName(path);
      const problem = `names "${ref.src}", which is not a file of ${this.nameOf(join(this.config.contentDir, 'images'))}/${near ? `: the folder has "${near}", which differs in its capitals or how its accents are written (a Mac's disk takes either; the server's does not)` : ''}`;
      throw new ContentError(ref.file, ref.field, problem);
    }
    let known: (KnownVersion & Described) | undefined = this.learnt.get(path) ?? this.kept[path];
    if (!isUnchanged(known, info)) {
      known = { ...knownVersion(info, Date.now()), ...(await describeFile(path, file, info.size)) };
      this.learnt.set(path, known);
    }
    const { version: _version, settled: _settled, ...described } = known!;
    const key = createHash('sha256').update(`${described.hash}\0${settings}`).digest('hex').slice(0, 12);
    const local: LocalImage = {
      width: described.width,
      height: described.height,
      url: `/assets/images/${urlName(ref.src)}-${key}-{width}.{format}`,
      fallback: described.format === 'jpeg' ? 'jpg' : described.format === 'png' || described.alpha ? 'png' : 'jpg',
    };
    return { ...described, src: ref.src, path, file, key, local };
  }
}

async function describeFile(path: string, file: string, size: number) {
  const refuse = (problem: string) => new ContentError(file, '', problem);
  const tooLarge = tooManyBytes(size);
  if (tooLarge) throw refuse(tooLarge);
  const bytes = await readFile(path);
  return { hash: contentHash(bytes), ...(await readImage(bytes, refuse)) };
}

/** An image the build can publish, upright, or `refuse`'s error saying why `bytes` are none: the build's, the editor's uploads'. */
export async function readImage(bytes: Uint8Array, refuse: (problem: string) => Error) {
  const sharp = await loadSharp();
  // An empty file makes sharp throw as it is called, not reject.
  const metadata = await Promise.resolve()
    .then(() => sharp(bytes, { limitInputPixels: false }).metadata())
    .catch((error: unknown) => {
      const named = formatOf(bytes);
      throw refuse(named ? unpublishable(named) : `is not an image (${messageOf(error)}): ${expectedFormats}`);
    });
  // sharp reads HEIC's container, but not the HEVC pictures in it.
  if (!readableFormats[metadata.format] || (metadata.format === 'heif' && metadata.compression !== 'av1'))
    throw refuse(unpublishable(formatOf(bytes) ?? metadata.format.toUpperCase()));
  const { width, height } = metadata.autoOrient;
  const tooMany = tooManyPixels(width, height);
  if (tooMany) throw refuse(tooMany);
  return { width, height, format: metadata.format, alpha: metadata.hasAlpha };
}

/** A file beside `path` whose name is the same but for capitals or the Unicode form of its accents, if there is one. */
function nearName(path: string): string | undefined {
  const folded = (name: string) => name.normalize('NFC').toLowerCase();
  const wanted = folded(basename(path));
  return listIfThere(dirname(path))?.find((name) => folded(name) === wanted && name !== basename(path));
}
