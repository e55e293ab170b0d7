/**
 * Writing the site: everything goes into a new folder beside the target (the
 * staging folder), and only when all of it is written does that folder take
 * the target's place. A build that fails at any point leaves the previous
 * output as it was.
 */
import { cp, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export interface SiteFile {
  /** Path under the output folder, with forward slashes. */
  path: string;
  content: string | Uint8Array;
}

export interface WriteResult {
  files: number;
  bytes: number;
}

export class Staging {
  readonly dir: string;
  private readonly folders = new Set<string>();
  private files = 0;
  private bytes = 0;

  private constructor(readonly outDir: string) {
    this.dir = join(dirname(outDir), `${basename(outDir)}.building-${process.pid}-${Date.now()}`);
  }

  static async open(outDir: string, publicDir?: string): Promise<Staging> {
    const staging = new Staging(outDir);
    await mkdir(staging.dir, { recursive: true });
    if (publicDir && (await exists(publicDir))) await cp(publicDir, staging.dir, { recursive: true });
    return staging;
  }

  /** Counts files written into the staging folder by someone else (render workers). */
  record(files: number, bytes: number): void {
    this.files += files;
    this.bytes += bytes;
  }

  async write(files: Iterable<SiteFile>): Promise<void> {
    const writes: Promise<void>[] = [];
    for (const file of files) {
      const target = join(this.dir, file.path);
      const folder = dirname(target);
      if (!this.folders.has(folder)) {
        this.folders.add(folder);
        await mkdir(folder, { recursive: true });
      }
      writes.push(writeFile(target, file.content));
      this.record(1, typeof file.content === 'string' ? Buffer.byteLength(file.content) : file.content.byteLength);
    }
    await Promise.all(writes);
  }

  /** The staging folder takes the output folder's place. */
  async commit(): Promise<WriteResult> {
    const previous = `${this.dir}.previous`;
    const hadPrevious = await exists(this.outDir);
    if (hadPrevious) await rename(this.outDir, previous);
    try {
      await rename(this.dir, this.outDir);
    } catch (error) {
      if (hadPrevious) await rename(previous, this.outDir);
      throw error;
    }
    if (hadPrevious) await rm(previous, { recursive: true, force: true });
    return { files: this.files, bytes: this.bytes };
  }

  async abort(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}

/** Writes a whole site in one go: staged, then swapped in. */
export async function writeSite(outDir: string, files: Iterable<SiteFile>, publicDir?: string): Promise<WriteResult> {
  const staging = await Staging.open(outDir, publicDir);
  try {
    await staging.write(files);
    return await staging.commit();
  } catch (error) {
    await staging.abort();
    throw error;
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
