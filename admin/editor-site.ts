/**
 * The site as the build would make it with the entry being edited in place
 * of its file: the build's own code (site-data, site-model, the site plan
 * and its checks, the page renderer and the templates) run over the content
 * the editor was given (src/admin/editor-content.ts). An entry the build
 * would refuse throws the build's own ContentError, naming file and field;
 * one it would build is drawn as the site draws its page.
 */
import * as templates from '../templates/index';
import { ContentError } from '../src/errors';
import type { Article, LegalPage, MarkdownBody, SiteModel } from '../src/content/model';
import { londonDay, type Publishing } from '../src/content/publishing';
import { articleFrontMatterSchema, legalFrontMatterSchema } from '../src/content/schemas';
import { siteDataOf } from '../src/content/site-data';
import { articleOf, withArticles } from '../src/content/site-model';
import { renderBody, requireBody, validate } from '../src/content/validate';
import { describeUnsafeCharacter, findUnsafeCharacter, lineAndColumn } from '../src/content/schemas/well-formed';
import type { EditorContent } from '../src/admin/editor-content';
import { articleImageRefs } from '../src/images/content-images';
import type { LocalImage } from '../src/images/image-names';
import { notALogo } from '../src/images/source-limits';
import { developersFiles } from './collections';
import { localImagesOf } from './entry';
import { KeptPlan, planSite } from '../src/plan/plan-site';
import { refuseOnScheduledDays } from '../src/plan/scheduled-days';
import { refuseFreeCallWords } from '../src/content/free-call';
import { validatePlan } from '../src/plan/validate-plan';
import { createPageRenderer } from '../src/render/render-page';
import { createLayout, type Route } from '../src/routes';

/** An entry as it would be saved: a JSON file's whole value, or a Markdown file's front matter and body. */
export interface Entry {
  /** Its path under the content folder: "pages/home.json", "blog/my-post.md". */
  path: string;
  data: Record<string, unknown>;
  body?: string;
}

/** A page drawn for the preview: its <body>'s markup and classes. */
export interface PreviewPage {
  html: string;
  className: string;
}

export class EditorSite {
  private readonly kept = new KeptPlan();

  constructor(private content: EditorContent) {}

  get contentDir(): string {
    return this.content.dir;
  }

  /** Today in London: by sitegen dev's clock where SITEGEN_NOW sets it, else by the browser's. */
  today(): string {
    return this.content.today ?? londonDay(new Date());
  }

  /** The site as it is, without an edit: the editor's choices (categories, trades) come from it. */
  model(): SiteModel {
    return this.plan(undefined, new Map(), { today: this.today(), drafts: true }).model;
  }

  get servicePages(): readonly string[] {
    return this.content.pageFiles.filter((name) => name.startsWith('service-pages/'));
  }

  /** Content fetched again (sitegen dev, after every change of content/). */
  update(content: EditorContent): void {
    this.content = content;
  }

  /** Whether the content has a file of that path under its folder: an article's, a legal page's or a trade's. */
  hasFile(path: string): boolean {
    const file = `${this.content.dir}/${path}`;
    const pages = [...this.content.articles, ...this.content.legalPages];
    return this.content.pageFiles.includes(path) || pages.some((page) => page.file === file);
  }

  /**
   * Throws what the build would refuse the site with `entry` in place for, as `sitegen build` plans it (today and on
   * each day a scheduled article goes live) and as `dev` and `build --drafts` do, drafts among the pages; `images`: what
   * the entry's new images are, every one of them when `saving` (each measured before a save, not yet in a preview).
   */
  check(entry: Entry, images: ReadonlyMap<string, LocalImage> = new Map(), saving = false): void {
    try {
      for (const drafts of [false, true]) {
        const plan = this.plan(entry, images, { today: this.today(), drafts }, saving);
        validatePlan(plan, this.content.publicFiles);
        refuseOnScheduledDays(plan, this.content.publicFiles);
        if (drafts) refuseFreeCallWords(plan.model.site.phone, () => this.texts(entry));
      }
    } catch (error) {
      // A change refused for the words of a file the editor does not offer (a new phone number's "Call free" in
      // navigation.json) waits for a developer: the marketer is told so, not sent to look for it.
      const file = error instanceof ContentError && developersFiles.find((name) => error.file.endsWith(`/${name}`));
      if (!file) throw error;
      const problem = `${error.problem} (${file} is not in the editor: ask a developer to change it first)`;
      throw new ContentError(error.file, error.field, problem);
    }
  }

