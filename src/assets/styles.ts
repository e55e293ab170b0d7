/**
 * The stylesheet: Tailwind CSS v4 compiled from templates/styles.css and the classes that templates/ and islands/ use,
 * minified by Lightning CSS. Tailwind's core compiler is used directly: @tailwindcss/node registers a module loader
 * hook on import that slows every later import.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { loadOxide } from './commonjs';
import type { BuildConfig } from '../config';
import { SitegenError, messageOf } from '../errors';
import { hashedName } from '../hash';

export interface Stylesheet {
  /** Path under the output folder, such as assets/styles-1a2b3c4d5e.css. */
  file: string;
  css: string;
}

/** Browsers the CSS must work in: Tailwind v4's own baseline (Safari 16.4, Chrome 111, Firefox 128). */
const safari = (16 << 16) | (4 << 8);
const targets = { safari, ios_saf: safari, firefox: 128 << 16, chrome: 111 << 16 };

/** `hashed: false` (dev) keeps one stable name, so a style change does not change every page. */
export async function buildStylesheet(config: BuildConfig, hashed: boolean): Promise<Stylesheet> {
  const entry = join(config.templatesDir, 'styles.css');
  const [{ compile }, { Scanner }, lightningcss, source, theme] = await Promise.all([
    import('tailwindcss'),
    loadOxide(),
    import('lightningcss'),
    readFile(entry, 'utf8'),
    brandTheme(join(config.templatesDir, 'lib', 'brand.json'), config.root),
  ]);
  const requireFrom = createRequire(join(config.root, 'package.json'));
  try {
    const compiler = await compile(`${source}\n${theme}`, {
      base: config.templatesDir,
      from: entry,
      async loadStylesheet(id, base) {
        const path = id.startsWith('.')
          ? resolve(base, id)
          : requireFrom.resolve(id.endsWith('.css') ? id : `${id}/index.css`);
        return { path, base: dirname(path), content: await readFile(path, 'utf8') };
      },
    });
    const candidates = new Scanner({ sources: compiler.sources }).scan();
    const { code } = lightningcss.transform({
      filename: 'styles.css',
      code: Buffer.from(compiler.build(candidates)),
      minify: true,
      targets,
      include: lightningcss.Features.Nesting | lightningcss.Features.MediaQueries,
      exclude:
        lightningcss.Features.LogicalProperties | lightningcss.Features.DirSelector | lightningcss.Features.LightDark,
    });
    const css = code.toString();
    return { file: `assets/${hashed ? hashedName('styles', css, 'css') : 'styles.css'}`, css };
  } catch (error) {
    const said = messageOf(error).replace(`${entry}:`, 'line '); // a syntax error's starts with the file's full path
    throw new SitegenError(`${relative(config.root, entry)}: ${said}`, { cause: error });
  }
}

/** The brand's colours, which the templates draw with too, as the theme's: "brandPale" is text-brand-pale's colour. */
async function brandTheme(file: string, root: string): Promise<string> {
  try {
    const colours = Object.entries(JSON.parse(await readFile(file, 'utf8')) as Record<string, string>);
    const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    return `@theme { ${colours.map(([name, value]) => `--color-${kebab(name)}: ${value};`).join(' ')} }`;
  } catch (error) {
    throw new SitegenError(`${relative(root, file)}: ${messageOf(error)}`, { cause: error });
  }
}
