/** The building blocks every content schema is made of: texts, lists, slugs, dates, links, images, page metadata. */
import * as v from 'valibot';
import { isCalendarDay } from '../../../supabase/functions/_shared/calendar-day.ts';
import { stockPhotoOrigin, stockPhotoUrl } from '../../stock-photos';
import { icon } from './icons';

/** Many times the longest text any page shows, and short of a pasted document, which belongs in a Markdown page. */
const maxText = v.maxLength<string, 5_000, string>(5_000, 'a text of at most 5,000 characters');
/** Every text is shown as typed, never read as HTML: a tag or an entity pasted from elsewhere would show on the page. */
export const noMarkup = v.regex(
  /^(?:[^<&]|<(?![a-zA-Z/!])|&(?![a-zA-Z][a-zA-Z\d]*;|#\d+;|#x[\da-fA-F]+;))*$/,
  'a text with no HTML tags or entities such as &amp; (a page shows them as typed)',
);
export const text = v.pipe(v.string(), v.trim(), v.minLength(1, 'a non-empty text'), maxText, noMarkup);
/** Counted as they show: an emoji or an accented letter written in two code points is one character. */
export const shortText = (max: number) => v.pipe(text, v.maxGraphemes(max, `a text of at most ${max} characters`));
/** A text where the generator fills in `names` ({page}, …): any other {…} would be published as it is written. */
export const withPlaceholders = <T extends v.GenericSchema<string, string>>(schema: T, ...names: string[]) =>
  v.pipe(
    schema,
    v.regex(
      new RegExp(`^(?:[^{}]|\\{(?:${names.join('|')})\\})*$`),
      `a text whose only placeholders are ${names.map((name) => `{${name}}`).join(' and ')}`,
    ),
  );
/** A text where nothing is filled in: {phone} and the site's other facts are, in a Markdown body only. */
export const withoutPlaceholders = <T extends v.GenericSchema<string, string>>(schema: T) =>
  v.pipe(schema, v.regex(/^(?![^]*\{\s*[a-zA-Z]+\s*\})/, 'a text with no {…} placeholder (filled in only in a body)'));
/** A text that must say its one placeholder: a date or a role left out would be missing from the page or the email. */
export const withPlaceholder = (schema: v.GenericSchema<string, string>, name: string) =>
  v.pipe(
    withPlaceholders(schema, name),
    v.check((value) => value.includes(`{${name}}`), `a text that holds {${name}}`),
  );
export const list = <T extends v.GenericSchema>(item: T, count?: number) =>
  count === undefined
    ? v.pipe(v.array(item, 'a list of at least one entry'), v.minLength(1, 'at least one entry'))
    : v.pipe(v.array(item, `a list of exactly ${count} entries`), v.length(count, `exactly ${count} entries`));
/** Each value once (each item's `field`, if given); the first repeat is named where it is (jobs[2].id). */
export const eachOnce = <T>(message: string, field?: keyof T & string) =>
  v.rawCheck<T[]>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const list = dataset.value;
    const seen = new Set<unknown>();
    for (const [index, item] of list.entries()) {
      const value = field === undefined ? item : item[field];
      if (seen.has(value)) {
        const path: v.IssuePathItem[] = [{ type: 'array', origin: 'value', input: list, key: index, value: item }];
        if (field !== undefined)
          path.push({ type: 'object', origin: 'value', input: item as Record<string, unknown>, key: field, value });
        return addIssue({ message, path: path as [v.IssuePathItem, ...v.IssuePathItem[]] });
      }
      seen.add(value);
    }
  });
