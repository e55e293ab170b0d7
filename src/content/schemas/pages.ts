/** The words of each page template: content/pages/*.json and content/service-pages/*.json. */
import * as v from 'valibot';
import { icon } from './icons';
import {
  breadcrumb,
  card,
  cta,
  eachOnce,
  heroFields,
  imageSchema,
  list,
  metaFields,
  point,
  shortText,
  slug,
  text,
  texts,
  withPlaceholder,
  withPlaceholders,
} from './shared';

/** The labels of the agency's phone, email, office and hours: the home page's contact section and the contact page. */
const contactLabels = { phoneLabel: text, emailLabel: text, officeLabel: text, hoursLabel: text };

/** What most pages begin with: their meta fields, their name in breadcrumb trails and a hero of a heading and a text. */
const pageTop = { ...metaFields, breadcrumb, hero: v.strictObject(heroFields) };

export const homePageSchema = v.strictObject({
  ...metaFields,
  hero: v.strictObject({
    ...heroFields,
    eyebrow: text,
    primaryCta: text,
    secondaryCta: text,
    auditCta: text,
    points: list(text),
    image: imageSchema,
  }),
  services: v.strictObject({ heading: text, intro: text, learnMore: text }),
  testimonials: v.strictObject({ heading: text, intro: text, ratingLabel: withPlaceholder(text, 'rating') }),
  contact: v.strictObject({ heading: text, intro: text, ...contactLabels, strategyCta: text }),
});

export const aboutPageSchema = v.strictObject({
  ...pageTop,
  story: v.strictObject({ heading: text, paragraphs: list(text), image: imageSchema }),
  mission: v.strictObject({ heading: text, text, guarantee: v.strictObject({ title: text, text }) }),
  values: v.strictObject({ heading: text, intro: text, items: list(point, 4) }),
  team: v.strictObject({ heading: text, intro: text }),
});

export const caseStudiesPageSchema = v.strictObject({
  ...pageTop,
  labels: texts('challenge', 'solution', 'results', 'metric', 'before', 'after', 'increase', 'timeframe'),
  cta,
});

export const blogPageSchema = v.strictObject({
  ...pageTop,
  /** The first category link's words: the link to the blog itself, every article. */
  allLabel: shortText(30),
  /** The categories an article may name, once each, in the order of their links after allLabel's; each has its page. */
  categories: v.pipe(list(text), eachOnce('each category once')),
  categoriesLabel: text,
  /** A category's page (/blog/category/<slug>); {category} is its name, {page} and {pages} as in pagination. */
  category: v.strictObject({
    title: withPlaceholders(text, 'category'),
    description: withPlaceholders(text, 'category'),
    text: withPlaceholders(text, 'category'),
    empty: withPlaceholders(text, 'category'),
    allLink: text,
    pageTitle: withPlaceholders(text, 'category', 'page', 'pages'),
    pageDescription: withPlaceholders(text, 'category', 'page', 'pages'),
  }),
  /** The blog's feeds (RSS, Atom, JSON Feed): the newest `count` articles, named on every page and linked from the blog. */
  feeds: v.strictObject({
    count: v.pipe(
      v.number('a number of articles'),
      v.integer('a whole number of articles'),
      v.minValue(1, 'at least 1 article'),
      v.maxValue(100, 'at most 100 articles (each is in full)'),
    ),
    title: shortText(100),
    label: text,
    rss: text,
    atom: text,
    json: text,
  }),
  featuredLabel: text,
  /** On a card of an article that is not published (sitegen dev, build --drafts). */
  draftLabel: text,
  recentHeading: text,
  readMore: text,
  comingSoon: text,
  readTimeSuffix: text,
  /** `success`: the text of the toast that thanks a new subscriber (an enquiry's says when the agency will call). */
  newsletter: v.strictObject({ heading: text, text, placeholder: text, button: text, success: text }),
  article: v.strictObject({
    backLabel: text,
    categoryLinkLabel: withPlaceholder(text, 'category'),
    byline: text,
    /** "Updated 3 March 2026": shown when the article gives an updated date. */
    updatedLabel: text,
    /** The banner over an article that is not published, shown by sitegen dev and build --drafts; {date} is its day. */
    draftBanner: text,
    scheduledBanner: withPlaceholders(text, 'date'),
    cta,
  }),
  /** Past perPage articles the index continues at /blog/page/2 …; {page} and {pages} are filled in. */
  pagination: v.strictObject({
    perPage: v.pipe(
      v.number('a number of articles per page'),
      v.integer('a whole number of articles per page'),
      v.minValue(1, 'at least 1 article per page'),
    ),
    title: withPlaceholders(shortText(50), 'page', 'pages'),
    description: withPlaceholders(
      v.pipe(text, v.maxLength(150, 'a description of at most 150 characters (page numbers are added)')),
      'page',
      'pages',
    ),
    breadcrumb: withPlaceholders(shortText(30), 'page', 'pages'),
    label: text,
    newer: text,
    older: text,
    position: withPlaceholders(text, 'page', 'pages'),
  }),
});

