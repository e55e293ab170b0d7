/**
 * What the last build learnt of each Markdown file, kept between builds as Astro's content layer keeps its entries: a
 * file whose version is unchanged is neither read nor parsed again; a body seen before, in any file, is not rendered
 * again. The index belongs to the generator that wrote it: another (new code, packages or schema) starts from nothing.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { KnownVersion } from '../file-versions';
import { isStale, removeStaleFiles } from '../stale-files';
import type { BodyRef } from './body-packs';
import type { BodyLink } from './markdown';
import { replaceFileSync } from '../replace-file';
import { listIfThere, readJsonIfThere } from '../optional-files';

export interface IndexedFile extends KnownVersion {
  data: unknown;
  /** The body's text, hashed: it changes exactly when the body's HTML would. */
  bodyHash: string;
  links: BodyLink[];
  line: number;
  /** Absent if it could not be kept. */
  body?: BodyRef;
}

interface IndexFile {
  version: number;
  generator: string;
  /** So that the index of a content folder that is gone can be removed. */
  contentDir: string;
  files: Record<string, IndexedFile>;
}

const indexVersion = 4;

export class ContentIndex {
  /** A body seen in any file need not be rendered again. */
  private readonly byBody = new Map<string, IndexedFile>();

  private constructor(
    /** The folder of the index and its packs; empty for an index that keeps nothing. */
    readonly dir: string,
    readonly files: Readonly<Record<string, IndexedFile>>,
  ) {
    for (const entry of Object.values(files)) if (entry.body) this.byBody.set(entry.bodyHash, entry);
  }

  static load(dir: string, contentDir: string, generator: string): ContentIndex {
    // No index yet, or an unreadable one: every file is read.
    const stored = readJsonIfThere<IndexFile>(join(dir, 'index.json'));
    const usable =
      stored?.version === indexVersion && stored.generator === generator && stored.contentDir === contentDir;
    return new ContentIndex(dir, usable ? stored!.files : {});
  }

  /** An index that keeps nothing between builds (no generator version to vouch for what it would keep). */
  static none(): ContentIndex {
    return new ContentIndex('', {});
  }

  keptBody(bodyHash: string): IndexedFile | undefined {
    return this.byBody.get(bodyHash);
  }

  /**
   * Written only if anything changed. Packs no entry points into are removed once stale (another build may be writing
   * one it has not recorded yet), and so are the indexes of content folders that no longer exist.
   */
  save(contentDir: string, generator: string, keys: readonly string[], learnt: ReadonlyMap<string, IndexedFile>) {
    const kept = new Set(Object.values(this.files).flatMap((entry) => (entry.body ? [entry.body.join()] : [])));
    const files: Record<string, IndexedFile> = {};
    let [changed, rendered] = [0, 0];
    for (const key of keys) {
      const entry = learnt.get(key) ?? this.files[key];
      if (!entry) continue;
      files[key] = entry;
      const before = this.files[key];
      if (
        entry !== before &&
        (before?.bodyHash !== entry.bodyHash || JSON.stringify(before.data) !== JSON.stringify(entry.data))
      )
        changed += 1;
      if (entry.body && !kept.has(entry.body.join())) rendered += 1;
    }
    if (this.dir && (learnt.size > 0 || keys.length !== Object.keys(this.files).length)) {
      const stored: IndexFile = { version: indexVersion, generator, contentDir, files };
      replaceFileSync(join(this.dir, 'index.json'), JSON.stringify(stored));
      const used = new Set(Object.values(files).flatMap((entry) => (entry.body ? [entry.body[0]] : [])));
      removeStaleFiles(this.dir, (name) => name === 'index.json' || used.has(name));
      removeOrphanIndexes(join(this.dir, '..'), this.dir);
    }
    return { files: keys.length, changed, rendered };
  }
}

/** Also those a failed build left with packs and no index, once their packs are stale. */
function removeOrphanIndexes(root: string, own: string): void {
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const dir = join(root, entry.name);
    if (!entry.isDirectory() || dir === own) continue;
    const contentDir = readJsonIfThere<IndexFile>(join(dir, 'index.json'))?.contentDir;
    const orphan =
      contentDir === undefined
        ? (listIfThere(dir) ?? []).every((file) => isStale(join(dir, file)))
        : !statSync(contentDir, { throwIfNoEntry: false })?.isDirectory();
    if (orphan) rmSync(dir, { recursive: true, force: true });
  }
}
