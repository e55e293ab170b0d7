import type { Page } from 'playwright-core';

/**
 * CSS colours as the screen draws them over white, in sRGB, 0 to 255 a channel (the theme's colours are written in
 * oklch, some see-through): each painted over white on a one-pixel canvas of `page`.
 */
export function drawnOverWhite(page: Page, colours: readonly string[]): Promise<number[][]> {
  return page.evaluate((colours) => {
    const canvas = new OffscreenCanvas(1, 1).getContext('2d', { willReadFrequently: true })!;
    return colours.map((colour) => {
      canvas.fillStyle = '#fff';
      canvas.fillRect(0, 0, 1, 1);
      canvas.fillStyle = colour;
      canvas.fillRect(0, 0, 1, 1);
      return [...canvas.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    });
  }, colours);
}

/** WCAG's contrast ratio (1 to 21) of two colours as the screen draws them: sRGB, 0 to 255 a channel. */
export function contrastRatio(one: readonly number[], other: readonly number[]): number {
  const [lighter, darker] = [luminance(one), luminance(other)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}

/** Relative luminance of a colour, as WCAG reckons it. */
function luminance(colour: readonly number[]): number {
  const [r, g, b] = colour.map((value) => {
    const channel = value / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
