/**
 * The files of /admin: the page, which tells the editor's script where the repository, the content and Decap CMS are,
 * and Decap CMS from its npm package. The page is for the agency's marketers, never for search engines: noindex, out of
 * the sitemap (it is no route), under a Content-Security-Policy of its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { SiteFacts } from '../content/model';
import { escapeHtml } from '../escape';
import { renditionUrl } from '../images/image-names';
import type { CopiedFile } from '../output/output';

export type EditorBackend =
  | { name: 'local'; url: string; tokenHeader: string }
  | { name: 'github'; repo: string; branch: string; authUrl?: string | undefined };

export interface EditorSettings {
  backend: EditorBackend;
  decap: string;
  content: string;
  /** sitegen dev's reload events: after each change of content/ the editor fetches it again. */
  events?: string;
}

export const editorPath = '/admin/';

/** The page: nothing but what loads the editor, which draws everything itself. */
export const editorHtml = (site: SiteFacts, settings: EditorSettings, script: string): string =>
  [
    '<!DOCTYPE html>',
    '<html lang="en-GB">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>Content editor · ${escapeHtml(site.name)}</title>`,
    // The site's own icon, as its pages name it (templates/layout/Document.tsx).
    ...(site.logo.local
      ? [`<link rel="icon" href="${renditionUrl(site.logo.local, 32, 'png')}" type="image/png">`]
      : []),
    // "<" escaped: no text of the settings can close the element.
    `<script type="application/json" id="sitegen-editor">${JSON.stringify(settings).replace(/</g, '\\u003c')}</script>`,
    `<script type="module" src="${escapeHtml(script)}"></script>`,
    // Decap marks every field it does not check itself "(optional)", and it checks none (the build's rules do): the
    // fields the schemas make optional say so in their own labels (admin/fields.ts).
    '<style>label[for*="-field-"] > span { display: none }</style>',
    '</head>',
    '<body></body>',
    '</html>',
    '',
  ].join('\n');

const require = createRequire(import.meta.url);

/**
 * Decap CMS as its npm package ships it: its script and every part it loads by name from beside it (chunks,
 * WebAssembly), in a folder named by its version, which can be cached for a year. Not its source maps or other copies.
 */
export class DecapFiles {
  private readonly manifest = require.resolve('decap-cms/package.json');
  readonly version = (JSON.parse(readFileSync(this.manifest, 'utf8')) as { version: string }).version;
  readonly dir = join(dirname(this.manifest), 'dist');
  readonly folder = `admin/decap-cms-${this.version}`;
  readonly script = `/${this.folder}/decap-cms.js`;
  private readonly names = new Set(
    readdirSync(this.dir).filter((name) => /^(?:(?:\d+\.)?decap-cms\.js|[0-9a-f]+\.wasm)$/.test(name)),
  );
  /**
   * The same bytes for every request, which the server compresses and tags once (static-site.ts), rather than Decap's
   * large script gzipped again each time /admin is opened; the installed package's files cannot change meanwhile.
   */
  private readonly kept = new Map<string, Buffer>();

  read(path: string): Buffer | undefined {
    const name = path.startsWith(`${this.folder}/`) ? path.slice(this.folder.length + 1) : undefined;
    if (!name || !this.names.has(name)) return undefined;
    let bytes = this.kept.get(name);
    if (!bytes) this.kept.set(name, (bytes = readFileSync(join(this.dir, name))));
    return bytes;
  }

  /** Copied into the output, not read: its folder is named by the version, so a file of the same name is the same. */
  all(): CopiedFile[] {
    return [...this.names].sort().map((name) => ({ path: `${this.folder}/${name}`, from: join(this.dir, name) }));
  }
}
