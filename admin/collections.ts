/**
 * What the editor lets the agency's marketers change, file by file: each
 * content file (or folder of Markdown files) with the schema the build reads
 * it by, and the page its preview shows. The form of each is made from the
 * schema (fields.ts); nothing here repeats what a schema says.
 *
 * Left to the developers: navigation.json (its links must lead to pages
 * that exist, and its menu entry is code's) and redirects.json (moving a
 * page is a developer's change, README "Publishing").
 */
import type * as v from 'valibot';
import type { SiteModel } from '../src/content/model';
import * as s from '../src/content/schemas';
import { paths } from '../src/paths';

/** The files left to the developers (above): a change the build refuses for their words waits for one. */
export const developersFiles = ['navigation.json', 'redirects.json'];

/** A file of content/ the editor edits whole (Decap's file collections). */
export interface EditedFile {
  /** Unique among every collection's files: Decap names preview templates by it. */
  name: string;
  label: string;
  /** Its path under the content folder, as the build reads it. */
  path: string;
  schema: v.GenericSchema;
  /** The page its preview shows, in the site as it is. */
  preview(model: SiteModel): string;
}

/** A folder of files, one entry each (Decap's folder collections): Markdown, or JSON. */
export interface EditedFolder {
  name: string;
  label: string;
  labelSingular: string;
  /** Its path under the content folder. */
  folder: string;
  extension: 'md' | 'json';
  schema: v.GenericSchema;
  /** The page an entry's preview shows, from its front matter. */
  preview(data: { slug?: string | undefined }): string | undefined;
  /** Whether the marketers may delete an entry (an article yes, in sitegen dev: config.ts; a legal page the footer links to, or a trade the menu does, no). */
  deletable: boolean;
}

export interface EditorCollection {
  name: string;
  label: string;
  description: string;
  files: EditedFile[];
}

export const articles: EditedFolder = {
  name: 'articles',
  label: 'Articles',
  labelSingular: 'Article',
  folder: 'blog',
  extension: 'md',
  schema: s.articleFrontMatterSchema,
  preview: (data) => data.slug && paths.article(data.slug),
  deletable: true,
};

export const legalPages: EditedFolder = {
  name: 'legal',
  label: 'Legal pages',
  labelSingular: 'Legal page',
  folder: 'legal',
  extension: 'md',
  schema: s.legalFrontMatterSchema,
  preview: (data) => data.slug && paths.legal(data.slug),
  deletable: false,
};

/** One file a trade: its form holds one trade's fields, where one form of all of them was slow to draw, and previews its page. */
export const trades: EditedFolder = {
  name: 'trades',
  label: 'Trades',
  labelSingular: 'Trade',
  folder: 'trades',
  extension: 'json',
  schema: s.tradeSchema,
  preview: (data) => data.slug && paths.service(data.slug),
  deletable: false,
};

const home = () => paths.home;
const firstTrade = (model: SiteModel) => paths.service(model.trades[0]!.slug);

const file = (name: string, label: string, path: string, schema: v.GenericSchema, preview: EditedFile['preview']) => ({
  name,
  label,
  path,
  schema,
  preview,
});

export const fileCollections: EditorCollection[] = [
  {
    name: 'site',
    label: 'Site facts',
    description: 'The brand, phone number, email address, address and opening hours every page shows.',
    files: [file('facts', 'Site facts', 'site.json', s.siteSchema, home)],
  },
  {
    name: 'lists',
    label: 'Lists',
    description: 'The services, testimonials, figures, case studies, team and jobs the pages list.',
    files: [
      file('services', 'Services', 'services.json', s.servicesSchema, home),
      file('testimonials', 'Testimonials', 'testimonials.json', s.testimonialsSchema, home),
      file('stats', 'Figures', 'stats.json', s.statsSchema, home),
      file('case-studies', 'Case studies', 'case-studies.json', s.caseStudiesSchema, () => paths.caseStudies),
      file('team', 'Team', 'team.json', s.teamSchema, () => paths.about),
      file('jobs', 'Jobs', 'jobs.json', s.jobsSchema, () => paths.careers),
    ],
  },
  {
    name: 'pages',
    label: 'Page words',
    description: 'The words of each page: headings, texts, buttons, and what search results show.',
    files: [
      file('home-page', 'Home', 'pages/home.json', s.homePageSchema, home),
      file('about-page', 'About', 'pages/about.json', s.aboutPageSchema, () => paths.about),
      file(
        'case-studies-page',
        'Case studies',
        'pages/case-studies.json',
        s.caseStudiesPageSchema,
        () => paths.caseStudies,
      ),
      file('blog-page', 'Blog', 'pages/blog.json', s.blogPageSchema, () => paths.blog),
      file('careers-page', 'Careers', 'pages/careers.json', s.careersPageSchema, () => paths.careers),
      file('contact-page', 'Contact', 'pages/contact.json', s.contactPageSchema, () => paths.contact),
      file('trade-page', 'Trade pages', 'pages/trade.json', s.tradePageSchema, firstTrade),
      file('legal-page', 'Legal pages', 'pages/legal.json', s.legalCopySchema, (model) =>
        paths.legal(model.legalPages[0]!.slug),
      ),
      file('not-found-page', 'Page not found', 'pages/404.json', s.notFoundPageSchema, () => paths.notFound),
      file('forms', 'Forms', 'forms.json', s.formsSchema, () => paths.contact),
    ],
  },
];

/** The service pages' files: one each, named by their services (content/service-pages/*.json). */
export function servicePageFiles(model: SiteModel, names: readonly string[]): EditedFile[] {
  return names.map((path) => {
    const slug = path.replace(/^service-pages\/|\.json$/g, '');
    const service = model.services.find((item) => item.id === slug);
    return file(`service-${slug}`, service?.title ?? slug, path, s.servicePageSchema, () => paths.service(slug));
  });
}

/** Fields written as paragraphs, whatever file they are in. */
export const longTextFields = new Set([
  'text',
  'description',
  'excerpt',
  'intro',
  'blurb',
  'bio',
  'challenge',
  'solution',
  'quote',
  'paragraphs',
  'metaDescription',
  'servicesIntro',
  'ctaText',
  'withoutScript',
  'waiting',
  'successText',
  'unsentChangesText',
]);

/** Labels the field's name alone would not make plain. */
export const fieldLabels: Record<string, string> = {
  draft: 'Draft (left off the site while ticked)',
  date: 'Date (a date to come schedules it)',
  updated: 'Updated (when it last changed in substance)',
  aliases: 'Old slugs (each redirects here)',
  alias: 'Old slug',
  readTime: 'Read time (minutes)',
  featured: 'Featured (the newest featured is first on the blog)',
  imageAlt: 'Image description (for people who cannot see it)',
  socialImage: 'Social image (shown when shared)',
  socialImageAlt: 'Social image description',
  alt: 'Description (for people who cannot see it)',
  src: 'Image',
  slug: 'Slug (its address)',
  order: 'Order in the footer',
  phone: 'Phone number',
  email: 'Email address',
  url: "Site's address",
  href: 'Link (the profile’s address)',
  geo: 'Map position',
  unsentChangesText: 'Unsent changes (follows the success text when the form changed while it was sending)',
};
