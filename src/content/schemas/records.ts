/** The records the pages list: services, trades, testimonials, stats, case studies, team, jobs. */
import * as v from 'valibot';
import { icon } from './icons';
import { countryCode, eachOnce, imageSchema, isoDate, list, metaFields } from './shared';
import { slug, text, withoutPlaceholders } from './shared';

const service = v.strictObject({
  id: slug,
  title: text,
  icon,
  description: text,
  features: list(text, 4),
  image: imageSchema,
});
export const servicesSchema = v.strictObject({
  services: v.pipe(
    list(service, 6),
    eachOnce<v.InferOutput<typeof service>>('an id of its own for each service', 'id'),
  ),
});

/** A trade: content/trades/<slug>.json, one file each. */
export const tradeSchema = v.strictObject({
  name: text,
  slug,
  singular: text,
  plural: text,
  description: withoutPlaceholders(text),
  metaDescription: metaFields.description,
  keywords: list(text),
  heroImage: imageSchema,
  /** What social networks show when the page is shared; without it, the build draws a card. */
  socialImage: v.optional(imageSchema),
  services: list(v.strictObject({ service: slug, description: text, features: list(text, 4) }), 6),
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
const employment = Object.keys(employmentTypes) as (keyof typeof employmentTypes)[];

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
      'a workplace of type "office", with its locality, region and country, or "remote", with its applicant country',
    ),
    type: v.picklist(employment, `one of ${employment.join(', ')}`),
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
    v.check((entry) => entry.validThrough >= entry.datePosted, 'a closing date on or after the date posted'),
    ['validThrough'],
  ),
  v.forward(
    v.check((entry) => !entry.salary || entry.salary.max >= entry.salary.min, 'a maximum of at least the minimum'),
    ['salary', 'max'],
  ),
);

export const jobsSchema = v.strictObject({
  /** None while the agency is not hiring: /careers then says so (pages/careers.json, positions.noneOpen). */
  jobs: v.pipe(v.array(job), eachOnce<v.InferOutput<typeof job>>('an id of its own for each job', 'id')),
});
