/**
 * The shape of every file in content/. Strict objects, so a misspelt field is
 * an error rather than a silently missing word; the site model's types are
 * inferred from these schemas, so shape and type cannot drift apart.
 */
import * as v from 'valibot';
import { siteOrigin } from '../paths';
import { stockPhotoOrigin, stockPhotoUrl } from '../stock-photos';

const text = v.pipe(v.string(), v.trim(), v.minLength(1, 'a non-empty text'));
const shortText = (max: number) => v.pipe(text, v.maxLength(max, `a text of at most ${max} characters`));
/** A text where the generator fills in `names` ({page}, …): any other {…} would be published as it is written. */
const withPlaceholders = <T extends v.GenericSchema<string, string>>(schema: T, ...names: string[]) =>
  v.pipe(
    schema,
    v.regex(
      new RegExp(`^(?:[^{}]|\\{(?:${names.join('|')})\\})*$`),
      `a text whose only placeholders are ${names.map((name) => `{${name}}`).join(' and ')}`,
    ),
  );
const list = <T extends v.GenericSchema>(item: T, count?: number) =>
  count === undefined
    ? v.pipe(v.array(item), v.minLength(1, 'at least one entry'))
    : v.pipe(v.array(item), v.length(count, `exactly ${count} entries`));
const slug = v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a lowercase slug such as "local-seo"'));
const isoDate = v.pipe(
  v.union([v.string(), v.date()], 'an ISO date such as 2024-01-15'),
  // YAML reads an unquoted date as a time: one with a time of day would move to another day in UTC.
  v.check(
    (value) => !(value instanceof Date) || value.getTime() % 86_400_000 === 0,
    'a date without a time of day, such as 2024-01-15',
  ),
  v.transform((value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value)),
  v.isoDate('an ISO date such as 2024-01-15'),
  // Date.parse rolls 2024-02-30 over into March: a date exists if it comes back as itself.
  v.check((value) => {
    const time = Date.parse(`${value}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
  }, 'a date that exists, such as 2024-02-29 in a leap year'),
);
/** Root-relative link to a page of this site; checked against the route table once routes exist. */
export const internalHref = v.pipe(
  v.string(),
  v.regex(
    /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?(?:#[a-z0-9-]+)?$/,
    'a root-relative link without extension, such as "/about" or "/#testimonials"',
  ),
);
const externalHref = v.pipe(v.string(), v.url('an absolute URL'), v.startsWith('https://', 'an https:// URL'));
/** A file of public/, served by the site itself, such as "/logo.png". */
const publicFile = v.pipe(
  v.string(),
  v.regex(/^\/[a-z0-9-]+(?:\/[a-z0-9-]+)*\.(?:png|jpg|webp|svg)$/, 'a file of public/ such as "/logo.png"'),
);
const pixels = v.pipe(
  v.number('a size in pixels'),
  v.integer('a whole number of pixels'),
  v.minValue(1, 'a size in pixels'),
);
const countryCode = v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'an ISO country code such as "GB"'));

export const iconNames = [
  'arrow-left',
  'arrow-right',
  'award',
  'bell',
  'bot',
  'briefcase',
  'calendar',
  'chart-column',
  'chart-line',
  'chevron-down',
  'circle-check',
  'clipboard-list',
  'clock',
  'coffee',
  'file-text',
  'gauge',
  'graduation-cap',
  'headphones',
  'heart',
  'house',
  'laptop',
  'lock',
  'mail',
  'map-pin',
  'megaphone',
  'menu',
  'message-circle',
  'message-square',
  'monitor',
  'mouse-pointer-click',
  'palette',
  'phone',
  'phone-call',
  'pound-sterling',
  'quote',
  'refresh-cw',
  'rocket',
  'search',
  'shield',
  'shield-check',
  'smartphone',
  'sparkles',
  'star',
  'target',
  'thumbs-up',
  'trending-up',
  'user-check',
  'users',
  'wrench',
  'zap',
] as const;
const icon = v.picklist(iconNames, `one of the icon names in src/content/schemas.ts`);

export const imageSchema = v.strictObject({
  src: v.pipe(
    externalHref,
    v.regex(stockPhotoUrl, `a photo on ${stockPhotoOrigin} (the only image host the Content-Security-Policy allows)`),
    v.regex(/^[^?#]+$/, 'an image URL without a query string (sizes are added per use)'),
  ),
  alt: text,
});

/** Title, description and keywords of a page: what search engines and social cards show. */
const metaFields = {
  title: shortText(60),
  description: v.pipe(
    text,
    v.minLength(50, 'a description of at least 50 characters'),
    v.maxLength(160, 'a description of at most 160 characters'),
  ),
  keywords: list(text),
};
/** The page's name in breadcrumb trails, shown above its content and to search engines. */
const breadcrumb = shortText(40);

const point = v.strictObject({ icon, title: text, text });
const card = v.strictObject({ icon, title: text, description: text, features: list(text, 4) });
const cta = v.strictObject({ heading: text, text, button: text });
const heroFields = { heading: text, text };

// ---- site facts and lists ----------------------------------------------------

export const siteSchema = v.strictObject({
  name: text,
  url: v.pipe(
    externalHref,
    v.check(
      (value) => URL.canParse(value) && siteOrigin(new URL(value)) === value,
      'the site\'s address alone, such as "https://www.example.co.uk" (pages are at its root: no path, query, fragment or trailing slash)',
    ),
  ),
  /** The organisation's logo for search engines: Google asks for at least 112 pixels square, served by the site. */
  logo: v.strictObject({
    src: publicFile,
    width: v.pipe(pixels, v.minValue(112, 'at least 112 pixels')),
    height: v.pipe(pixels, v.minValue(112, 'at least 112 pixels')),
  }),
  tagline: text,
  blurb: text,
  phone: v.pipe(text, v.regex(/^0\d[\d ]{8,12}$/, 'a UK phone number written as dialled, such as "0808 157 0192"')),
  email: v.pipe(v.string(), v.email('an e-mail address')),
  address: v.strictObject({
    street: text,
    locality: text,
    region: text,
    postcode: text,
    country: countryCode,
    countryName: text,
  }),
  /** Where the office is on a map, for search engines' local results. */
  geo: v.strictObject({
    latitude: v.pipe(
      v.number('a latitude in degrees'),
      v.minValue(-90, 'a latitude from -90 to 90'),
      v.maxValue(90, 'a latitude from -90 to 90'),
    ),
    longitude: v.pipe(
      v.number('a longitude in degrees'),
      v.minValue(-180, 'a longitude from -180 to 180'),
      v.maxValue(180, 'a longitude from -180 to 180'),
    ),
  }),
  hours: v.strictObject({
    label: text,
    days: list(v.picklist(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])),
    opens: v.pipe(v.string(), v.isoTime('a time such as "09:00"')),
    closes: v.pipe(v.string(), v.isoTime('a time such as "18:00"')),
  }),
  /** The country the agency works in. */
  areaServed: v.strictObject({ code: countryCode, name: text }),
  responseTime: text,
  social: list(
    v.strictObject({ network: v.picklist(['facebook', 'instagram', 'x', 'youtube']), label: text, href: externalHref }),
    4,
  ),
});

export const navigationSchema = v.strictObject({
  header: list(
    v.union(
      [
        v.strictObject({ label: text, href: internalHref }),
        v.strictObject({ label: text, menu: v.literal('services') }),
      ],
      'a link { label, href } or the services menu { label, menu: "services" }',
    ),
  ),
  servicesMenu: v.strictObject({ label: text, servicesHeading: text, tradesHeading: text }),
  footer: v.strictObject({
    servicesHeading: text,
    companyHeading: text,
    company: list(v.strictObject({ label: text, href: internalHref })),
    legalHeading: text,
    contactHeading: text,
    copyright: text,
  }),
  skipLink: text,
  /** The breadcrumb trail's accessible name, and the home page's name in every trail. */
  breadcrumb: v.strictObject({ label: text, home: breadcrumb }),
  phoneLabel: text,
  quoteButton: text,
  menuButton: text,
  socialHeading: text,
});

export const servicesSchema = v.strictObject({
  services: list(
    v.strictObject({ id: slug, title: text, icon, description: text, features: list(text, 4), image: imageSchema }),
    6,
  ),
});

export const tradesSchema = v.strictObject({
  trades: list(
    v.strictObject({
      name: text,
      slug,
      singular: text,
      plural: text,
      description: text,
      metaDescription: v.pipe(text, v.maxLength(160, 'a description of at most 160 characters')),
      keywords: list(text),
      heroImage: imageSchema,
      services: list(v.strictObject({ service: slug, description: text, features: list(text, 4) }), 6),
    }),
  ),
});

export const testimonialsSchema = v.strictObject({
  testimonials: list(
    v.strictObject({
      name: text,
      business: text,
      location: text,
      rating: v.pipe(
        v.number('a rating from 1 to 5'),
        v.integer('a whole number of stars from 1 to 5'),
        v.minValue(1, 'a rating from 1 to 5'),
        v.maxValue(5, 'a rating from 1 to 5'),
      ),
      text,
      image: imageSchema,
      businessImage: imageSchema,
    }),
  ),
});

export const statsSchema = v.strictObject({ stats: list(v.strictObject({ number: text, label: text })) });

export const caseStudiesSchema = v.strictObject({
  caseStudies: list(
    v.strictObject({
      title: text,
      client: text,
      location: text,
      trade: slug,
      image: imageSchema,
      challenge: text,
      solution: text,
      results: list(v.strictObject({ metric: text, before: text, after: text, increase: text }), 4),
      testimonial: v.strictObject({ quote: text, author: text }),
      timeframe: text,
    }),
  ),
});

export const teamSchema = v.strictObject({
  team: list(v.strictObject({ name: text, role: text, bio: text, image: imageSchema })),
});

/** The employment types a job can have, as the careers page shows them, each with the name Google's job search gives it. */
export const employmentTypes = {
  'Full-time': 'FULL_TIME',
  'Part-time': 'PART_TIME',
  Contract: 'CONTRACTOR',
  Temporary: 'TEMPORARY',
  Internship: 'INTERN',
} as const;

const job = v.pipe(
  v.strictObject({
    /** The job's anchor on the careers page, and its identifier for job search. */
    id: slug,
    title: text,
    department: text,
    /** Where the job is, as the careers page shows it. */
    location: text,
    /** Where the job is, for job search: an office, or anywhere in a country (a remote job). */
    workplace: v.variant(
      'type',
      [
        v.strictObject({ type: v.literal('office'), locality: text, region: text, country: countryCode }),
        v.strictObject({ type: v.literal('remote'), applicantCountry: text }),
      ],
      'a workplace { type: "office", locality, region, country } or { type: "remote", applicantCountry }',
    ),
    type: v.picklist(
      Object.keys(employmentTypes) as (keyof typeof employmentTypes)[],
      `one of ${Object.keys(employmentTypes).join(', ')}`,
    ),
    datePosted: isoDate,
    /** The last day applications are taken. */
    validThrough: isoDate,
    /** The pay, only where the agency states it. */
    salary: v.optional(
      v.strictObject({
        currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/, 'an ISO currency code such as "GBP"')),
        min: v.pipe(v.number('an amount'), v.minValue(0, 'an amount of 0 or more')),
        max: v.pipe(v.number('an amount'), v.minValue(0, 'an amount of 0 or more')),
        per: v.picklist(['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR'], 'one of HOUR, DAY, WEEK, MONTH, YEAR'),
      }),
    ),
    experience: text,
    description: text,
    requirements: list(text),
  }),
  v.forward(
    v.check((entry) => entry.validThrough >= entry.datePosted, 'a closing date on or after datePosted'),
    ['validThrough'],
  ),
  v.forward(
    v.check((entry) => !entry.salary || entry.salary.max >= entry.salary.min, 'a maximum of at least the minimum'),
    ['salary', 'max'],
  ),
);

export const jobsSchema = v.strictObject({
  jobs: v.pipe(
    list(job),
    v.check((jobs) => new Set(jobs.map((entry) => entry.id)).size === jobs.length, 'jobs with different ids'),
  ),
});

/** Labels and messages of the enquiry forms; option values come from the shared lead schema. */
export const formsSchema = v.strictObject({
  fields: v.strictObject({
    name: text,
    email: text,
    phone: text,
    trade: text,
    tradePlaceholder: text,
    businessName: text,
    location: text,
    budget: text,
    budgetPlaceholder: text,
    services: text,
    message: text,
    messagePlaceholder: text,
    newsletterEmail: text,
  }),
  requiredNote: text,
  /** Shown instead of a working form when JavaScript is off; {phone} and {email} are filled in. */
  withoutScript: withPlaceholders(text, 'phone', 'email'),
  submitting: text,
  hero: v.strictObject({ heading: text, text, submit: text }),
  contact: v.strictObject({ heading: text, submit: text, note: text }),
  toasts: v.strictObject({
    successTitle: text,
    successText: text,
    errorTitle: text,
    failedFallback: text,
    invokeFallback: text,
    responseFallback: text,
    timeout: text,
    region: text,
    dismiss: text,
  }),
});

// ---- pages -------------------------------------------------------------------

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
  testimonials: v.strictObject({ heading: text, intro: text, ratingLabel: text }),
  contact: v.strictObject({
    heading: text,
    intro: text,
    phoneLabel: text,
    emailLabel: text,
    officeLabel: text,
    hoursLabel: text,
    strategyCta: text,
  }),
});

export const aboutPageSchema = v.strictObject({
  ...metaFields,
  breadcrumb,
  hero: v.strictObject(heroFields),
  story: v.strictObject({ heading: text, paragraphs: list(text), image: imageSchema }),
  mission: v.strictObject({ heading: text, text, guarantee: v.strictObject({ title: text, text }) }),
  values: v.strictObject({ heading: text, intro: text, items: list(point, 4) }),
  team: v.strictObject({ heading: text, intro: text }),
});

export const caseStudiesPageSchema = v.strictObject({
  ...metaFields,
  breadcrumb,
  hero: v.strictObject(heroFields),
  labels: v.strictObject({
    challenge: text,
    solution: text,
    results: text,
    metric: text,
    before: text,
    after: text,
    increase: text,
    timeframe: text,
  }),
  cta,
});

export const blogPageSchema = v.strictObject({
  ...metaFields,
  breadcrumb,
  hero: v.strictObject(heroFields),
  /** The filter's buttons: "All" first, then each category an article may name, once. */
  categories: v.pipe(
    list(text),
    v.minLength(2, 'a list of "All" and at least one category'),
    v.check((categories) => new Set(categories).size === categories.length, 'categories that are each listed once'),
  ),
  filterLabel: text,
  featuredLabel: text,
  recentHeading: text,
  readMore: text,
  comingSoon: text,
  readTimeSuffix: text,
  newsletter: v.strictObject({ heading: text, text, placeholder: text, button: text }),
  article: v.strictObject({ backLabel: text, byline: text, cta }),
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
  ...metaFields,
  breadcrumb,
  hero: v.strictObject(heroFields),
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
    /** E-mail subjects of the Apply Now and Learn More buttons; {role} is the job title. */
    applySubject: withPlaceholders(text, 'role'),
    learnMoreSubject: withPlaceholders(text, 'role'),
  }),
  cv: v.strictObject({ heading: text, text, button: text, subject: text }),
});

export const contactPageSchema = v.strictObject({
  ...metaFields,
  breadcrumb,
  hero: v.strictObject(heroFields),
  points: v.strictObject({ heading: text, items: list(point) }),
  details: v.strictObject({ heading: text, phoneLabel: text, emailLabel: text, officeLabel: text, hoursLabel: text }),
});

export const notFoundPageSchema = v.strictObject({
  title: text,
  description: text,
  code: text,
  text,
  hint: text,
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

// ---- Markdown front matter -----------------------------------------------------

export const articleFrontMatterSchema = v.strictObject({
  title: shortText(60),
  slug: v.optional(slug),
  excerpt: text,
  description: metaFields.description,
  keywords: metaFields.keywords,
  author: text,
  date: isoDate,
  readTime: v.pipe(
    v.number('a number of minutes'),
    v.integer('a whole number of minutes'),
    v.minValue(5, 'a read time of at least 5 minutes'),
    v.maxValue(10, 'a read time of at most 10 minutes'),
  ),
  category: text,
  featured: v.boolean('true or false'),
  image: imageSchema.entries.src,
  imageAlt: text,
});

export const legalFrontMatterSchema = v.strictObject({
  title: shortText(60),
  slug,
  /** Position in the footer's legal links. */
  order: v.pipe(
    v.number('a number giving the order of the legal pages'),
    v.integer('a whole number giving the order of the legal pages'),
  ),
  description: metaFields.description,
  keywords: metaFields.keywords,
  updated: isoDate,
});
