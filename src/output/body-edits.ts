/**
 * The short way through `sitegen build --incremental` for the commonest edit
 * to a large site: the words of an article (or of a legal page) changed, and
 * nothing else. The page that shows that body is the only thing in the site
 * such an edit changes: its head, its scripts, every other page, the blog's
 * lists and the sitemap are made from front matter and data that did not
 * change. So no site model and no route table of every page is made again:
 * the body's new HTML takes the old one's place in the page the last build
 * wrote, where the manifest says it is, and a file of edits beside the
 * manifest and its stamp records it; of the manifest, only the records of the
 * pages concerned are read. At 4,000 articles this costs under a fifth of a
 * whole build, most of it Node starting, every input's stat and marked
 * loading. The content index is left as it is: the next build that reads
 * every file finds this one changed, and reads it.
 *
 * It is taken only when the last build's records vouch for every step:
 * - the configuration (the site's origin, Supabase's settings) and the
 *   generator are the last build's;
 * - each input that changed, or that was written too recently to trust its
 *   time, is the Markdown file of a page of the last build, and is still
 *   there;
 * - its front matter is the same text as that build's (MarkdownBody.head);
 * - every file of the last build is there (the caller knows), and the page
 *   that shows the body has the size the manifest records.
 * Anything else, a file that does not read, parse or link well included,
 * takes the whole way (build.ts), which reports errors as every build does.
 * Either way the output is byte for byte the same: tests/scale.test.ts
 * proves it.
 */
import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildConfig } from '../config';
import { contentFileName } from '../content/content-files';
import { bodyAfter, readText, renderBody } from '../content/read-content';
import { contentHash } from '../hash';
import { withBodyHash } from '../render/page-fingerprint';
import { fileOfPath, linkCheck } from '../validate-routes';
import { writeManifestEdits, type Inputs, type ManifestPage, type Stamp, type StoredManifest } from './incremental';

export interface BodyEdits {
  /** The Markdown files that changed: saved since the last build, or found changed when read again. */
  files: number;
  /** The files of the pages whose bodies were replaced. */
  pages: string[];
  /** The bytes of those pages. */
  bytes: number;
}

/**
 * Rewrites the pages whose bodies alone changed since the last build, which
 * `manifest` and `stamp` describe (its pages all on disk still), if that is
 * all that changed: `changed` names the inputs that differ between `stamp`
 * and this build's `inputs`, `rechecked` those the last build could not be
 * sure of (changedInputs). Undefined, having written nothing, otherwise.
 */
export async function rewriteEditedBodies(
  config: BuildConfig,
  manifest: StoredManifest,
  {
    stamp,
    changed,
    rechecked,
    inputs,
  }: { stamp: Stamp; changed: ReadonlySet<string>; rechecked: ReadonlySet<string>; inputs: Inputs },
): Promise<BodyEdits | undefined> {
  const read = [...changed, ...rechecked];
  if (read.length === 0 || stamp.settings !== inputs.settings || manifest.inputs !== stamp.inputs) return undefined;
  if (!read.every((path) => path in stamp.files && path in inputs.files)) return undefined;
  // Each file's page, by the file's key in the content index.
  const contentFolder = `${config.contentDir}/`;
  const pageOf = new Map<string, [path: string, page: ManifestPage]>();
  for (const path of read) {
    const shown = path.startsWith(contentFolder) ? manifest.pageShowing(path.slice(contentFolder.length)) : undefined;
    if (!shown) return undefined;
    pageOf.set(path, shown);
  }

  const nameOf = contentFileName(config.root);
  // Pages, and files of public/ (inputs by their absolute paths), as validateRoutes allows in a body.
  const check = linkCheck(
    (path) => manifest.hasPage(path) || `${config.publicDir}/${fileOfPath(path)}` in inputs.files,
  );
  const rewrites: { source: string; file: string; content: Buffer }[] = [];
  const records: Record<string, ManifestPage> = {};
  try {
    for (const [path, [pagePath, page]] of pageOf) {
      const rewrite = rewrittenPage(config.outDir, page, path, nameOf(path), inputs.files[path]!, check);
      if (!rewrite) return undefined;
      if (rewrite === 'unchanged') continue;
      rewrites.push({ source: path, file: rewrite.record.file, content: rewrite.content });
      records[pagePath] = rewrite.record;
    }
  } catch {
    // A file that does not read, parse or link well: the whole way says why, as every build does.
    return undefined;
  }
  for (const { file, content } of rewrites) {
    // Written beside the page and renamed over it: a page is never seen half written.
    const target = join(config.outDir, file);
    writeFileSync(`${target}.${process.pid}.tmp`, content);
    renameSync(`${target}.${process.pid}.tmp`, target);
  }
  await writeManifestEdits(config, manifest, records, read, inputs);
  const foundChanged = rewrites.filter(({ source }) => rechecked.has(source)).length;
  return {
    files: changed.size + foundChanged,
    pages: rewrites.map(({ file }) => file),
    bytes: rewrites.reduce((sum, { content }) => sum + content.length, 0),
  };
}

/**
 * A Markdown page with its file's new body in place of the old, and its new
 * record; 'unchanged' if the body is the same (the file was only touched);
 * undefined if more than the body changed. `version` is the file's size and
 * time in this build's walk of inputs.
 */
function rewrittenPage(
  outDir: string,
  page: ManifestPage,
  path: string,
  file: string,
  version: string,
  check: ReturnType<typeof linkCheck>,
): { record: ManifestPage; content: Buffer } | 'unchanged' | undefined {
  const info = statSync(path);
  // Changed again since the walk: the stamp would not describe what is read now.
  if (`${info.size}:${info.mtimeMs}` !== version || !page.bodySpan) return undefined;
  // The front matter is not parsed: the same text as the last build's is the same data.
  const body = bodyAfter(readText(path, file), page.markdown!.head);
  if (body === undefined) return undefined;
  // A Markdown page's fingerprint ends in its body's hash (pageFingerprint): the new one says whether the body changed.
  const fingerprint = withBodyHash(page.fingerprint, contentHash(body));
  if (fingerprint === page.fingerprint) return 'unchanged';

  const { html, internalLinks } = renderBody(file, body);
  for (const href of internalLinks) check(file, 'body', href);
  const before = readFileSync(join(outDir, page.file));
  if (before.length !== page.bytes) return undefined;
  const [at, length] = page.bodySpan;
  const content = Buffer.concat([before.subarray(0, at), Buffer.from(html), before.subarray(at + length)]);
  return {
    record: { ...page, fingerprint, bytes: content.length, bodySpan: [at, content.length - before.length + length] },
    content,
  };
}
