/**
 * Social cards, the image an article or trade page shows when it is shared: drawn from the SocialCard template straight
 * to a PNG by takumi (React elements to pixels), which lays out and rasterises on threads of its own.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Renderer } from '@takumi-rs/core';
import type { TemplateModule } from '../assets/compile-templates';
import type { CardContent } from './card-names';
import { cardSize } from './image-names';
import { packageVersion } from './image-settings';

/** The subsets of Inter a UK page's title may need (takumi takes a glyph from whichever face has it). */
const subsets = ['latin', 'latin-ext'];
const fonts = [400, 700].flatMap((weight) =>
  subsets.map((subset) => ({ weight, file: `@fontsource/inter/files/inter-${subset}-${weight}-normal.woff2` })),
);

const tools = ['@takumi-rs/core', '@takumi-rs/helpers', '@fontsource/inter'];
/** How a card treats a character no face has: as a part of what draws it, a change of it draws every card again. */
const missingGlyphs = 'left out';

/** What every card is drawn with besides its content, as one version: a change of any draws every card again. */
export function cardsVersion(templateVersion: string, logoKey: string): string {
  const toolVersions = tools.map((name) => `${name}@${packageVersion(name)}`);
  return [templateVersion, logoKey, ...toolVersions, `missing glyphs ${missingGlyphs}`].join('\0');
}

let drawable: RegExp | undefined;

/**
 * A card's text as its faces can draw it: a character none has (an emoji, an arrow, a star) is left out, rather than
 * drawn as a box saying "NO GLYPH". What each face has is fontsource's own list of its subsets' characters.
 */
export function drawableText(text: string): string {
  if (!drawable) {
    const ranges = require('@fontsource/inter/unicode.json') as Record<string, string>;
    // Each range, "U+0460-052F", as a character class's: \u{0460}-\u{052F}.
    const spans = subsets
      .flatMap((subset) => ranges[subset]!.split(','))
      .map((range) => range.slice(2).replace(/[0-9A-F]+/gi, '\\u{$&}'));
    drawable = new RegExp(`[${spans.join('')}]`, 'u');
  }
  // The joiner that held an emoji's parts together would be left alone between words.
  const kept = [...text].filter((character) => character !== '\u200d' && drawable!.test(character)).join('');
  return kept.replace(/\s{2,}/g, ' ').trim();
}

const require = createRequire(import.meta.url);
let cardTools: Promise<{ drawer: Renderer; fromJsx: typeof import('@takumi-rs/helpers/jsx').fromJsx }> | undefined;

/** Loaded the first time a card is drawn: a build whose cards are all kept never loads them. */
const loadCardTools = () =>
  (cardTools ??= Promise.all([import('@takumi-rs/core'), import('@takumi-rs/helpers/jsx')]).then(
    async ([{ Renderer }, { fromJsx }]) => {
      const drawer = new Renderer();
      for (const { weight, file } of fonts) {
        const data = readFileSync(require.resolve(file));
        await drawer.registerFont({ name: 'Inter', weight, style: 'normal', data });
      }
      return { drawer, fromJsx };
    },
  ));

/** The logo may still be on its way: the renderer loads meanwhile. */
export async function drawCard(
  templates: TemplateModule,
  content: CardContent,
  logoPng: Uint8Array | Promise<Uint8Array>,
): Promise<Buffer> {
  const [{ drawer, fromJsx }, logoBytes] = await Promise.all([loadCardTools(), logoPng]);
  const logo = `data:image/png;base64,${Buffer.from(logoBytes).toString('base64')}`;
  const { title, eyebrow, brand } = content;
  const words = { title: drawableText(title), eyebrow: drawableText(eyebrow), brand: drawableText(brand) };
  const { node, css } = await fromJsx(templates.SocialCard({ ...content, ...words, logo }));
  return drawer.render(node, { ...cardSize, format: 'png', css });
}
