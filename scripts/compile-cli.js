// Compiles the generator (src/) to lib/ once, at install: every `sitegen` run
// then starts from plain JavaScript.
//
// The small packages every build runs on are bundled in: each build thread
// then loads a few files instead of resolving and reading dozens, and starts
// sooner. The rest stay external, to load only
// when a command needs them (gray-matter and marked, only when a file must be
// parsed or a body rendered), or because they must be one copy shared with
// the compiled templates (React and Preact), or are native or large.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { build } from 'esbuild';

const bundled = new Set(['commander', 'fast-glob', 'valibot']);
const { dependencies } = JSON.parse(await readFile('package.json', 'utf8'));
const external = Object.keys(dependencies)
  .filter((name) => !bundled.has(name))
  .flatMap((name) => [name, `${name}/*`]);

// A fresh folder: chunk names change with their content, and stale ones would pile up.
await rm('lib', { recursive: true, force: true });
await build({
  entryPoints: {
    cli: 'src/cli.ts',
    'site-worker': 'src/threads/site-worker.ts',
    'generator-version': 'src/generator-version.ts',
  },
  outdir: 'lib',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  // The bundled CommonJS packages expect require() and __dirname.
  banner: {
    js: [
      "import { createRequire as __sitegenRequire } from 'node:module';",
      "import { dirname as __sitegenDirname } from 'node:path';",
      "import { fileURLToPath as __sitegenPath } from 'node:url';",
      'const require = __sitegenRequire(import.meta.url);',
      'const __filename = __sitegenPath(import.meta.url);',
      'const __dirname = __sitegenDirname(__filename);',
    ].join(' '),
  },
  sourcemap: 'linked',
  logLevel: 'warning',
  chunkNames: 'chunks/[name]-[hash]',
});

// The compiled code's hash, which src/generator-version.ts reads: computed once here, not by every build.
const { codeHash } = await import(new URL('../lib/generator-version.js', import.meta.url).href);
await writeFile('lib/generator.sha256', await codeHash('lib'));
