/**
 * A whole build's output: everything goes into a staging folder beside the target, which takes the target's place only
 * once all of it is written, so a failed build leaves the previous output as it was. The output replaced is kept
 * (`dist.previous`) for the next build to write over: rewriting a file costs a fraction of deleting a tree of thousands
 * of files and making it again, and most of a site is the same from one build to the next. What the reused folder
 * holds that this build did not write is removed before the swap (a git repository kept in it aside).
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, rename, rm, unlink } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { isServable, listFiles, listFilesAndLinks } from '../list-files';
import { FolderWriter } from './folder-writer';
import { fileHashes, withPublicFiles, type BuildOutput, type OutputFile } from './output';
import { isBuiltOutput, repositoryFolder } from './output-folder';
import { isShapeConflict, removeFiles, scratchDir } from './scratch';

const previousOutputDir = (outDir: string) => `${outDir}.previous`;

export class Staging implements BuildOutput {
  readonly writer: FolderWriter;

  private constructor(
    readonly outDir: string,
    private readonly publicDir: string,
    readonly dir: string,
    /** Set when the folder is an earlier build's output written over: the files it held, those this build does not write removed before the swap. */
    private readonly reused: readonly string[] | undefined,
  ) {
    this.writer = new FolderWriter(dir, outDir);
  }

  /** `fresh` starts from an empty folder even when an earlier output could be reused. */
  static async open(outDir: string, publicDir: string, fresh: boolean): Promise<Staging> {
    const dir = await scratchDir(outDir, 'building');
    const previous = previousOutputDir(outDir);
    // A rename claims the earlier output: two builds at once cannot both get it. A folder of that name no build left is left alone.
    const reused =
      !fresh &&
      isBuiltOutput(previous) &&
      (await rename(previous, dir).then(
        () => true,
        () => false,
      ));
    if (!reused) await mkdir(dir, { recursive: true });
    // A symbolic link in the reused folder (which anyone may have put there) would take this build's writes outside it: links go.
    const { files: earlier, links } = reused ? listFilesAndLinks(dir) : { files: [], links: [] };
    await Promise.all(links.map((link) => unlink(join(dir, link))));
    const staging = new Staging(outDir, publicDir, dir, reused ? earlier : undefined);
    if (!existsSync(publicDir)) return staging;
    try {
      // With their own times: a file of public/ changes when it is edited, not with every build.
      const filter = (path: string) => isServable(relative(publicDir, path));
      await cp(publicDir, dir, { recursive: true, dereference: true, preserveTimestamps: true, filter });
    } catch (error) {
      await staging.abort(error);
      if (reused && isShapeConflict(error)) return Staging.open(outDir, publicDir, true);
      throw error;
    }
    for (const path of listFiles(publicDir)) staging.writer.written.set(path, 0);
    return staging;
  }

  async commit(pages: ReadonlyMap<string, number>, _gone: readonly string[], files: readonly OutputFile[]) {
    for (const file of files) this.writer.put(file);
    const written = new Map([...this.writer.written, ...pages]);
    await removeFiles(this.dir, this.reused?.filter((path) => !written.has(path)) ?? []);
    const replaced = `${this.dir}.replaced`;
    const hadOutput = existsSync(this.outDir);
    // A repository kept in the output, to push the site to its host, stays with the output (as Vite keeps it when it empties its own).
    const repository = [join(this.outDir, repositoryFolder), join(this.dir, repositoryFolder)] as const;
    const carried = hadOutput && existsSync(repository[0]) && !existsSync(repository[1]);
    if (carried) await rename(...repository);
    if (hadOutput) await rename(this.outDir, replaced);
    try {
      await rename(this.dir, this.outDir);
    } catch (error) {
      if (hadOutput) await rename(replaced, this.outDir);
      if (carried) await rename(repository[1], repository[0]);
      throw error;
    }
    if (hadOutput) await keepOrRemove(replaced, previousOutputDir(this.outDir));
    const bytes = [...written.values()].reduce((sum, size) => sum + size, 0);
    return { written: written.size, removed: 0, bytes, hashes: fileHashes(withPublicFiles(this.publicDir, files)) };
  }

  /** A failed build: a reused folder is put back to be written over next time, unless its shape is what failed. */
  async abort(error?: unknown): Promise<void> {
    if (this.reused && !isShapeConflict(error)) await keepOrRemove(this.dir, previousOutputDir(this.outDir));
    else await rm(this.dir, { recursive: true, force: true });
  }
}

/** Moves `dir` to `keepAs` for the next build; if another build already left one there, deletes `dir`. */
async function keepOrRemove(dir: string, keepAs: string): Promise<void> {
  await rename(dir, keepAs).catch(() => rm(dir, { recursive: true, force: true }));
}
