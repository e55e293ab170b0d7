/**
 * Markdown files (articles, legal pages) read through the content index, in
 * the two passes a build makes over them: `scan` gives a file's validated
 * front matter, which the site model needs of every file before any page
 * can be made; `render` gives its body as HTML, when its page renders.
 *
 * A file the index vouches for is not read at all; one whose bytes the index
 * knows is read but not parsed; a body the index knows is read back from its
 * pack instead of being rendered. What a build learns anew is collected in
 * `changed`, for the main thread to write to the index once the build has
 * succeeded.
 */
import { statSync } from 'node:fs';
import type * as v from 'valibot';
import { ContentError, messageOf } from '../errors';
import { contentHash } from '../hash';
import { BodyPacks } from './body-packs';
import { contentFileName, type MarkdownSource } from './content-files';
import { ContentIndex, indexEntry, type IndexedFile } from './content-index';
import type { RenderedMarkdown } from './markdown';
import { readBody, readFrontMatter, readText, renderBody, splitMarkdown } from './read-content';

/** A file after the first pass: its front matter, and its body if the file had to be read. */
export interface ScannedFile<Data = unknown> {
  /** The file's path under the content folder, the index's key. */
  key: string;
  path: string;
  /** The file as messages name it. */
  file: string;
  data: Data;
  body?: string;
}

export class MarkdownFiles {
  /** A reader for a thread of a build: each loads the index for itself. */
  static open({ contentDir, projectRoot, index }: MarkdownSource): MarkdownFiles {
    return new MarkdownFiles(index ? ContentIndex.load(index.cacheDir, contentDir, index.generator) : ContentIndex.none(), contentDir, contentFileName(projectRoot));
  }

  /** Entries this reader made or changed, by key. */
  readonly changed = new Map<string, IndexedFile>();
  private readonly packs?: BodyPacks;

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
    if (!this.index.keeps) return { key, path, file, ...readFrontMatter(path, file, schema) };
    let info;
    try {
      info = statSync(path);
    } catch (error) {
      throw new ContentError(file, '', `cannot be read (${messageOf(error)})`);
    }
    const fresh = this.index.fresh(key, info);
    if (fresh) return { key, path, file, data: fresh.data as v.InferOutput<T> };

    const text = readText(path, file);
    const readAt = Date.now();
    const hash = contentHash(text);
    const same = this.index.same(key, hash);
    if (same) {
      // Touched, not changed: only its time is new.
      this.changed.set(key, { ...same, ...indexEntry(info, hash, same.data, same.bodyHash, readAt), body: same.body, links: same.links });
      return { key, path, file, data: same.data as v.InferOutput<T> };
    }
    const { data, body } = splitMarkdown(text, file, schema);
    const entry: IndexedFile = indexEntry(info, hash, data, contentHash(body), readAt);
    const known = this.index.body(entry.bodyHash);
    if (known) Object.assign(entry, { body: known.body, links: known.links });
    this.changed.set(key, entry);
    return { key, path, file, data, body };
  }

  /** A scanned file's body as HTML, and the site links in it. */
  render(scanned: ScannedFile): RenderedMarkdown {
    const entry = this.changed.get(scanned.key) ?? this.index.files[scanned.key];
    const kept = entry?.body && entry.links && this.packs?.read(entry.body);
    if (kept) return { html: kept, internalLinks: entry.links! };
    // Not kept, or lost since: from the file, which the first pass may not have read.
    const body = scanned.body ?? readBody(scanned.path, scanned.file);
    const rendered = renderBody(scanned.file, body);
    const ref = this.packs?.append(rendered.html);
    if (entry && ref) this.changed.set(scanned.key, { ...entry, body: ref, links: rendered.internalLinks });
    return rendered;
  }

  /** Closes the packs this reader has open. */
  close(): void {
    this.packs?.close();
  }
}