export const careersPageSchema = v.strictObject({
  ...pageTop,
  why: v.strictObject({ heading: text, paragraphs: list(text), image: imageSchema }),
  values: v.strictObject({ heading: text, items: list(text) }),
  benefits: v.strictObject({ heading: text, items: list(point, 4) }),
  positions: v.strictObject({
    heading: text,
    intro: text,
    applyLabel: text,
    learnMoreLabel: text,
    requirementsLabel: text,
    experienceLabel: text,
    /** A job's last day to apply, shown on its card. */
    closesLabel: withPlaceholder(text, 'date'),
    /** A job's salary, where jobs.json states one (its JobPosting's baseSalary): {per} is "year", "month", "hour"… */
    salaryLabel: withPlaceholders(text, 'min', 'max', 'per'),
    /** Said in place of the intro while no job is open. */
    noneOpen: text,
    /** Where drafts are shown: the note on a job past its closing day, and on one posted later; {date} is that day. */
    closedNote: withPlaceholder(text, 'date'),
    waitingNote: withPlaceholder(text, 'date'),
    /** E-mail subjects of the Apply Now and Learn More buttons; {role} is the job title. */
    applySubject: withPlaceholder(text, 'role'),
    learnMoreSubject: withPlaceholder(text, 'role'),
  }),
  cv: v.strictObject({ heading: text, text, button: text, subject: text }),
});

export const contactPageSchema = v.strictObject({
  ...pageTop,
  points: v.strictObject({ heading: text, items: list(point) }),
  details: v.strictObject({ heading: text, ...contactLabels }),
});

export const notFoundPageSchema = v.strictObject({
  title: text,
  description: text,
  code: text,
  text,
  hint: text,
  suggestion: withPlaceholders(text, 'page'),
  homeLink: text,
});

export const legalCopySchema = v.strictObject({ updatedLabel: text });

/** A text of the trade template, where {plural} and {singular} stand for the trade's name. */
const tradeText = withPlaceholders(text, 'plural', 'singular');

export const tradePageSchema = v.strictObject({
  title: tradeText,
  breadcrumb: tradeText,
  backLabel: text,
  heading: tradeText,
  /** What search engines are told the trade page's service is. */
  serviceType: text,
  auditCta: tradeText,
  servicesHeading: tradeText,
  servicesIntro: tradeText,
  learnMore: text,
  ctaHeading: tradeText,
  ctaText: tradeText,
  consultationCta: tradeText,
  phoneLabel: text,
});

export const servicePageSchema = v.strictObject({
  slug,
  name: text,
  ...metaFields,
  hero: v.strictObject({
    ...heroFields,
    tone: v.picklist(['blue', 'red']),
    eyebrow: text,
    cta: text,
    image: imageSchema,
  }),
  points: v.strictObject({ heading: text, intro: text, items: list(point, 4) }),
  offerings: v.optional(v.strictObject({ heading: text, intro: text, cards: list(card, 3) })),
  spotlight: v.optional(
    v.strictObject({
      heading: text,
      text,
      items: list(point),
      stats: list(v.strictObject({ number: text, label: text })),
    }),
  ),
  includes: v.optional(
    v.strictObject({
      heading: text,
      intro: text,
      groups: list(v.strictObject({ icon, title: text, items: list(text, 4) }), 3),
    }),
  ),
  cta: v.strictObject({ heading: text, text, button: text, phoneLabel: text }),
});
