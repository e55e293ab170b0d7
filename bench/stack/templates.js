/**
 * Compiles templates-entry.js twice with esbuild: for Preact as the project
 * does (src/assets/compile-templates.ts: bundled, then its JSX precompiled by
 * src/assets/precompile-jsx.ts), and for React. The renderers stay
 * external, as in the project, so each is loaded from node_modules exactly as
 * a build would load it; that is also why the bundles are written inside the
 * project (.sitegen/, git-ignored), where Node can resolve those packages.
 */
import { readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..', '..');
// esbuild lets tsconfig.json's jsxImportSource ('preact') win over the build option for the
// templates, so the React build gets the project's compiler options with that one changed.
const { compilerOptions } = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8'));
const externals = (names) => names.flatMap((name) => [name, `${name}/*`]);

const common = {
  entryPoints: [join(here, 'templates-entry.js')],
  absWorkingDir: root,
  bundle: true,
  write: true,
  metafile: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  jsx: 'automatic',
  logLevel: 'silent',
  legalComments: 'none',
};

const variants = {
  preact: { jsxImportSource: 'preact', external: externals(['preact', 'preact-render-to-string']) },
  react: {
    jsxImportSource: 'react',
    tsconfigRaw: { compilerOptions: { ...compilerOptions, jsxImportSource: 'react' } },
    // The templates import `h` from 'preact' and Island imports preact-render-to-string: both must become React.
    alias: { preact: join(here, 'react-shim', 'preact.js'), 'preact-render-to-string': join(here, 'react-shim', 'preact-render-to-string.js') },
    external: externals(['react', 'react-dom']),
  },
};

/** The project's JSX precompiler (TypeScript), compiled into `outDir` to be imported here. */
async function loadPrecompiler(outDir) {
  const outfile = join(outDir, 'precompile-jsx.mjs');
  await build({ entryPoints: [join(root, 'src', 'assets', 'precompile-jsx.ts')], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile, logLevel: 'silent' });
  return (await import(pathToFileURL(outfile).href)).precompileJsx;
}

/** Writes both bundles into `outDir`; returns their paths by renderer. */
export async function compileTemplates(outDir) {
  await mkdir(outDir, { recursive: true });
  const precompileJsx = await loadPrecompiler(outDir);
  const bundles = {};
  for (const [name, options] of Object.entries(variants)) {
    const outfile = join(outDir, `templates-${name}.mjs`);
    const { metafile } = await build({ ...common, ...options, outfile });
    // A React bundle that still reached Preact (a subpath import the aliases missed, say) would time a mix of both.
    const imported = Object.values(metafile.outputs).flatMap((output) => output.imports.map((entry) => entry.path));
    const inputs = Object.keys(metafile.inputs);
    const foreign = name === 'react' ? /(^|node_modules\/)preact/ : /(^|node_modules\/)react(-dom)?(\/|$)/;
    const leaked = [...imported, ...inputs].filter((path) => foreign.test(path));
    if (leaked.length) throw new Error(`the ${name} template bundle reaches the other renderer: ${leaked.join(', ')}`);
    if (name === 'preact') await writeFile(outfile, precompileJsx(await readFile(outfile, 'utf8')));
    bundles[name] = outfile;
  }
  return bundles;
}
