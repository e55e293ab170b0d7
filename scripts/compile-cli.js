// Compiles the generator (src/) to lib/ once, at install: every `sitegen` run
// then starts from plain JavaScript. Dependencies stay external so that they
// load lazily and only when a command needs them.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/cli.ts'],
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