  /**
   * The words of each file of content, the entry's first and in place of its file's, for the rules the build applies to
   * every file's text. An article's body is known only for the entry, and those saved since the editor opened: the
   * build reads the others' too.
   */
  private *texts(entry: Entry): Iterable<[string, string]> {
    const { dir, json, articles, legalPages } = this.content;
    const edited = `${dir}/${entry.path}`;
    yield [edited, `${JSON.stringify(entry.data)}\n${entry.body ?? ''}`];
    for (const [name, value] of Object.entries(json))
      if (name !== entry.path) yield [`${dir}/${name}`, JSON.stringify(value)];
    for (const page of [...articles, ...legalPages]) if (page.file !== edited) yield [page.file, JSON.stringify(page)];
  }

  /**
   * The page `path` as sitegen dev shows it with `entry` in place (drafts
   * and scheduled articles on it, marked as such). Throws what the build
   * would refuse, as check does, and what the page's images would be
   * refused for (one narrower than it is drawn).
   */
  preview(
    entry: Entry,
    path: string,
    images: ReadonlyMap<string, LocalImage> = new Map(),
    saving = false,
  ): PreviewPage {
    this.check(entry, images, saving);
    const { model, routes, descriptors, bodies } = this.plan(entry, images, {
      today: this.today(),
      drafts: true,
    });
    const route = routes.pages.get(path);
    if (!route) throw new Error(`the site has no page at ${path}`);
    const render = createPageRenderer(templates, createLayout(model), {
      stylesheet: this.content.stylesheet,
      scriptsFor: () => ({ modules: [], preloads: [] }),
    });
    const { html, widths } = render(route, route.body && bodies.get(route.body.key));
    checkWidths(widths, descriptors, this.content, route);
    const document = new DOMParser().parseFromString(html, 'text/html');
    return { html: document.body.innerHTML, className: document.body.className };
  }

  /** A saved entry, now part of the site the next entries are checked against. */
  remember(entry: Entry): void {
    // The photos it names are files of content/images/ now, which the content fetched before it was saved lacks.
    const imageFiles = [...new Set([...this.content.imageFiles, ...localImagesOf(entry)])];
    const content = { ...this.content, imageFiles };
    if (entry.path.endsWith('.json')) {
      const json = { ...content.json, [entry.path]: entry.data };
      this.content = { ...content, json, pageFiles: withPageFile(content.pageFiles, entry) };
      return;
    }
    const { html, ...document } = markdownEntry(content.dir, entry);
    const file = `${content.dir}/${entry.path}`;
    if (entry.path.startsWith('blog/')) {
      const articles = [...content.articles.filter((article) => article.file !== file), document as Article];
      this.content = { ...content, articles };
    } else {
      const page = { ...(document as LegalPage), html };
      this.content = { ...content, legalPages: [...content.legalPages.filter((old) => old.file !== file), page] };
    }
  }

  /** The site planned as the build would plan it with `entry` in place of its file. */
  private plan(
    entry: Entry | undefined,
    images: ReadonlyMap<string, LocalImage>,
    publishing: Publishing,
    saving = false,
  ) {
    const { content } = this;
    const file = (name: string) => `${content.dir}/${name}`;
    const edited = entry && !entry.path.endsWith('.json') ? markdownEntry(content.dir, entry) : undefined;
    const editedFile = entry && file(entry.path);
    const data = siteDataOf({
      dir: content.dir,
      file,
      json: (name) => (entry?.path === name ? entry.data : content.json[name]),
      pageFiles: withPageFile(content.pageFiles, entry),
      legalPages: () => [
        ...content.legalPages.filter((page) => page.file !== editedFile),
        ...(edited && entry!.path.startsWith('legal/') ? [edited as LegalPage] : []),
      ],
    });
    const articles = [
      ...content.articles.filter((article) => article.file !== editedFile),
      ...(edited && entry!.path.startsWith('blog/') ? [edited as Article] : []),
    ];
    const read = withArticles(data, articles);
    const descriptors = this.descriptors(read, images, saving ? editedFile : undefined);
    const settings = { siteUrl: content.siteUrl, endpoint: content.endpoint };
    // What is kept between previews is what was drawn with drafts: a check's plan is made whole.
    const kept = publishing.drafts ? this.kept : undefined;
    const plan = planSite({ content: read, images: descriptors, settings, kept }, publishing);
    const bodies = new Map(content.legalPages.map((page) => [page.body.key, page.html]));
    if (edited) bodies.set(edited.body.key, edited.html);
    return { ...plan, descriptors, bodies };
  }

