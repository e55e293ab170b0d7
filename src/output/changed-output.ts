/**
 * An incremental build's output: the pages it renders go to a scratch folder beside the output, so nothing in the
 * output changes until every page has rendered; then they are moved in, other files are written only where their
 * content changed, and files of the last build now gone are removed. Should a file go where the output has a folder,
 * or the reverse, nothing more is changed: commit throws an error isShapeConflict knows, and the build is made whole.
 */
import { existsSync, lstatSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { foldersAbove } from '../paths';
import { FolderWriter } from './folder-writer';
import { removeFiles, scratchDir } from './scratch';
import { fileHashes, withPublicFiles, type BuildOutput, type Committed, type OutputFile } from './output';

export class ChangedOutput implements BuildOutput {
  private constructor(
    readonly outDir: string,
    private readonly publicDir: string,
    /** What the last build wrote of the files other than pages (Manifest.files). */
    private readonly previous: Record<string, string>,
    readonly writer: FolderWriter,
  ) {}

  static async open(outDir: string, publicDir: string, previous: Record<string, string>): Promise<ChangedOutput> {
    const scratch = await scratchDir(outDir, 'incremental');
    await mkdir(scratch, { recursive: true });
    return new ChangedOutput(outDir, publicDir, previous, new FolderWriter(scratch, outDir));
  }

  async commit(rendered: ReadonlyMap<string, number>, gone: readonly string[], files: readonly OutputFile[]) {
    const { previous } = this;
    const all = withPublicFiles(this.publicDir, files);
    const kept = new Set(all.map((file) => file.path));
    const removed = [...gone, ...Object.keys(previous).filter((path) => !kept.has(path))];
    // What is gone goes first: a file of public/ may have become a folder of the same name, or the reverse.
    await removeFiles(this.outDir, removed);
    const conflict = shapeConflict(this.outDir, [...rendered.keys(), ...kept]);
    if (conflict)
      throw Object.assign(new Error(`${conflict}: a file and a folder of that name meet in the output`), {
        code: 'EEXIST',
      });

    const changes: Committed = { written: 0, removed: removed.length, bytes: 0, hashes: fileHashes(all) };
    const output = new FolderWriter(this.outDir);
    for (const [file, bytes] of rendered) {
      await mkdir(dirname(join(this.outDir, file)), { recursive: true });
      await rename(join(this.writer.dir, file), join(this.outDir, file));
      changes.written += 1;
      changes.bytes += bytes;
    }
    for (const file of all) {
      if (previous[file.path] === changes.hashes[file.path] && existsSync(join(this.outDir, file.path))) continue;
      changes.bytes += output.put(file);
      changes.written += 1;
    }
    await this.abort();
    return changes;
  }

  /** Removes the scratch folder; the output is as it was unless commit has begun. */
  async abort(): Promise<void> {
    await rm(this.writer.dir, { recursive: true, force: true });
  }
}

/**
 * The first of `paths` (to be written under `dir`) that meets a file where it needs a folder, or a folder where it
 * needs a file. Folders are looked at from the top, so no path is looked up under a file.
 */
function shapeConflict(dir: string, paths: readonly string[]): string | undefined {
  const kinds = new Map<string, 'file' | 'folder' | 'none'>();
  const kindOf = (path: string) => {
    if (!kinds.has(path)) {
      const info = lstatSync(join(dir, path), { throwIfNoEntry: false });
      kinds.set(path, info === undefined ? 'none' : info.isDirectory() ? 'folder' : 'file');
    }
    return kinds.get(path);
  };
  for (const path of paths) {
    for (const folder of foldersAbove(path)) {
      const kind = kindOf(folder);
      if (kind === 'file') return path;
      // Nothing below a folder that is not there.
      if (kind === 'none') break;
    }
    if (kindOf(path) === 'folder') return path;
  }
}
