/** The validated site model: everything the routes and templates need. Types are inferred from the schemas. */
import type * as v from 'valibot';
import type { ImageRef } from '../images/content-images';
import type { LocalImage } from '../images/image-names';
import type { BodyLink } from './markdown';
import type * as s from './schemas';

type Out<T extends v.GenericSchema> = v.InferOutput<T>;

/** An image as content names it; one of content/images/ also has what the templates need to draw it (images/content-images.ts). */
export type Image = Out<typeof s.imageSchema> & { local?: LocalImage };
export type IconName = (typeof s.iconNames)[number];

export type SiteFacts = Omit<Out<typeof s.siteSchema>, 'logo'> & {
  logo: Image;
  phoneHref: string;
  addressLine: string;
  hoursLine: string;
};
export type Testimonial = Out<typeof s.testimonialsSchema>['testimonials'][number];
export type Stat = Out<typeof s.statsSchema>['stats'][number];
export type CaseStudy = Out<typeof s.caseStudiesSchema>['caseStudies'][number];
/** `id`: the member's anchor on the about page, which an article's author links to. */
export type TeamMember = Out<typeof s.teamSchema>['team'][number] & { id: string };
export type Job = Out<typeof s.jobsSchema>['jobs'][number];
export type FormsCopy = Out<typeof s.formsSchema>;
export type ServicePage = Out<typeof s.servicePageSchema>;

export interface Pages {
  home: Out<typeof s.homePageSchema>;
  about: Out<typeof s.aboutPageSchema>;
  caseStudies: Out<typeof s.caseStudiesPageSchema>;
  blog: Out<typeof s.blogPageSchema>;
  careers: Out<typeof s.careersPageSchema>;
  contact: Out<typeof s.contactPageSchema>;
  notFound: Out<typeof s.notFoundPageSchema>;
  legal: Out<typeof s.legalCopySchema>;
  trade: Out<typeof s.tradePageSchema>;
}

/** Without HTML: its page's thread asks a MarkdownReader, so a page whose inputs are unchanged never needs it. */
export interface MarkdownBody {
  /** The content index's key: the file's path under the content folder. */
  key: string;
  hash: string;
  /** Its links by the site's root or a full web address: those of the site are checked against the route table. */
  links: readonly BodyLink[];
  /** Its first line in its file: its links' lines are the body's. */
  line: number;
}

type ArticleFrontMatter = Out<typeof s.articleFrontMatterSchema>;

export type Article = Omit<ArticleFrontMatter, 'image' | 'imageAlt' | 'socialImage' | 'socialImageAlt'> & {
  /** The file, as messages name it. */
  file: string;
  image: Image;
  socialImage?: Image;
  body: MarkdownBody;
};

export type Redirects = Out<typeof s.redirectsSchema>;

export type BlogCategory = { name: string; slug: string };

export type LegalPage = Out<typeof s.legalFrontMatterSchema> & { file: string; body: MarkdownBody };

/** `articles`: newest first (the route context puts the featured one first in its lists). */
export type SiteModel = SiteData & { articles: readonly Article[] };

export interface SiteData {
  /** As messages name it, such as "content". */
  contentDir: string;
  site: SiteFacts;
  navigation: Out<typeof s.navigationSchema>;
  services: Out<typeof s.servicesSchema>['services'];
  trades: Out<typeof s.tradeSchema>[];
  testimonials: Testimonial[];
  stats: Stat[];
  caseStudies: CaseStudy[];
  team: TeamMember[];
  jobs: Job[];
  forms: FormsCopy;
  pages: Pages;
  servicePages: ServicePage[];
  legalPages: LegalPage[];
  categories: BlogCategory[];
  /** content/redirects.json: old paths and where they lead (with the articles' aliases, routes/redirects.ts). */
  redirects: Redirects;
  /** Where the JSON files name images of content/images/ (the articles' are their front matter's). */
  imageRefs: readonly ImageRef[];
}
