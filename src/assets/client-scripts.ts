/**
 * The browser's JavaScript, bundled once per build with esbuild: one entry per island (islands/<Name>.tsx, hydrated)
 * and per enhancement (islands/enhance/<name>.ts, plain DOM code), split so that shared code (Preact) is one chunk and
 * each page loads only what its markup holds.
 */
import { join, relative } from 'node:path';
import { listFiles } from '../list-files';
import type { BuildOptions, Plugin } from 'esbuild';
import type { BuildConfig } from '../config';
import { SitegenError } from '../errors';
import type { ScriptManifest, ScriptMarker } from './script-manifest';
import type { SiteFile } from '../output/output';
import { loadEsbuild } from './commonjs';
import { describeEsbuildError } from './compile-templates';

export type ClientScripts = { files: SiteFile[]; manifest: ScriptManifest };

const virtualRoot = '/sitegen-assets';

/**
 * What the islands' bundle and the editor's (src/admin/editor-bundle.ts) share: minified modules, kept in memory, for
 * the browsers the site supports, the same baseline as the stylesheet and Decap CMS's own.
 */
export const browserBundle = (root: string) =>
  ({
    bundle: true,
    format: 'esm',
    minify: true,
    target: ['chrome111', 'edge111', 'firefox128', 'safari16.4'],
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    write: false,
    metafile: true,
    absWorkingDir: root,
    logLevel: 'silent',
  }) as const satisfies BuildOptions;

/** `hashed: false` (dev) keeps entry names stable: a rebuilt island then changes no page's script URLs. */
export async function bundleClientScripts(config: BuildConfig, { hashed = true }: { hashed?: boolean } = {}) {
  const { build } = loadEsbuild();
  // Entry name → source, and the marker each entry answers. esbuild's metafile names an entry by its source.
  const entries: Record<string, string> = {};
  const markerOf = new Map<string, ScriptMarker>();
  for (const file of listFiles(config.islandsDir, { pattern: '[A-Z]*.tsx' })) {
    const name = file.replace(/\.tsx$/, '');
    entries[name] = `island-entry:${name}`;
    markerOf.set(entries[name], `island:${name}`);
  }
  for (const file of listFiles(config.islandsDir, { pattern: 'enhance/*.ts' })) {
    const name = file.replace(/^enhance\/|\.ts$/g, '');
    entries[name] = join(config.islandsDir, file);
    markerOf.set(relative(config.root, entries[name]).split('\\').join('/'), `enhance:${name}`);
  }

  const result = await build({
    ...browserBundle(config.root),
    entryPoints: entries,
    plugins: [islandEntries(config.islandsDir)],
    splitting: true,
    jsxImportSource: 'preact',
    outdir: join(virtualRoot, 'assets'),
    entryNames: hashed ? '[name]-[hash]' : '[name]',
    chunkNames: 'chunk-[hash]',
  }).catch((error: unknown) => {
    // An island's entry is written here (island-entry:Foo), by no one the message could send the developer to.
    const entry = /^island-code:\w+:\d+:\d+: No matching export in "(.+)" for import "(\w+)"$/gm;
    const message = describeEsbuildError(error).replace(entry, '$1: must export $2, a component named as its file');
    throw new SitegenError(`islands: ${message}`, { cause: error });
  });

  const urlOf = (output: string) => `/${relative(virtualRoot, join(config.root, output)).split('\\').join('/')}`;
  const outputs = result.metafile.outputs;
  const staticImports = (output: string, seen = new Set<string>()): Set<string> => {
    for (const item of outputs[output]?.imports ?? [])
      if (item.kind === 'import-statement' && !seen.has(item.path)) {
        seen.add(item.path);
        staticImports(item.path, seen);
      }
    return seen;
  };

  const manifest: ScriptManifest = { entries: {} };
  for (const [output, meta] of Object.entries(outputs)) {
    const marker = meta.entryPoint && markerOf.get(meta.entryPoint);
    if (marker) manifest.entries[marker] = { module: urlOf(output), chunks: [...staticImports(output)].map(urlOf) };
  }
  return {
    files: result.outputFiles.map((file) => ({
      path: relative(virtualRoot, file.path).split('\\').join('/'),
      content: file.contents,
    })),
    manifest,
  };
}

/**
 * Each island's browser entry: every copy of it on the page hydrated on its first use (islands/lib/hydrate-on-use.ts),
 * its code (`island-code:`, the component as the module's default) a chunk loaded then.
 */
const islandEntries = (islandsDir: string): Plugin => ({
  name: 'island-entries',
  setup(build) {
    // React here would render nothing on the page, and fail in the browser beside Preact.
    build.onResolve({ filter: /^react(-dom)?(\/|$)/ }, ({ path }) => {
      const expected = /jsx(-dev)?-runtime$/.test(path)
        ? 'its JSX written for Preact: /** @jsxImportSource preact */ at its top'
        : 'an import from preact (useState from preact/hooks)';
      return { errors: [{ text: `imports ${path}: islands are Preact, expected ${expected}` }] };
    });
    build.onResolve({ filter: /^island-(entry|code):/ }, (args) => {
      const [namespace, name] = args.path.split(':') as [string, string];
      return { path: name, namespace };
    });
    const entries = {
      'island-entry': (name: string) =>
        `import { hydrateOnUse } from './lib/hydrate-on-use';\nhydrateOnUse('${name}', () => import('island-code:${name}'));`,
      'island-code': (name: string) => `import { ${name} } from './${name}';\nexport default ${name};`,
    };
    for (const [namespace, contents] of Object.entries(entries))
      build.onLoad({ filter: /.*/, namespace }, ({ path }) => ({
        contents: contents(path),
        resolveDir: islandsDir,
        loader: 'ts',
      }));
  },
});