  /**
   * What the templates need of every image the site names: those the build
   * described, and the entry's new ones. An image that is no file of
   * content/images/ is refused, as the build refuses it; `saved`: the entry's file, as it saves with all its new ones.
   */
  private descriptors(model: SiteModel, images: ReadonlyMap<string, LocalImage>, saved?: string) {
    const { content } = this;
    const descriptors = new Map([...Object.entries(content.images), ...images]);
    const files = new Set(content.imageFiles);
    for (const ref of [...model.imageRefs, ...model.articles.flatMap(articleImageRefs)]) {
      if (descriptors.has(ref.src)) continue;
      if (!files.has(ref.src)) {
        // Decap keeps an entry's new photos by their bytes: the same photo chosen again under another name is kept
        // under that name alone, and the entry names a file it would never write.
        const others = ref.file === saved ? [...images.keys()].map((src) => `"${src}"`) : [];
        const problem = others.length
          ? `"${ref.src}" is the same photo as ${others.length > 1 ? 'one of ' : ''}${others.join(', ')}, chosen again under another name, and the editor keeps a photo once, under the last name it was given: choose a different photo for one of them`
          : `names "${ref.src}", which is not a file of ${content.dir}/images/`;
        throw new ContentError(ref.file, ref.field, problem);
      }
      // A file of the folder the editor has not measured yet: drawn at its place, its width unknown (0).
      descriptors.set(ref.src, { width: 0, height: 0, url: '', fallback: 'jpg' });
    }
    // The logo, as the build refuses it: a file not measured yet (width 0) is checked once it is.
    const logo = descriptors.get(model.site.logo.src);
    const problem = logo?.width ? notALogo(logo) : undefined;
    if (problem) throw new ContentError(`${content.dir}/${model.site.logo.src}`, '', problem);
    return descriptors;
  }
}

/** The service pages' and trades' files, a new trade's among them. */
function withPageFile(files: string[], entry: Entry | undefined): string[] {
  const added = entry && entry.path.startsWith('trades/') && !files.includes(entry.path);
  return added ? [...files, entry.path] : files;
}

/** An article's or legal page's entry as the build reads its file: front matter, then a body that says something. */
function markdownEntry(dir: string, entry: Entry): (Article | LegalPage) & { body: MarkdownBody; html: string } {
  const file = `${dir}/${entry.path}`;
  const body = entry.body ?? '';
  const unsafe = findUnsafeCharacter(body);
  if (unsafe)
    throw new ContentError(
      file,
      'body',
      describeUnsafeCharacter(unsafe, `at ${lineAndColumn(body, unsafe.index)} of the body`),
    );
  const isArticle = entry.path.startsWith('blog/');
  const data = validate(
    file,
    isArticle ? articleFrontMatterSchema : legalFrontMatterSchema,
    entry.data,
    'front matter: ',
  );
  requireBody(file, body);
  const rendered = renderBody(file, body);
  // The body's own text stands for its hash: it changes exactly when the body does.
  const markdown: MarkdownBody = { key: entry.path, hash: body, links: rendered.links, line: 1 };
  const document = isArticle
    ? articleOf(data as Parameters<typeof articleOf>[0], file, markdown)
    : { ...(data as Omit<LegalPage, 'file' | 'body'>), file, body: markdown };
  return { ...document, html: rendered.html };
}

/** Refuses, as the build does, an image drawn wider than its file: the page would ask for a rendition the build cannot make. */
function checkWidths(
  widths: ReadonlyMap<LocalImage, number>,
  descriptors: ReadonlyMap<string, LocalImage>,
  content: EditorContent,
  route: Route,
) {
  for (const [src, image] of descriptors) {
    const drawn = widths.get(image) ?? 0;
    // A file not measured yet has no width: it is checked once it is.
    if (image.width && drawn > image.width) {
      const problem = `is ${image.width} pixels wide, and ${route.path} draws it ${drawn} pixels wide: expected an image at least ${drawn} pixels wide`;
      throw new ContentError(`${content.dir}/${src}`, '', problem);
    }
  }
}
