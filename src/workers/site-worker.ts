/**
 * A build worker: parses Markdown and renders pages for a large site, one
 * batch per task. Rendered pages go straight to the output folder; only what
 * the build needs to know about them comes back.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { scriptsForManifest, type ScriptManifest } from '../assets/script-manifest';
import type { TemplateModule } from '../assets/compile-templates';
import { readMarkdown, type MarkdownDocument } from '../content/read-content';
import { frontMatterSchemas } from '../content/schemas';
import type { PageRenderer, RenderedPage } from '../render/render-page';
import type { Route } from '../routes';
import type { Layout } from '../../templates/layout/types';
import { contentHash } from '../hash';
import { writeFileIfChanged } from '../output/write-if-changed';
import { deferredHtml, fillDeferredHtml } from './deferred-html';
import { serializeError } from './errors';

export interface MarkdownRequest {
  path: string;
  file: string;
  kind: 'article' | 'legal';
}

export interface RenderSetup {
  /** Different for every update: a worker builds its renderer once per key. */
  key: string;
  templatesUrl: string;
  layout: Layout;
  stylesheet: string;
  manifest: ScriptManifest;
  extraScripts: string[];
}

export type WorkerTask =
  /**
   * With `keep`, the HTML stays here and a placeholder goes back (deferred-html.ts); `keep` names the build.
   * With `fingerprint`, the placeholder holds a hash of the HTML, for builds that compare pages with the last build's.
   */
  | { type: 'markdown'; requests: MarkdownRequest[]; keep?: string; fingerprint?: boolean }
  | { type: 'render'; setup: RenderSetup; routes: Route[]; outDir: string | null };

export type ParsedMarkdown = MarkdownDocument<unknown>;

/** A rendered page as the build keeps it: its HTML only if nobody wrote it to disk. */
export interface RenderSummary extends Omit<RenderedPage, 'html'> {
  path: string;
  bytes: number;
  html?: string;
}

let renderer: { key: string; render: PageRenderer } | undefined;
const madeDirectories = new Set<string>();
/** HTML of the articles this worker parsed for the current build, by content file. */
let kept: { build: string; html: Map<string, string> } = { build: '', html: new Map() };

async function handle(task: WorkerTask): Promise<ParsedMarkdown[] | RenderSummary[]> {
  if (task.type === 'markdown') {
    const docs = await Promise.all(task.requests.map((request) => readMarkdown(request.path, request.file, frontMatterSchemas[request.kind])));
    if (!task.keep) return docs;
    if (kept.build !== task.keep) kept = { build: task.keep, html: new Map() };
    return docs.map((doc, index) => {
      const { file } = task.requests[index]!;
      kept.html.set(file, doc.html);
      return { ...doc, html: deferredHtml(file, task.fingerprint ? contentHash(doc.html) : '') };
    });
  }
  if (renderer?.key !== task.setup.key) {
    // Loaded with the first page, not at start-up: Markdown comes first, and needs none of it.
    const [{ createPageRenderer }, templates] = await Promise.all([import('../render/render-page'), import(task.setup.templatesUrl) as Promise<TemplateModule>]);
    const { manifest } = task.setup;
    renderer = {
      key: task.setup.key,
      render: createPageRenderer(templates, task.setup.layout, {
        stylesheet: task.setup.stylesheet,
        scriptsFor: (markers) => scriptsForManifest(manifest, markers),
        extraScripts: task.setup.extraScripts,
      }),
    };
  }
  // Written at once, synchronously: waiting writes would keep every page of the batch in memory, and measured slower.
  const htmlOf = (file: string) => {
    const html = kept.html.get(file);
    if (html === undefined) throw new Error(`the HTML of ${file} is not on this worker`);
    return html;
  };
  return task.routes.map((route) => {
    const page = renderer!.render(route);
    const html = route.renderOn === undefined ? page.html : fillDeferredHtml(page.html, htmlOf);
    const bytes = Buffer.byteLength(html);
    if (task.outDir === null) return { path: route.path, markers: page.markers, scripts: page.scripts, bytes, html };
    const target = join(task.outDir, route.file);
    const folder = dirname(target);
    if (!madeDirectories.has(folder)) {
      mkdirSync(folder, { recursive: true });
      madeDirectories.add(folder);
    }
    writeFileIfChanged(target, html);
    return { path: route.path, markers: page.markers, scripts: page.scripts, bytes };
  });
}

parentPort!.on('message', (task: WorkerTask) => {
  handle(task).then(
    (value) => parentPort!.postMessage({ ok: true, value }),
    (error: unknown) => parentPort!.postMessage({ ok: false, error: serializeError(error) }),
  );
});
