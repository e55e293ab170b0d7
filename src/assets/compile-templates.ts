/**
 * The project's templates (the project's code, not the generator's), compiled by esbuild into one module under
 * .sitegen/ that Node imports: React components placing Preact islands, whose files say so with a @jsxImportSource
 * pragma. React, Preact and their renderers stay external, so the generator and the templates share one copy of each:
 * React's renderer must see the React the templates' elements and hooks come from. esbuild's metafile also says which
 * source files each page kind is built from, so a rebuild can tell which pages a changed template touches.
 */
import { createHash } from 'node:crypto';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BuildFailure, Message, Metafile } from 'esbuild';
import { cacheFiles } from '../cache-files';
import type { BuildConfig } from '../config';
import { loadEsbuild } from './commonjs';
import { SitegenError, messageOf } from '../errors';
import { cardTemplateFolders } from '../images/card-names';
import { templateFileOf } from '../render/template-origin';
import { removeStaleFiles } from '../stale-files';
import type * as Templates from '../../templates/index';
import { replaceFile } from '../replace-file';
import { readIfThere } from '../optional-files';

export type TemplateModule = typeof Templates;
export type PageKind = Templates.PageKind;

export interface CompiledTemplates {
  module: TemplateModule;
  /** The compiled module's file URL, for render workers to import the same templates. */
  moduleUrl: string;
  /** Each page kind's version: a hash of every source file its template is built from. */
  versions: Record<PageKind, string>;
  /** The same for the document shell (Document, Header, Footer): every page depends on it. */
  layoutVersion: string;
}

const shared = ['react', 'react-dom', 'preact', 'preact-render-to-string'];

export async function compileTemplates(config: BuildConfig): Promise<CompiledTemplates> {
  const { build } = loadEsbuild();
  const { outputFiles, metafile } = await build({
    entryPoints: [join(config.templatesDir, 'index.ts')],
    absWorkingDir: config.root,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    jsxImportSource: 'react',
    external: shared.flatMap((name) => [name, `${name}/*`]),
    logLevel: 'silent',
    legalComments: 'none',
  }).catch((error: unknown) => {
    throw new SitegenError(`templates: ${describeEsbuildError(error)}`, { cause: error });
  });
  const code = outputFiles[0]!.text;
  // Named by content, so a changed template is a new module (Node caches imports by URL) and an unchanged one is reused.
  const dir = cacheFiles(config.cacheDir).templatesDir;
  const file = join(dir, `templates-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  await replaceFile(file, code);
  // Every edit of a template makes a new module: without this, .sitegen/ would grow by one for every save in `sitegen dev`.
  removeStaleFiles(dir, (name) => !name.startsWith('templates-') || join(dir, name) === file);
  const moduleUrl = pathToFileURL(file).href;
  const sources = sourceVersions(config.root, metafile);
  const module = (await import(moduleUrl).catch((error: unknown) => {
    const file = templateFileOf(error) ?? relative(config.root, config.templatesDir);
    throw new SitegenError(`${file}: threw as the templates loaded: ${messageOf(error)}`, { cause: error });
  })) as TemplateModule;

  const versionOfEntries = (...entries: string[]) => {
    const hash = createHash('sha256');
    const inputs = new Set(entries.flatMap((entry) => [...dependencies(metafile, entry)]));
    for (const input of [...inputs].sort()) hash.update(`${input}\0${sources.get(input)}\0`);
    return hash.digest('hex');
  };
  const templatesFolder = relative(config.root, config.templatesDir).split('\\').join('/');
  const relativeTemplates = (path: string) => `${templatesFolder}/${path}`;
  // Page kind X lives in templates/pages/X.tsx; a kind found elsewhere depends on everything.
  const versions = Object.fromEntries(
    (Object.keys(module.pages) as PageKind[]).map((kind) => {
      const entry = relativeTemplates(`pages/${kind}.tsx`);
      return [kind, versionOfEntries(metafile.inputs[entry] ? entry : relativeTemplates('index.ts'))];
    }),
  ) as Record<PageKind, string>;
  // The header and footer are rendered apart from the document (render-page.ts), so they are entries of their own.
  const layoutVersion = versionOfEntries(
    ...['Document', 'Header', 'Footer'].map((name) => relativeTemplates(`layout/${name}.tsx`)),
  );
  refuseCardSources(metafile, relativeTemplates);
  return { module, moduleUrl, versions, layoutVersion };
}

/**
 * A card is named by the files of the card's folders (images/site-images.ts), read before anything is compiled: the
 * card template may draw with no other, or a change of what draws a card would not name it anew.
 */
function refuseCardSources(metafile: Metafile, relativeTemplates: (path: string) => string): void {
  const folders = cardTemplateFolders.map((folder) => relativeTemplates(`${folder}/`));
  const card = relativeTemplates('social/SocialCard.tsx');
  const outside = [...dependencies(metafile, card)].find((input) => !folders.some((dir) => input.startsWith(dir)));
  if (outside) {
    const where = folders.join(' and ');
    throw new SitegenError(`${card}: draws with ${outside}: expected only files of ${where}, which name every card`);
  }
}

function dependencies(metafile: Metafile, entry: string): Set<string> {
  const [seen, queue] = [new Set<string>(), [entry]];
  while (queue.length) {
    const input = queue.pop()!;
    if (seen.has(input) || !metafile.inputs[input]) continue;
    seen.add(input);
    for (const imported of metafile.inputs[input]!.imports) if (!imported.external) queue.push(imported.path);
  }
  return seen;
}

function sourceVersions(root: string, metafile: Metafile): Map<string, string> {
  // Read synchronously: about a hundred small files, which the thread pool would take four round trips each to read.
  const entries = Object.keys(metafile.inputs).map((input) => {
    const content = readIfThere(resolve(root, input)) ?? String(metafile.inputs[input]!.bytes);
    return [input, createHash('sha256').update(content).digest('hex')] as const;
  });
  return new Map(entries);
}

export function describeEsbuildError(error: unknown): string {
  const errors = (error as Partial<BuildFailure>).errors;
  if (!errors?.length) return messageOf(error);
  const at = ({ location }: Message) => (location ? `${location.file}:${location.line}:${location.column}: ` : '');
  return errors.map((item) => `${at(item)}${item.text}`).join('\n');
}