/** A slug names a page's file, and a file's name is at most 255 bytes. */
export const maxSlugLength = 80;
/** The build's error says it, and the editor's for a slug left out. */
export const slugForm = 'a slug of lowercase letters a to z, digits and single hyphens, such as "local-seo"';
export const slug = v.pipe(
  v.string(),
  v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, slugForm),
  v.maxLength(maxSlugLength, `a slug of at most ${maxSlugLength} characters`),
);
/** Longer than any address a browser or search engine is sure to keep whole. */
const linkText = v.pipe(v.string(), v.maxLength(2_000, 'a link of at most 2,000 characters'));
export const isoDate = v.pipe(
  v.string('an ISO date such as 2024-01-15'),
  v.isoDate('an ISO date such as 2024-01-15'),
  v.check(isCalendarDay, 'a date that exists, such as 2024-02-29 in a leap year'),
);
/** Checked against the route table once routes exist. */
export const internalHref = v.pipe(
  linkText,
  v.regex(
    /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?(?:#[a-z0-9-]+)?$/,
    'a root-relative link without extension, such as "/about" or "/#testimonials"',
  ),
);
// No white space: a redirect's target is a field of a line of _redirects, where a line break would start a rule of its own.
export const externalHref = v.pipe(linkText, v.url('an absolute URL'), v.regex(/^https:\/\/\S+$/, 'an https:// URL'));
const regions = new Intl.DisplayNames('en', { type: 'region' });
/** Structured data must give the ISO code: "XX" names no region, and "UK", as people write it, is ISO's "GB". */
const isIsoCountry = (code: string) =>
  /^[A-Z]{2}$/.test(code) && regions.of(code) !== code && Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`;
export const countryCode = v.pipe(v.string(), v.check(isIsoCountry, 'an ISO country code such as "GB"'));
/** The build publishes it in the sizes and formats the pages draw it at. */
export const localImageSrc = v.pipe(
  linkText,
  v.regex(
    // Any name a camera or a person gives a file (spaces too), but no hidden file and no way out of the folder (..).
    /^images\/(?:[^/\\.][^/\\]*\/)*[^/\\.][^/\\]*\.[A-Za-z0-9]+$/,
    'a file of content/images/ named from the content folder, such as "images/team/sarah.jpg"',
  ),
);
const imageSources = `a photo on ${stockPhotoOrigin} (the only image host the Content-Security-Policy allows) or a file of content/images/ such as "images/team/sarah.jpg"`;
const stockPhotoSrc = v.pipe(
  linkText,
  // Not a URL ("/images/van.jpg", say) is as wrong as another host: the error names both places an image may be.
  v.regex(stockPhotoUrl, imageSources),
  v.regex(/^[^?#\s]+$/, 'an image URL without a space or a query string (sizes are added per use)'),
);
export const imageSrc = v.pipe(
  v.string(imageSources),
  v.lazy((input) => (/^images[/\\]/.test(input as string) ? localImageSrc : stockPhotoSrc)),
);
/** Screen readers read it out, and browsers show it where the image cannot load. */
const describesImage = 'a text describing the image, for people who cannot see it';
/** What says nothing of a photo: none, or what an editor fills in for one dropped in (its file's name, "image"). */
export const noDescription =
  /^(?:|(?:image|photo|picture)[.!:]?|.+\.(?:jpe?g|png|webp|avif|gif|heic|heif|tiff?)|(?:IMG|DSC|PXL)[_-]?\d+[\w ()-]*)$/i;
const describing = v.check((alt: string) => !noDescription.test(alt), describesImage);
export const altText = v.pipe(v.string(describesImage), v.trim(), describing, maxText);
export const imageSchema = v.strictObject({ src: imageSrc, alt: altText }, 'an image and its description');

/** Title, description and keywords of a page: what search engines and social cards show. */
export const metaFields = {
  title: shortText(60),
  description: v.pipe(
    text,
    v.minLength(50, 'a description of at least 50 characters'),
    v.maxLength(160, 'a description of at most 160 characters'),
  ),
  keywords: list(text),
};
/** The page's name in breadcrumb trails, shown above its content and to search engines. */
export const breadcrumb = shortText(40);

export const point = v.strictObject({ icon, title: text, text });
export const card = v.strictObject({ icon, title: text, description: text, features: list(text, 4) });
export const cta = v.strictObject({ heading: text, text, button: text });
export const heroFields = { heading: text, text };
/** Fields that each hold a text, named once each: a section's labels. */
export const texts = <K extends string>(...names: K[]) =>
  v.strictObject(Object.fromEntries(names.map((name) => [name, text])) as Record<K, typeof text>);
