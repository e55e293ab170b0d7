/**
 * The articles every contender works on, prepared once and written to one
 * JSON file: each child process then only reads it, and loads nothing but the
 * contender it times.
 *
 * Each article carries its source (for front matter), its Markdown body and
 * its page's props and head, built the way src/routes.ts builds them for an
 * article page. The page's HTML is markdown-wasm's with the two clean-ups
 * src/content/markdown.ts makes, so both renderers insert what a build would.
 */
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeArticles } from '../scale/articles.js';
import { loadMarkdownWasm, loadProjectFrontMatter } from './contenders.js';

/** src/content/markdown.ts: heading anchors dropped, <b> written as <strong>. */
const headingAnchor = /(<h[1-6]>)<a id="[^"]*" class="anchor" aria-hidden="true" href="#[^"]*"><\/a>/g;
const bold = /<(\/?)b>/g;

export async function prepareInputs({ root, work, count, seed }) {
  const dir = join(work, 'articles');
  await writeArticles(dir, count, seed);
  const site = JSON.parse(await readFile(join(root, 'content', 'site.json'), 'utf8'));
  const blog = JSON.parse(await readFile(join(root, 'content', 'pages', 'blog.json'), 'utf8'));
  const [splitFrontMatter, markdown] = await Promise.all([loadProjectFrontMatter(), loadMarkdownWasm()]);
  // src/routes.ts: the site's name is appended to a page's title when the whole fits in 60 characters.
  const title = (base) => (`${base} | ${site.name}`.length <= 60 ? `${base} | ${site.name}` : base);

  const articles = [];
  for (const file of (await readdir(dir)).sort()) {
    const source = await readFile(join(dir, file), 'utf8');
    const { data, body } = splitFrontMatter(source);
    const html = markdown(body).replace(headingAnchor, '$1').replace(bold, '<$1strong>');
    const canonical = `${site.url}/blog/${data.slug}`;
    const page = {
      props: {
        article: { title: data.title, author: data.author, date: data.date, readTime: data.readTime, category: data.category, image: data.image, imageAlt: data.imageAlt, html },
        copy: { ...blog.article, readTimeSuffix: blog.readTimeSuffix },
        paths: { blog: '/blog', contact: '/contact' },
      },
      head: {
        title: title(data.title),
        description: data.description,
        keywords: data.keywords,
        image: { src: data.image, alt: data.imageAlt },
        ogType: 'article',
        canonical,
        // The shape of src/structured-data.ts's blogPosting; what matters here is that both renderers get the same object.
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': 'BlogPosting',
          headline: data.title,
          description: data.description,
          image: [`${data.image}?auto=format&fit=crop&w=1200&q=70`],
          datePublished: data.date,
          dateModified: data.date,
          author: { '@type': 'Person', name: data.author },
          publisher: { '@type': 'Organization', name: site.name, url: `${site.url}/` },
          mainEntityOfPage: { '@type': 'WebPage', '@id': canonical },
          articleSection: data.category,
          keywords: data.keywords.join(', '),
        },
      },
    };
    articles.push({ source, body, page });
  }
  const inputs = {
    articles,
    // DocumentHead reads only the site's name from the layout; the header and footer, which need the rest, are rendered once per build.
    layout: { site: { name: site.name } },
    assets: { stylesheet: '/assets/styles.css', scripts: [], preloads: [] },
  };
  const file = join(work, 'inputs.json');
  await writeFile(file, JSON.stringify(inputs));
  return { file, inputs };
}
