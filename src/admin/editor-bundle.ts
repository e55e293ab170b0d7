/**
 * The editor's own script (admin/main.ts), bundled with esbuild: the only script of the site that holds React, and
 * only /admin loads it. The few Node modules the code it shares with the build names are given browser stand-ins
 * (admin/stand-ins/), each saying why the editor never needs the real one.
 */
import { join, relative, resolve } from 'node:path';
import type { Plugin } from 'esbuild';
import { browserBundle } from '../assets/client-scripts';
import { loadEsbuild } from '../assets/commonjs';
import { describeEsbuildError } from '../assets/compile-templates';
import type { BuildConfig } from '../config';
import { SitegenError } from '../errors';
import { hashedName } from '../hash';
import { isInside } from '../list-files';
import type { SiteFile } from '../output/output';

export interface EditorBundle {
  file: SiteFile;
  /** Every source file it is made from, as absolute paths: an edit of any makes it again. */
  inputs: string[];
}

export async function bundleEditor(config: BuildConfig): Promise<EditorBundle> {
  const { build } = loadEsbuild();
  const result = await build({
    ...browserBundle(config.root),
    entryPoints: [join(config.adminDir, 'main.ts')],
    plugins: [projectTemplates(config)],
    alias: {
      'node:module': join(config.adminDir, 'stand-ins', 'module.ts'),
      'node:crypto': join(config.adminDir, 'stand-ins', 'crypto.ts'),
    },
    jsxImportSource: 'react',
    outfile: 'editor.js',
  }).catch((error: unknown) => {
    throw new SitegenError(`admin: ${describeEsbuildError(error)}`, { cause: error });
  });
  const content = result.outputFiles[0]!.contents;
  const inputs = Object.keys(result.metafile.inputs).map((input) => resolve(config.root, input));
  return { file: { path: `admin/${hashedName('editor', content, 'js')}`, content }, inputs };
}

/** The editor's code names the generator's templates: a project's previews draw its pages with its own. */
function projectTemplates(config: BuildConfig): Plugin {
  const generatorTemplates = resolve(config.adminDir, '..', 'templates');
  return {
    name: 'project-templates',
    setup(build) {
      if (generatorTemplates === config.templatesDir) return;
      build.onResolve({ filter: /templates/ }, (args) => {
        const target = resolve(args.resolveDir, args.path);
        if (!isInside(generatorTemplates, target) || !isInside(config.adminDir, args.importer)) return undefined;
        const path = join(config.templatesDir, relative(generatorTemplates, target));
        return build.resolve(`./${relative(args.resolveDir, path).split('\\').join('/')}`, {
          resolveDir: args.resolveDir,
          kind: args.kind,
        });
      });
    },
  };
}
