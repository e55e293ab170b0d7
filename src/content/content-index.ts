/**
 * What the last build learnt of each Markdown file, kept between builds in
 * .sitegen/content/<content folder>/: the file's size, modification time and
 * content hash, its validated front matter, and where its rendered body is
 * kept (body-packs.ts). A file whose size and time are unchanged is neither
 * read nor parsed again; one whose time changed but whose bytes did not is
 * read, but not parsed; one whose body is unchanged is not rendered again.
 *
 * A modification time can only vouch for a file that was written well before
 * it was read: two writes in the same tick of the file system's clock, the
 * second after the build read the first, leave the same size and time. An
 * entry made from a file that young is not trusted by its time alone (git
 * calls these "racily clean"), and the next build reads the file again.
 *
 * The index belongs to the generator that wrote it: another generator (new
 * code, new packages, a new schema) starts from nothing.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { isStale, removeStaleFiles } from '../stale-files';
import type { BodyRef } from './body-packs';
import type { FrontMatterText } from './read-content';

/** A Markdown file as the last build knew it. */
export interface IndexedFile<Data = unknown> {
  size: number;
  mtimeMs: number;
  /** Written long enough before it was read for its time to vouch for its bytes. */
  settled: boolean;
  /** The file's bytes, hashed. */
  hash: string;
  data: Data;
  /** The front matter's text (frontMatterText), for an incremental build to tell an edit of the body alone. */
  head?: FrontMatterText;
  /** The body's text, hashed: a file whose front matter alone changed keeps its rendered body. */
  bodyHash: string;
  /** Where the rendered body is kept, and the site links in it; absent until it has been rendered. */
  body?: BodyRef;
  links?: string[];
}

interface IndexFile {
  version: number;
  generator: string;
  /** The content folder the index describes, so that the index of one that is gone can be removed. */
  contentDir: string;
  files: Record<string, IndexedFile>;
}

const indexVersion = 2;
/** Longer than any file system's clock tick (FAT's is 2 s): a file this much older than its reading cannot change unseen. */
const settleMs = 2_000;

/** The folder where the index of a content folder and its body packs live. */
export function indexDir(cacheDir: string, contentDir: string): string {
  return join(cacheDir, 'content', createHash('sha256').update(contentDir).digest('hex').slice(0, 16));
}

export class ContentIndex {
  /** Entries by their body's hash: a body seen in any file need not be rendered again. */
  private readonly byBody = new Map<string, IndexedFile>();

  private constructor(
    readonly dir: string,
    readonly generator: string,
    readonly contentDir: string,
    readonly files: Readonly<Record<string, IndexedFile>>,
  ) {
    for (const entry of Object.values(files)) if (entry.body) this.byBody.set(entry.bodyHash, entry);
  }

  /** The index the last build of `contentDir` by this generator left; an empty one if there is none. */
  static load(cacheDir: string, contentDir: string, generator: string): ContentIndex {
    const dir = indexDir(cacheDir, contentDir);
    let stored: IndexFile | undefined;
    try {
      stored = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as IndexFile;
    } catch {
      // No index yet, or an unreadable one: every file is read.
    }
    const usable =
      stored?.version === indexVersion && stored.generator === generator && stored.contentDir === contentDir;
    return new ContentIndex(dir, generator, contentDir, usable ? stored!.files : {});
  }

  /** An index that keeps nothing between builds (no generator version to vouch for what it would keep). */
  static none(): ContentIndex {
    return new ContentIndex('', '', '', {});
  }

  get keeps(): boolean {
    return this.dir !== '';
  }

  /** A rendered body of the same text, if any file had one. */
  body(bodyHash: string): Pick<IndexedFile, 'body' | 'links'> | undefined {
    return this.byBody.get(bodyHash);
  }

  /**
   * Writes the index of the files a build read, and removes the packs that
   * no entry points into (an earlier build's, or a failed build's) once they
   * are stale (stale-files.ts). Also removes the indexes of content folders
   * that no longer exist (a test's, a moved one).
   */
  static write(cacheDir: string, contentDir: string, generator: string, files: Record<string, IndexedFile>): void {
    const dir = indexDir(cacheDir, contentDir);
    mkdirSync(dir, { recursive: true });
    const stored: IndexFile = { version: indexVersion, generator, contentDir, files };
    const temporary = join(dir, `index.json.${process.pid}-${threadId}.tmp`);
    writeFileSync(temporary, JSON.stringify(stored));
    renameSync(temporary, join(dir, 'index.json'));

    const used = new Set(Object.values(files).flatMap((entry) => (entry.body ? [entry.body[0]] : [])));
    removeStaleFiles(dir, (name) => name === 'index.json' || used.has(name));
    removeOrphanIndexes(join(cacheDir, 'content'), dir);
  }
}

/** A folder's entries; none if another build removed it since it was listed (builds of other content folders share .sitegen/). */
function filesIn(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Whether an entry's size and time vouch that its file is unchanged. */
export function vouchesFor(entry: IndexedFile, info: Stats): boolean {
  return entry.settled && entry.size === info.size && entry.mtimeMs === info.mtimeMs;
}

/** A new entry for a file just read: settled if it was written long enough before now. */
export function indexEntry<Data>(
  info: Stats,
  hash: string,
  data: Data,
  parts: Pick<IndexedFile, 'head' | 'bodyHash'>,
  readAt: number,
): IndexedFile<Data> {
  return {
    size: info.size,
    mtimeMs: info.mtimeMs,
    settled: readAt - info.mtimeMs > settleMs,
    hash,
    data,
    head: parts.head,
    bodyHash: parts.bodyHash,
  };
}

/**
 * Removes the index folders of content folders that no longer exist, and
 * those a build that failed left with packs and no index (a test's broken
 * copy of the content, deleted since), once their packs are old.
 */
function removeOrphanIndexes(root: string, own: string): void {
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const dir = join(root, entry.name);
    // The index just written, whose content folder exists: reading it back would cost a large site's build several milliseconds.
    if (dir === own) continue;
    let index: string;
    try {
      index = readFileSync(join(dir, 'index.json'), 'utf8');
    } catch {
      if (filesIn(dir).every((file) => isStale(join(dir, file)))) rmSync(dir, { recursive: true, force: true });
      continue;
    }
    let contentDir: string;
    try {
      contentDir = (JSON.parse(index) as IndexFile).contentDir;
    } catch {
      // An index the next build of its folder writes again.
      continue;
    }
    if (!statSync(contentDir, { throwIfNoEntry: false })?.isDirectory()) rmSync(dir, { recursive: true, force: true });
  }
}
