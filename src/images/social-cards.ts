/**
 * Social cards: the 1200 × 630 image an article or trade page shows when it
 * is shared, drawn from the SocialCard template by satori (React elements
 * to SVG, with Inter from npm) and made a PNG by sharp. A card is named by
 * a hash of what it shows and of what draws it, so it is drawn once and
 * cached for a year (card-names.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { TemplateModule } from '../assets/compile-templates';
import type { CardContent } from './card-names';
import { cardSize } from './image-names';
import { cardPng, packageVersion } from './image-settings';
import { loadSharp } from './sharp-library';

/** Inter from npm: satori reads WOFF (not WOFF2), and needs each weight and subset it draws. */
const fonts = [400, 700].flatMap((weight) =>
  ['latin', 'latin-ext'].map((subset) => ({
    weight,
    file: `@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`,
  })),
);

/**
 * What every card is drawn with besides its content, as one version: the
 * template's code, the logo's key, and the versions of satori, sharp and the
 * font. A change of any draws every card again, under new names.
 */
export function cardsVersion(templateVersion: string, logoKey: string): string {
  const tools = ['satori', 'sharp', '@fontsource/inter'].map((name) => `${name}@${packageVersion(name)}`);
  return [templateVersion, logoKey, ...tools, JSON.stringify(cardPng)].join('\0');
}

const require = createRequire(import.meta.url);
let fontData: { name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[] | undefined;

/** Draws a card: satori's SVG, rasterised by sharp (which draws text satori has already turned into paths). */
export async function drawCard(templates: TemplateModule, content: CardContent, logoPng: Uint8Array): Promise<Buffer> {
  const satori = (await import('satori')).default;
  fontData ??= fonts.map(({ weight, file }) => ({
    name: 'Inter',
    data: readFileSync(require.resolve(file)),
    weight: weight as 400 | 700,
    style: 'normal' as const,
  }));
  const logo = `data:image/png;base64,${Buffer.from(logoPng).toString('base64')}`;
  const element = templates.SocialCard({ ...content, logo });
  const svg = await satori(element, { ...cardSize, fonts: fontData });
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png(cardPng).toBuffer();
}
