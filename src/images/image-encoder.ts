/**
 * Renditions and social cards, each made once and kept in .sitegen/images/ by its key: the key changes with the
 * source's bytes and every setting, so a file found there is the file that would be made, and a build with nothing
 * changed encodes nothing. Each rendition is turned upright and stripped of its metadata (EXIF, with a phone's GPS
 * position and camera, never reaches a visitor). Once the build is interrupted every file asked for fails at once and
 * none is begun; sharp cannot stop one under way, so the process ends without waiting for it (cli.ts).
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ContentError, messageOf } from '../errors';
import { contentHash } from '../hash';
import { markInUse, removeStaleFiles } from '../stale-files';
import type { RenditionFormat } from './image-names';
import { encoderOptions } from './image-settings';
import { sourceLimits } from './source-limits';
import { loadSharp, taskPool } from './sharp-library';
import type { SourceImage } from './source-images';
import { replaceFile } from '../replace-file';

export class ImageEncoder {
  /** The files made this run (the rest asked for were found made). */
  readonly encoded = new Set<string>();
  private readonly made = new Map<string, Promise<string>>();
  private readonly pool = taskPool();
  /**
   * Cards in a pool of their own, one more than the cores: between two cards this thread writes one and begins the
   * next, and the extra card keeps every core drawing meanwhile. takumi holds no image in memory but the card's.
   */
  private readonly cardPool = taskPool(availableParallelism() + 1);

  /**
   * `dir`: where made files are kept (.sitegen/images/). `interrupt`: the build's stop (Ctrl-C, or a page that failed),
   * which a first build's photos and cards would otherwise keep waiting while each is made.
   */
  constructor(
    private readonly dir: string,
    private readonly interrupt?: AbortSignal,
  ) {}

  /** The file of `source` `width` pixels wide in `format`; `width` is at most the source's (the caller checks). */
  rendition(source: SourceImage, width: number, format: RenditionFormat): Promise<string> {
    return this.once(`${source.key}-${width}.${format}`, async () => {
      const [sharp, bytes] = await Promise.all([loadSharp(), readFile(source.path)]);
      // A file saved over while the build ran would be kept under the key of the bytes it replaced, and published so.
      if (contentHash(bytes) !== source.hash)
        throw new ContentError(source.file, '', 'changed as the build read it: build again');
      const image = sharp(bytes, { autoOrient: true, limitInputPixels: sourceLimits.pixels, failOn: 'error' })
        .resize({ width })
        // A JPEG has no transparency: what was transparent turns white, as on the page, rather than black.
        .flatten(format === 'jpg' && source.alpha ? { background: '#ffffff' } : false);
      try {
        return await image.toFormat(format === 'jpg' ? 'jpeg' : format, encoderOptions[format]).toBuffer();
      } catch (error) {
        throw new ContentError(source.file, '', `could not be read as an image (${messageOf(error)}): export it again`);
      }
    });
  }

  card(key: string, draw: () => Promise<Buffer>): Promise<string> {
    return this.once(`card-${key}.png`, draw, this.cardPool);
  }

  /** Removes what this run did not use and no run has for a while (stale-files.ts): each edit of a photo leaves old renditions. */
  removeUnused(): void {
    if (existsSync(this.dir)) removeStaleFiles(this.dir, (name) => this.made.has(name));
  }

  private once(name: string, make: () => Promise<Buffer>, pool = this.pool): Promise<string> {
    let made = this.made.get(name);
    if (!made) {
      made = this.keptOrMade(name, make, pool);
      // Awaited by whoever asked; a failure is theirs to report, not an unhandled rejection.
      made.catch(() => undefined);
      this.made.set(name, made);
    }
    return made;
  }

  private async keptOrMade(name: string, make: () => Promise<Buffer>, pool: ReturnType<typeof taskPool>) {
    const path = join(this.dir, name);
    if (markInUse(path)) return path;
    const encoding = pool(() => {
      this.interrupt?.throwIfAborted();
      return make();
    });
    const bytes = await untilInterrupted(encoding, this.interrupt);
    this.encoded.add(path);
    await replaceFile(path, bytes);
    return path;
  }
}

/**
 * `work`, or the interruption once the build is interrupted, whichever comes first. Not a race with one promise of the
 * interruption: each race would keep its file's bytes alive as long as that promise, for the whole build.
 */
function untilInterrupted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  return new Promise((resolve, reject) => {
    const stop = () => reject(signal.reason);
    if (signal.aborted) stop();
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}
