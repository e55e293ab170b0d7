/**
 * Markdown files read through the content index. `scan` gives what the model, needed before any page, needs (front
 * matter, body hash, site links); `bodyHtml` gives the HTML when the page renders, on the same thread. A new body is
 * rendered when scanned, as its links are part of the model, and kept in memory for its page and in this thread's pack.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type * as v from 'valibot';
import { isUnchanged, knownVersion } from '../file-versions';
import { contentHash } from '../hash';
import { BodyPacks } from './body-packs';
import { contentFileName, type MarkdownSource } from './content-files';
import { ContentIndex, type IndexedFile } from './content-index';
import type { MarkdownBody } from './model';
import { readable, readBody, readText, splitMarkdown } from './read-content';
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
    const info = readable(file, () => statSync(path));
    let entry = this.entry(key);
    if (!entry || !isUnchanged(entry, info)) {
      const readAt = Date.now();
      const { data, ...body } = splitMarkdown(readText(path, file), file, schema);
      const bodyHash = contentHash(body.body);
      const { links, body: ref } = this.index.keptBody(bodyHash) ?? this.render(key, file, body, bodyHash);
      entry = { ...knownVersion(info, readAt), data, bodyHash, links, line: body.line, body: ref };
      this.learnt.set(key, entry);
    }
    const { bodyHash: hash, links, line } = entry;
    return { file, data: entry.data as v.InferOutput<T>, body: { key, hash, links, line } };
  }

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

  close(): void {
    this.packs?.close();
  }

  private entry(key: string): IndexedFile | undefined {
    return this.learnt.get(key) ?? this.index.files[key];
  }

  private render(key: string, file: string, { body, line }: { body: string; line: number }, hash: string) {
    const { html, links } = renderBody(file, body, line);
    this.rendered.set(key, { hash, html });
    return { body: this.packs?.append(html), links };
  }
}
