/**
 * npm run bench, part five: what one social card costs to draw. The
 * generator's drawCard (src/images/social-cards.ts) and the site's
 * SocialCard template, bundled by esbuild as the build compiles them, draw
 * 300 cards one after another (each its own title, the real logo) after 20
 * unmeasured ones; CPU is process.cpuUsage() over the 300, user and system,
 * so it counts every thread of the process (the main thread's JavaScript and
 * the renderer's own threads).
 *
 * Target on a 2-core machine: about 10 ms of CPU a card or less.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import sharp from 'sharp';
import { verdict } from './measure.js';
import { root } from './project.js';

const cards = Number(process.env.BENCH_CARDS ?? 300);
// Inside the project, beside the build's own compiled templates: the bundle finds the packages and the fonts where the build does.
await mkdir(join(root, '.sitegen'), { recursive: true });
const work = await mkdtemp(join(root, '.sitegen', 'bench-cards-'));
try {
  const bundle = join(work, 'cards.mjs');
  await build({
    stdin: {
      contents:
        "export { drawCard } from './src/images/social-cards.ts'; export { SocialCard } from './templates/social/SocialCard.tsx';",
      resolveDir: root,
      loader: 'ts',
    },
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    jsx: 'automatic',
    packages: 'external',
    logLevel: 'error',
  });
  // drawCard asks the templates for SocialCard alone.
  const { drawCard, SocialCard } = await import(pathToFileURL(bundle).href);
  const templates = { SocialCard };
  // As the build gives it to every card: 144 pixels wide, twice the size it is drawn at.
  const logo = await sharp(join(root, 'content', 'images', 'logo.png'))
    .resize({ width: 144 })
    .png()
    .toBuffer();
  const draw = (index) =>
    drawCard(
      templates,
      {
        title: `Local SEO for trades, note ${index}: how to show up in the map pack`,
        eyebrow: 'Local SEO',
        brand: 'TradeBoost Digital',
        host: 'tradeboostdigital.co.uk',
      },
      logo,
    );
  const loading = process.cpuUsage();
  await draw(0);
  const first = process.cpuUsage(loading);
  for (let index = 1; index <= 20; index += 1) await draw(index);
  const started = process.cpuUsage();
  let bytes = 0;
  for (let index = 0; index < cards; index += 1) bytes += (await draw(100 + index)).length;
  const used = process.cpuUsage(started);
  const perCard = (used.user + used.system) / 1000 / cards;
  console.log(`social cards (${cards} drawn one after another)`);
  console.log(
    `  CPU a card ${perCard.toFixed(1).padStart(10)} ms   target ≤ 10 ms   ${verdict(perCard <= 10)}   (the first, loading the renderer and fonts: ${((first.user + first.system) / 1000).toFixed(0)} ms; PNG ${(bytes / cards / 1024).toFixed(1)} KB on average)`,
  );
} finally {
  await rm(work, { recursive: true, force: true });
}
