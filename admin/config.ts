/**
 * Decap CMS's configuration, made in the browser from the content schemas
 * (fields.ts) and the site as it is (the blog's categories, the trades and
 * services are the choices of the fields that must name one): no config.yml
 * to keep in step with the build. The same function makes it in the tests
 * that hold it to the schemas.
 */
import type { SiteModel } from '../src/content/model';
import type { EditorBackend } from '../src/admin/editor-page';
import {
  articles,
  fieldLabels,
  fileCollections,
  legalPages,
  longTextFields,
  servicePageFiles,
  trades,
  type EditedFile,
  type EditedFolder,
} from './collections';
import { jsonFormat, markdownFormat } from './file-formats';
import { fieldsOf, optionalMark, type DecapField, type FieldChoice, type FieldOptions } from './fields';

export interface ConfigSources {
  model: SiteModel;
  /** The service pages' files, by their paths under the content folder. */
  servicePages: readonly string[];
  backend: EditorBackend;
  /** The site the editor is part of: its pages open from the editor's "view live" links. */
  siteUrl: string;
  /** The site's logo, drawn on the editor's login page. */
  logo?: string | undefined;
  /** Today in London ("2026-11-30"): a new article's date, as `sitegen new article` dates one. */
  today: string;
}

export function decapConfig({ model, servicePages, backend, siteUrl, logo, today }: ConfigSources) {
  const dir = model.contentDir;
  const select = (options: FieldChoice['options']): FieldChoice => ({ widget: 'select', options });
  const serviceIds = select(model.services.map((service) => service.id));
  const options = (choices: FieldOptions['choices'] = {}): FieldOptions => ({
    labels: fieldLabels,
    longText: longTextFields,
    choices,
  });
  const choicesFor: Record<string, FieldOptions['choices']> = {
    'case-studies': { trade: select(model.trades.map((trade) => ({ label: trade.name, value: trade.slug }))) },
  };
  const files = (list: EditedFile[]) =>
    list.map((edited) => ({
      name: edited.name,
      label: edited.label,
      file: `${dir}/${edited.path}`,
      // "View Live" opens the page the form previews (the team's About), not the site's home page.
      preview_path: edited.preview(model).slice(1),
      fields: fieldsOf(
        edited.schema,
        options(edited.name.startsWith('service-') ? { slug: serviceIds } : choicesFor[edited.name]),
      ),
    }));
  const newest = model.articles.reduce<SiteModel['articles'][number] | undefined>(
    (latest, article) => (!latest || article.date > latest.date ? article : latest),
    undefined,
  );
  const articleFields = fieldsOf(articles.schema, options({ category: select(model.categories.map((c) => c.name)) }));
  return {
    load_config_file: false,
    backend:
      backend.name === 'local'
        ? { name: 'proxy', proxy_url: backend.url }
        : { name: 'github', repo: backend.repo, branch: backend.branch, ...authEndpoint(backend.authUrl) },
    site_url: siteUrl,
    display_url: siteUrl,
    ...(logo && { logo: { src: logo } }),
    media_folder: `${dir}/images`,
    // What content names an image by: "images/team/sarah.jpg" (schemas/shared.ts, localImageSrc).
    public_folder: 'images',
    slug: { encoding: 'ascii', clean_accents: true },
    collections: [
      folderCollection(
        dir,
        // Deleted only where sitegen dev's backend checks a delete first: GitHub's runs nothing of ours, and a live
        // article deleted there would stop every deploy (`sitegen check --since`) until a developer redirected it.
        { ...articles, deletable: backend.name === 'local' },
        withDefaults(articleFields, { draft: true, author: newest?.author, date: today }),
      ),
      folderCollection(dir, legalPages, fieldsOf(legalPages.schema, options())),
      folderCollection(dir, trades, newTradeFields(fieldsOf(trades.schema, options({ service: serviceIds })), model)),
      ...fileCollections.map((collection) => ({
        name: collection.name,
        label: collection.label,
        description: collection.description,
        format: jsonFormat.name,
        files: files(
          collection.name === 'pages'
            ? [...collection.files, ...servicePageFiles(model, servicePages)]
            : collection.files,
        ),
      })),
    ],
  };
}

/**
 * A folder of files: an entry's file is named by its slug, which the editor
 * therefore asks for (an article without one would have no page). A
 * Markdown file's body is Markdown, with no images of the editor's own: a
 * body may show only the site's files and stock photos (content/markdown.ts).
 */
function folderCollection(dir: string, folder: EditedFolder, fields: DecapField[]) {
  const withSlug = fields.map((field) =>
    field.name === 'slug'
      ? {
          ...field,
          label: field.label.replace(optionalMark, ''),
          hint: `${field.hint ?? ''} A new entry's file is named after it.`.trim(),
        }
      : field,
  );
  const markdown = folder.extension === 'md';
  return {
    name: folder.name,
    label: folder.label,
    label_singular: folder.labelSingular,
    folder: `${dir}/${folder.folder}`,
    create: true,
    delete: folder.deletable,
    extension: folder.extension,
    format: markdown ? markdownFormat.name : jsonFormat.name,
    slug: '{{fields.slug}}',
    identifier_field: markdown ? 'title' : 'name',
    preview_path: folder.preview({ slug: '{{fields.slug}}' })!.slice(1),
    fields: markdown ? [...withSlug, bodyField] : withSlug,
  };
}

// Checked by the build's rule (an empty body is refused in its words), as every field is: not by Decap.
const bodyField = {
  name: 'body',
  label: 'Body',
  widget: 'markdown',
  // Typed in rich text, [words](/address) is kept as written, its brackets escaped: it would show so on the page. Decap
  // draws a hint as Markdown: in code marks (which it draws as plain text), the link is shown as it is typed.
  hint: "{name}, {legalName}, {phone}, {email}, {address} and {hours} in the text show the agency's own, from the site's facts. A link: select its words and press the link button, or type `[words](/address)` after switching to Markdown.",
  modes: ['rich_text', 'raw'],
  editor_components: [],
  required: false,
};

/** A new trade's services, its cards of the services in order (the build's rule), named: their words to fill in. */
function newTradeFields(fields: DecapField[], model: SiteModel): DecapField[] {
  const blank = (fields.find((field) => field.name === 'services')!.default as object[])[0];
  return withDefaults(fields, { services: model.services.map((service) => ({ service: service.id, ...blank })) });
}

/** New entries start from these values (an article: a draft dated today in London, by the newest article's author), and a yes-or-no from no. */
function withDefaults(fields: DecapField[], defaults: Record<string, unknown>): DecapField[] {
  return fields.map((field) => {
    const value = defaults[field.name] ?? (field.widget === 'boolean' ? false : undefined);
    return value === undefined ? field : { ...field, default: value };
  });
}

/**
 * Where Decap's GitHub backend signs the marketer in: an OAuth provider's
 * address, such as https://oauth.example.com/auth (its path, if any, is the
 * endpoint); Netlify's own when none is given.
 */
function authEndpoint(url: string | undefined): { base_url?: string; auth_endpoint?: string } {
  if (!url) return {};
  const { origin, pathname } = new URL(url);
  const path = pathname.replace(/^\/+|\/+$/g, '');
  return path ? { base_url: origin, auth_endpoint: path } : { base_url: origin };
}
