/**
 * Markdown files (articles, legal pages) read through the content index.
 * `scan` gives a file's validated front matter and what the model needs of
 * its body (a hash, and the site links in it), which the site model needs of
 * every file before any page can be made; `html` gives the body's HTML, when
 * its page renders.
 *
 * A file the index vouches for is not read at all; one whose bytes the index
 * knows is read but not parsed; a body the index has kept is read back from
 * its pack instead of being rendered. A body the index does not know is
 * rendered when its file is scanned (its links are part of the model) and
 * kept in a pack, and read back from there when its page renders, so that a
 * thread holds no body between the two. What a build learns anew is
 * collected in `changed`, for the main thread to write to the index once the
 * build has succeeded.
 */
import { statSync } from 'node:fs';
import type * as v from 'valibot';
import { ContentError, messageOf } from '../errors';
import { contentHash } from '../hash';
import { BodyPacks } from './body-packs';
import { contentFileName, type MarkdownSource } from './content-files';
import { ContentIndex, indexEntry, vouchesFor, type IndexedFile } from './content-index';
import type { MarkdownBody } from './model';
import { frontMatterText, readBody, readText, renderBody, splitMarkdown } from './read-content';

/** A file after its scan: its front matter, and its body as the model knows it. */
export interface ScannedFile<Data = unknown> {
  path: string;
  /** The file as messages name it. */
  file: string;
  data: Data;
  body: MarkdownBody;
}

export class MarkdownFiles {
  /** Entries this reader made or changed, by key. */
  readonly changed = new Map<string, IndexedFile>();
  private readonly packs?: BodyPacks;
  /** Every file this reader has scanned, by key, for `html` to find. */
  private readonly scanned = new Map<string, { path: string; file: string }>();
  /** What other threads learnt of files they scanned, taken with their batches (adopt). */
  private readonly adopted = new Map<string, IndexedFile>();
  /** Bodies rendered while scanning that no pack holds (the index keeps nothing, or a pack could not be written). */
  private readonly unkept = new Map<string, string>();

  /** A reader for a thread of a build: each loads the index for itself. */
  static open({ contentDir, projectRoot, index }: MarkdownSource): MarkdownFiles {
    return new MarkdownFiles(
      index ? ContentIndex.load(index.cacheDir, contentDir, index.generator) : ContentIndex.none(),
      contentDir,
      contentFileName(projectRoot),
    );
  }

  constructor(
    readonly index: ContentIndex,
    private readonly contentDir: string,
    private readonly nameOf: (path: string) => string,
  ) {
    if (index.keeps) this.packs = new BodyPacks(index.dir);
  }

  scan<T extends v.GenericSchema>(path: string, schema: T): ScannedFile<v.InferOutput<T>> {
    const key = path.slice(this.contentDir.length + 1).replaceAll('\\', '/');
    const file = this.nameOf(path);
    this.scanned.set(key, { path, file });
    let info;
    try {
      info = statSync(path);
    } catch (error) {
      throw new ContentError(file, '', `cannot be read (${messageOf(error)})`);
    }
    const known = this.entry(key);
    if (known?.links && vouchesFor(known, info)) return scannedFrom(key, path, file, known);

    const text = readText(path, file);
    const readAt = Date.now();
    const hash = contentHash(text);
    if (known?.links && known.hash === hash) {
      // Touched, not changed: only its time is new.
      const entry = {
        ...known,
        ...indexEntry(info, hash, known.data, known, readAt),
        body: known.body,
        links: known.links,
      };
      this.changed.set(key, entry);
      return scannedFrom(key, path, file, entry);
    }
    const { data, body } = splitMarkdown(text, file, schema);
    const entry: IndexedFile = indexEntry(
      info,
      hash,
      data,
      { head: frontMatterText(text, body), bodyHash: contentHash(body) },
      readAt,
    );
    const kept = this.index.body(entry.bodyHash);
    if (kept?.body && kept.links) Object.assign(entry, { body: kept.body, links: kept.links });
    else Object.assign(entry, this.render(key, file, body));
    this.changed.set(key, entry);
    return scannedFrom(key, path, file, entry);
  }

  /** A scanned body's HTML: from its pack, or rendered again from its file if it cannot be read back. */
  html(body: MarkdownBody): string {
    const unkept = this.unkept.get(body.key);
    if (unkept !== undefined) return unkept;
    const entry = this.entry(body.key);
    const kept = entry?.bodyHash === body.hash && entry.body ? this.packs?.read(entry.body) : undefined;
    if (kept) return kept;
    const scanned = this.scanned.get(body.key);
    if (!scanned) throw new Error(`${body.key} was not scanned by this thread`);
    // Lost since it was kept (a pack removed or cut short): rendered again from the file, and kept again.
    const rendered = this.render(body.key, scanned.file, readBody(scanned.path, scanned.file));
    if (entry && rendered.body) this.changed.set(body.key, { ...entry, ...rendered });
    return this.unkept.get(body.key) ?? this.packs!.read(rendered.body!)!;
  }

  /**
   * Takes files another thread scanned, with what it learnt of them, so that
   * their bodies are read back from that thread's pack. False, and nothing
   * taken, when a body is not in a pack (the index keeps nothing).
   */
  adopt(files: readonly ScannedFile[], learnt: readonly [string, IndexedFile][]): boolean {
    const entries = new Map(learnt);
    const entryOf = (key: string) => entries.get(key) ?? this.entry(key);
    if (!files.every(({ body }) => entryOf(body.key)?.body)) return false;
    for (const [key, entry] of entries) this.adopted.set(key, entry);
    for (const { path, file, body } of files) this.scanned.set(body.key, { path, file });
    return true;
  }

  /** Closes the packs this reader has open. */
  close(): void {
    this.packs?.close();
  }

  /** What this reader last learnt of a file, or what the index holds of it. */
  private entry(key: string): IndexedFile | undefined {
    return this.changed.get(key) ?? this.adopted.get(key) ?? this.index.files[key];
  }

  /** Renders a body and keeps it: in a pack if it can, in memory otherwise. */
  private render(key: string, file: string, body: string): Pick<IndexedFile, 'body' | 'links'> {
    const rendered = renderBody(file, body);
    const ref = this.packs?.append(rendered.html);
    if (ref) this.unkept.delete(key);
    else this.unkept.set(key, rendered.html);
    return { body: ref, links: rendered.internalLinks };
  }
}

function scannedFrom<Data>(key: string, path: string, file: string, entry: IndexedFile): ScannedFile<Data> {
  return {
    path,
    file,
    data: entry.data as Data,
    body: { key, hash: entry.bodyHash, head: entry.head, links: entry.links! },
  };
}
