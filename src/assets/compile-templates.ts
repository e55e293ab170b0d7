/**
 * The project's templates are compiled at every build (they are the
 * project's, not the generator's), with esbuild, into one module under
 * .sitegen/ that Node imports. React, Preact and their renderers stay
 * external so that the generator and the templates share one copy of each.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BuildConfig } from '../config';
import { SitegenError } from '../errors';
import type * as Templates from '../../templates/index';

export type TemplateModule = typeof Templates;

const shared = ['react', 'react-dom', 'preact', 'preact-render-to-string'];

export async function compileTemplates(config: BuildConfig): Promise<TemplateModule> {
  const { build } = await import('esbuild');
  let code: string;
  try {
    const result = await build({
      entryPoints: [join(config.templatesDir, 'index.ts')],
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      jsx: 'automatic',
      external: shared.flatMap((name) => [name, `${name}/*`]),
      logLevel: 'silent',
      legalComments: 'none',
    });
    code = result.outputFiles[0]!.text;
  } catch (error) {
    throw new SitegenError(`templates: ${describeEsbuildError(error)}`, { cause: error });
  }
  // Named by content, so a changed template is a new module (Node caches imports by URL) and an unchanged one is reused.
  const file = join(config.cacheDir, `templates-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  await mkdir(config.cacheDir, { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, code);
  await rename(temporary, file);
  return (await import(pathToFileURL(file).href)) as TemplateModule;
}

export function describeEsbuildError(error: unknown): string {
  const errors = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } | null }[] }).errors;
  if (!errors?.length) return error instanceof Error ? error.message : String(error);
  return errors
    .map((item) => (item.location ? `${item.location.file}:${item.location.line}:${item.location.column}: ${item.text}` : item.text))
    .join('\n');
}
