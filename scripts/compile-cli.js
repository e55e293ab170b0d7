// Compiles the generator (src/) to lib/ once, at install: every `sitegen` run
// then starts from plain JavaScript. Dependencies stay external so that they
// load lazily and only when a command needs them.
import { rm } from 'node:fs/promises';
import { build } from 'esbuild';

// A fresh folder: chunk names change with their content, and stale ones would pile up.
await rm('lib', { recursive: true, force: true });
await build({
  entryPoints: { cli: 'src/cli.ts', 'site-worker': 'src/workers/site-worker.ts' },
  outdir: 'lib',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
  chunkNames: 'chunks/[name]-[hash]',
});
