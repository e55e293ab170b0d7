/**
 * A social card still shows what it is for: the page's title, the brand and
 * the logo, on the brand's colours. The card drawn now is compared pixel by
 * pixel with a reference looked at and committed (tests/fixtures/), with a
 * tolerance for edges a new renderer smooths differently; a card missing
 * its title, brand or logo is past it. A change meant to alter the card:
 * run this file with UPDATE_CARD_REFERENCE=1, look at the new reference,
 * commit it.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardsVersion, drawCard, drawableText } from '../../src/images/social-cards';
import type { CardContent } from '../../src/images/card-names';
import { packageVersion } from '../../src/images/image-settings';
import * as templates from '../../templates/index';
import { projectRoot } from '../support/cli';

const reference = join(projectRoot, 'tests', 'fixtures', 'social-card.png');

const content: CardContent = {
  title: 'Local SEO for plumbers: how to show up in the map pack',
  eyebrow: 'Local SEO',
  brand: 'TradeBoost Digital',
  host: 'tradeboostdigital.co.uk',
};

/** A pixel differs when a channel is off by more than this: smoothing that moves, not a missing word. */
const channelTolerance = 48;
/** How many pixels may differ: under a quarter of what the logo's wrench changes, the least visible of the three. */
const differingTolerance = 100;

let logo: Buffer;

beforeAll(async () => {
  // The logo as the build gives it to every card: 144 pixels wide, twice the size it is drawn at.
  logo = await sharp(join(projectRoot, 'content', 'images', 'logo.png'))
    .resize({ width: 144 })
    .png()
    .toBuffer();
  if (process.env.UPDATE_CARD_REFERENCE) await writeFile(reference, await drawCard(templates, content, logo));
});

const pixelsOf = (png: Buffer) => sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });

/** How many pixels of `card` differ from the reference's. */
async function differingPixels(card: Buffer): Promise<number> {
  const drawn = await pixelsOf(card);
  const expected = await pixelsOf(await readFile(reference));
  expect([drawn.info.width, drawn.info.height]).toEqual([expected.info.width, expected.info.height]);
  let differing = 0;
  for (let pixel = 0; pixel < drawn.data.length; pixel += 4) {
    for (let channel = 0; channel < 4; channel++) {
      if (Math.abs(drawn.data[pixel + channel]! - expected.data[pixel + channel]!) > channelTolerance) {
        differing += 1;
        break;
      }
    }
  }
  return differing;
}

describe('a social card', () => {
  it('is a 1200 × 630 PNG that shows the title, the brand and the logo as the reference does', async () => {
    expect(existsSync(reference)).toBe(true);
    const card = await drawCard(templates, content, logo);
    const { format, width, height } = await sharp(card).metadata();
    expect([format, width, height]).toEqual(['png', 1200, 630]);
    expect(await differingPixels(card)).toBeLessThanOrEqual(differingTolerance);
  });

  const transparent = () => sharp({ create: { width: 144, height: 144, channels: 4, background: '#0000' } }).png();
  it.each([
    ['its title', async () => drawCard(templates, { ...content, title: '' }, logo)],
    ['the brand', async () => drawCard(templates, { ...content, brand: '' }, logo)],
    ['the logo', async () => drawCard(templates, content, await transparent().toBuffer())],
  ])('without %s is past the tolerance', async (_, draw) => {
    expect(await differingPixels(await draw())).toBeGreaterThan(differingTolerance);
  });

  it('leaves out of its words the characters no face of it has (an emoji, an arrow, a star), rather than draw boxes', async () => {
    const card = await drawCard(
      templates,
      {
        ...content,
        title: `🚀 ${content.title} → ★✓①`,
        eyebrow: `${content.eyebrow} 👍🏽`,
        brand: `👨‍👩‍👧 ${content.brand}`,
      },
      logo,
    );
    // The reference's words, where each such character would be a box.
    expect(await differingPixels(card)).toBeLessThanOrEqual(differingTolerance);
    expect(drawableText('£½ éŵ — “quoted” ‘here’ 👨‍👩‍👧 ÆØ ™')).toBe('£½ éŵ — “quoted” ‘here’ ÆØ ™');
  });

  it("breaks a word too long for a line, rather than draw it past the card's right margin", async () => {
    const title = 'Why www.tradeboostdigitalmarketingforplumbers.co.uk matters';
    const { data, info } = await pixelsOf(await drawCard(templates, { ...content, title }, logo));
    // The card's right margin (72 pixels, SocialCard.tsx) from top to bottom, all of it the brand's background colour.
    const background = [...data.subarray(0, 3)];
    let drawnOn = 0;
    for (let y = 0; y < info.height; y++)
      for (let x = info.width - 72; x < info.width; x++) {
        const at = (y * info.width + x) * 4;
        if ([0, 1, 2].some((channel) => Math.abs(data[at + channel]! - background[channel]!) > channelTolerance))
          drawnOn++;
      }
    expect(drawnOn).toBe(0);
  });

  it("is named anew when the renderer's name or version, the template or the logo changes", () => {
    const version = cardsVersion('template-1', 'logo-1');
    expect(version).toContain(`@takumi-rs/core@${packageVersion('@takumi-rs/core')}`);
    expect(version).toContain(`@fontsource/inter@${packageVersion('@fontsource/inter')}`);
    expect(cardsVersion('template-2', 'logo-1')).not.toBe(version);
    expect(cardsVersion('template-1', 'logo-2')).not.toBe(version);
  });
});
