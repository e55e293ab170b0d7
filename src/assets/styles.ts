/**
 * The stylesheet: Tailwind CSS v4 compiled from templates/styles.css and the
 * classes that templates/ and islands/ use, minified, named by its hash.
 */
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { BuildConfig } from '../config';
import { SitegenError, messageOf } from '../errors';
import { hashedName } from './hash';

export interface Stylesheet {
  /** Path under the output folder, such as assets/styles-1a2b3c4d.css. */
  file: string;
  css: string;
}

export async function buildStylesheet(config: BuildConfig): Promise<Stylesheet> {
  const entry = join(config.templatesDir, 'styles.css');
  const [{ compile, optimize }, { Scanner }, source] = await Promise.all([
    import('@tailwindcss/node'),
    import('@tailwindcss/oxide'),
    readFile(entry, 'utf8'),
  ]);
  let css: string;
  try {
    const compiler = await compile(source, { base: config.templatesDir, onDependency: () => {} });
    const scanner = new Scanner({ sources: compiler.sources });
    css = optimize(compiler.build(scanner.scan()), { minify: true }).code;
  } catch (error) {
    throw new SitegenError(`${relative(config.root, entry)}: ${messageOf(error)}`, { cause: error });
  }
  return { file: `assets/${hashedName('styles', css, 'css')}`, css };
}
