/**
 * Markdown files (articles, legal pages) read through the content index.
 * `scan` gives a file's validated front matter and what the model, needed
 * before any page, needs of its body (its hash and site links); `bodyHtml`
 * gives the body's HTML when its page renders, on the same thread. A file the
 * index vouches for is not read, and its body is read back from its pack; a
 * new body is rendered when its file is scanned (its links are part of the
 * model), kept in memory for its page, and appended to this thread's pack.
 * What a build learns anew is collected in `learnt`, for the index.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type * as v from 'valibot';
import { ContentError, messageOf } from '../errors';
import { isUnchanged, knownVersion } from '../file-versions';
import { contentHash } from '../hash';
import { BodyPacks } from './body-packs';
import { contentFileName, type MarkdownSource } from './content-files';
import { ContentIndex, type IndexedFile } from './content-index';
import type { MarkdownBody } from './model';
import { readBody, readText, splitMarkdown } from './read-content';
import { renderBody } from './validate';

export class MarkdownReader {
  /** Entries this reader made, by key: what the index does not hold yet. */
  readonly learnt = new Map<string, IndexedFile>();
  /** Bodies this reader rendered, by key, with the hash of the text they were rendered from. */
  private readonly rendered = new Map<string, { hash: string; html: string }>();
  private readonly packs?: BodyPacks;
  private readonly nameOf: (path: string) => string;

  private constructor(
    readonly index: ContentIndex,
    private readonly contentDir: string,
    projectRoot: string,
  ) {
    this.nameOf = contentFileName(projectRoot);
    if (index.dir) this.packs = new BodyPacks(index.dir);
  }

  /** A reader for one thread: each loads the index for itself. */
  static open({ contentDir, projectRoot, index }: MarkdownSource): MarkdownReader {
    const loaded = index ? ContentIndex.load(index.dir, contentDir, index.generator) : ContentIndex.none();
    return new MarkdownReader(loaded, contentDir, projectRoot);
  }

  scan<T extends v.GenericSchema>(path: string, schema: T) {
    const key = path.slice(this.contentDir.length + 1).replaceAll('\\', '/');
    const file = this.nameOf(path);
    let info;
    try {
      info = statSync(path);
    } catch (error) {
      throw new ContentError(file, '', `cannot be read (${messageOf(error)})`);
    }
    let entry = this.entry(key);
    if (!entry || !isUnchanged(entry, info)) {
      const readAt = Date.now();
      const { data, body } = splitMarkdown(readText(path, file), file, schema);
      const bodyHash = contentHash(body);
      const { links, body: ref } = this.index.keptBody(bodyHash) ?? this.render(key, file, body, bodyHash);
      entry = { ...knownVersion(info, readAt), data, bodyHash, links, body: ref };
      this.learnt.set(key, entry);
    }
    return { file, data: entry.data as v.InferOutput<T>, body: { key, hash: entry.bodyHash, links: entry.links } };
  }

  /** A scanned body's HTML: as rendered by this reader, from its pack, or rendered again from its file if it cannot be read back. */
  bodyHtml(body: MarkdownBody): string {
    const rendered = this.rendered.get(body.key);
    if (rendered?.hash === body.hash) return rendered.html;
    const entry = this.entry(body.key);
    const kept = entry?.bodyHash === body.hash && entry.body ? this.packs?.read(entry.body) : undefined;
    if (kept !== undefined) return kept;
    // Lost since it was kept (a pack removed or cut short): rendered again from the file, and kept again.
    const path = join(this.contentDir, body.key);
    const again = this.render(body.key, this.nameOf(path), readBody(path, this.nameOf(path)), body.hash);
    if (entry) this.learnt.set(body.key, { ...entry, ...again });
    return this.rendered.get(body.key)!.html;
  }

  /** Closes the packs this reader has open. */
  close(): void {
    this.packs?.close();
  }

  /** What this reader last learnt of a file, or what the index holds of it. */
  private entry(key: string): IndexedFile | undefined {
    return this.learnt.get(key) ?? this.index.files[key];
  }

  /** Renders a body, keeps its HTML until its page renders, and appends it to this thread's pack. */
  private render(key: string, file: string, body: string, hash: string): Pick<IndexedFile, 'body' | 'links'> {
    const { html, internalLinks } = renderBody(file, body);
    this.rendered.set(key, { hash, html });
    return { body: this.packs?.append(html), links: internalLinks };
  }
}
