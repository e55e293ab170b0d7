/**
 * Synthetic articles for the scale benchmark: the project's real front
 * matter, a body of about 1,000 words with headings, lists, links and a code
 * block, all deterministic from a seed so every run builds the same site.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** mulberry32: a small, fast, seedable generator. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const words = (
  'plumber electrician roofer builder boiler leak quote customer job diary review google map search local area postcode ' +
  'enquiry call phone website page service repair install emergency winter summer price budget lead booking van team ' +
  'trade work home kitchen bathroom heating rewire survey estimate invoice deposit guarantee insurance certificate safe ' +
  'gas niceic checkatrade profile listing ranking keyword advert click cost return month week season weather storm ' +
  'drain tile floor fence driveway garden tree chimney window door lock damp plaster paint brick roof gutter solar ' +
  'the a and of to in for with on that this your you we our they it is are was be can will more most every each ' +
  'which when where how why who what good better best new old small large quick clear simple honest local nearby'
).split(' ');
const categories = ['SEO', 'Google Ads', 'Social Media', 'Web Design', 'Reputation Management', 'Case Studies'];
const authors = ['Sarah Mitchell', 'James Thompson', 'Priya Patel'];
const links = [
  '/contact',
  '/services/local-seo',
  '/services/google-ads',
  '/services/plumber',
  '/services/electrician',
  '/blog',
  '/case-studies',
];
const images = [
  'https://images.unsplash.com/photo-1460925895917-afdab827c52f',
  'https://images.unsplash.com/photo-1551288049-bebda4e38f71',
  'https://images.unsplash.com/photo-1524661135-423995f22d0b',
];

export function generateArticle(index, seed = 1) {
  const next = random(seed * 1_000_003 + index);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const sentence = (length) => {
    const text = Array.from({ length }, () => pick(words)).join(' ');
    return `${text[0].toUpperCase()}${text.slice(1)}.`;
  };
  const paragraph = () =>
    Array.from({ length: 4 + Math.floor(next() * 3) }, () => sentence(10 + Math.floor(next() * 8))).join(' ');
  const slug = `trade-marketing-note-${String(index).padStart(5, '0')}`;
  const title = `Trade Marketing Note ${index}: ${pick(words)} and ${pick(words)}`.slice(0, 60);
  const date = new Date(Date.UTC(2020, 0, 1) + Math.floor(next() * 1700) * 86_400_000).toISOString().slice(0, 10);
  const sections = [];
  for (let s = 0; s < 5; s += 1) {
    const parts = [`## ${sentence(4).slice(0, -1)}`, paragraph(), paragraph()];
    if (s === 1) parts.push(Array.from({ length: 4 }, () => `- ${sentence(6)}`).join('\n'));
    if (s === 2)
      parts.push(
        Array.from({ length: 3 }, (_, i) => `${i + 1}. ${sentence(7)} See [this page](${pick(links)}).`).join('\n'),
      );
    if (s === 3)
      parts.push('### A closer look', paragraph(), '```\nBudget: £500 a month\nLeads: 25\nCost per lead: £20\n```');
    sections.push(parts.join('\n\n'));
  }
  const body = [paragraph(), ...sections, `Ready to grow? [Book a free strategy call](/contact).`].join('\n\n');
  const frontMatter = [
    '---',
    `title: ${JSON.stringify(title)}`,
    `slug: "${slug}"`,
    `excerpt: ${JSON.stringify(sentence(18))}`,
    `description: ${JSON.stringify(`Note ${index}: ${sentence(14)}`.slice(0, 155))}`,
    `keywords: ["${pick(words)} marketing", "${pick(words)} leads"]`,
    `author: "${pick(authors)}"`,
    `date: "${date}"`,
    `readTime: ${5 + Math.floor(next() * 6)}`,
    `category: "${pick(categories)}"`,
    'featured: false',
    `image: "${pick(images)}"`,
    `imageAlt: "A tradesperson at work"`,
    '---',
    '',
  ].join('\n');
  return { slug, text: `${frontMatter}${body}\n` };
}

/** Writes `count` articles into `dir`; returns their slugs. */
export async function writeArticles(dir, count, seed = 1) {
  await mkdir(dir, { recursive: true });
  const slugs = [];
  for (let index = 1; index <= count; index += 1) {
    const { slug, text } = generateArticle(index, seed);
    await writeFile(join(dir, `${slug}.md`), text);
    slugs.push(slug);
  }
  return slugs;
}
