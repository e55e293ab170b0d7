/** Everything in content/ but the articles, validated and frozen, by the same rules for a build and for /admin. */
import { parsePhoneNumber } from 'libphonenumber-js';
import { phoneHref } from '../../supabase/functions/_shared/phone-href.ts';
import * as v from 'valibot';
import { ContentError, didYouMean } from '../errors';
import { localImageRefs, type ImageRef } from '../images/content-images';
import type { BlogCategory, LegalPage, ServicePage, SiteData } from './model';
import { hoursLine } from './opening-hours';
import * as s from './schemas';
import { validate } from './validate';

/** Read but not validated (but for the legal pages); names are paths under the content folder. */
interface DataFiles {
  /** As messages name it, such as "content". */
  dir: string;
  /** As messages name it: "pages/home.json" → "content/pages/home.json". */
  file(name: string): string;
  json(name: string): unknown;
  pageFiles: readonly string[];
  legalPages(): LegalPage[];
}

export function siteDataOf(files: DataFiles): SiteData {
  const { file } = files;
  const imageRefs: ImageRef[] = [];
  const json = <T extends v.GenericSchema>(name: string, schema: T) => {
    const value = validate(file(name), schema, files.json(name));
    imageRefs.push(...localImageRefs(value, file(name)));
    return value;
  };
  const site = json('site.json', s.siteSchema);
  const services = json('services.json', s.servicesSchema).services;
  const inFolder = (folder: string) => files.pageFiles.filter((name) => name.startsWith(`${folder}/`));
  const tradeFiles = inFolder('trades');
  const trades = tradeFiles.map((name) => json(name, s.tradeSchema));
  const caseStudies = json('case-studies.json', s.caseStudiesSchema).caseStudies;
  const data: SiteData = {
    contentDir: files.dir,
    site: {
      ...site,
      phone: grouped(site.phone),
      phoneHref: phoneHref(site.phone),
      addressLine: `${site.address.street}, ${site.address.locality}, ${site.address.region} ${site.address.postcode}`,
      hoursLine: hoursLine(site.hours),
    },
    navigation: json('navigation.json', s.navigationSchema),
    services,
    trades,
    testimonials: json('testimonials.json', s.testimonialsSchema).testimonials,
    stats: json('stats.json', s.statsSchema).stats,
    caseStudies,
    team: teamWithIds(file('team.json'), json('team.json', s.teamSchema).team),
    jobs: json('jobs.json', s.jobsSchema).jobs,
    forms: json('forms.json', s.formsSchema),
    pages: {
      home: json('pages/home.json', s.homePageSchema),
      about: json('pages/about.json', s.aboutPageSchema),
      caseStudies: json('pages/case-studies.json', s.caseStudiesPageSchema),
      blog: json('pages/blog.json', s.blogPageSchema),
      careers: json('pages/careers.json', s.careersPageSchema),
      contact: json('pages/contact.json', s.contactPageSchema),
      notFound: json('pages/404.json', s.notFoundPageSchema),
      legal: json('pages/legal.json', s.legalCopySchema),
      trade: json('pages/trade.json', s.tradePageSchema),
    },
    categories: [],
    redirects: json('redirects.json', s.redirectsSchema),
    servicePages: [],
    imageRefs,
    legalPages: files.legalPages(),
  };

  data.categories = blogCategories(file('pages/blog.json'), data.pages.blog);
  const serviceIds = services.map((service) => service.id);
  checkTrades(files.dir, tradeFiles.map(file), trades, serviceIds);
  trades.forEach((trade, index) => {
    const title = tradeText(data.pages.trade.title, trade);
    const problem = `with pages/trade.json's title makes the page's title "${title}", ${title.length} characters: expected at most 60, the length search results show (shorten either)`;
    if (title.length > 60) throw new ContentError(file(tradeFiles[index]!), 'plural', problem);
  });
  trades.sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
  const tradeSlugs = new Set(trades.map((trade) => trade.slug));
  caseStudies.forEach((study, index) => {
    if (tradeSlugs.has(study.trade)) return;
    const problem = `expected the slug of a trade (a file of ${files.dir}/trades/), found "${study.trade}"${didYouMean(study.trade, [...tradeSlugs])}`;
    throw new ContentError(file('case-studies.json'), `caseStudies[${index}].trade`, problem);
  });
  const pageFiles = inFolder('service-pages');
  const pages = pageFiles.map((name) => json(name, s.servicePageSchema));
  data.servicePages = servicePages(pageFiles.map(file), pages, serviceIds, tradeSlugs);
  uniqueAcrossFiles(data.legalPages);
  data.legalPages.sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug));
  return deepFreeze(data);
}

/** Each trade's file named by its slug (so no two share one), no two by one name, its cards the services in order. */
function checkTrades(dir: string, files: string[], trades: SiteData['trades'], serviceIds: string[]): void {
  if (trades.length === 0) throw new ContentError(`${dir}/trades/`, '', 'expected a file for each trade: <slug>.json');
  const named = new Map<string, string>();
  trades.forEach((trade, index) => {
    const [file, sameName, own] = [files[index]!, named.get(trade.name), fileName(files[index]!)];
    const problem = v.is(s.slug, own)
      ? `expected "${own}", as its file is named (a trade's address changes only with its file's name, and a redirect from the old one), found "${trade.slug}"`
      : `is "${trade.slug}", but the file is named ${own}.json, which cannot be an address: rename it ${trade.slug}.json`;
    if (file !== `${dir}/trades/${trade.slug}.json`) throw new ContentError(file, 'slug', problem);
    if (sameName) throw new ContentError(file, 'name', `"${trade.name}" is also the name of ${sameName}`);
    named.set(trade.name, file);
    trade.services.forEach((card, cardIndex) => {
      if (card.service === serviceIds[cardIndex]) return;
      const problem = `expected "${serviceIds[cardIndex]}" (the services of services.json, in order), found "${card.service}"`;
      throw new ContentError(file, `services[${cardIndex}].service`, problem);
    });
  });
}

/** In the order of services.json: each a service's, none a trade's page too. */
function servicePages(files: string[], pages: ServicePage[], serviceIds: string[], tradeSlugs: Set<string>) {
  uniqueAcrossFiles(pages.map((page, index) => ({ file: files[index]!, slug: page.slug })));
  pages.forEach((page, index) => {
    const problem = !serviceIds.includes(page.slug)
      ? `expected the id of a service in services.json (${serviceIds.join(', ')}), found "${page.slug}"`
      : tradeSlugs.has(page.slug) &&
        `"${page.slug}" is also a trade's, trades/${page.slug}.json: both would be /services/${page.slug}`;
    if (problem) throw new ContentError(files[index]!, 'slug', problem);
  });
  return [...pages].sort((a, b) => serviceIds.indexOf(a.slug) - serviceIds.indexOf(b.slug));
}

/** No two may share a page, and each one's title and description, its name filled in, must fit in search results. */
function blogCategories(file: string, blog: SiteData['pages']['blog']): BlogCategory[] {
  const at = { field: (index: number) => `categories[${index}]`, address: 'the page /blog/category/' };
  const slugs = namesInAddresses(file, blog.categories, at);
  return blog.categories.map((name, index) => {
    const fill = (text: string) =>
      text.replaceAll('{category}', name).replaceAll('{page}', '99').replaceAll('{pages}', '99');
    // The lengths every page's title and description are held to (schemas/shared.ts, metaFields).
    const fits = (field: 'title' | 'pageTitle' | 'description' | 'pageDescription', min: number, max: number) => {
      const text = fill(blog.category[field]);
      if (text.length >= min && text.length <= max) return;
      const problem = `with "${name}" filled in it is ${text.length} characters: expected ${min} to ${max}, the length search results show`;
      throw new ContentError(file, `category.${field}`, problem);
    };
    for (const field of ['title', 'pageTitle'] as const) fits(field, 1, 60);
    for (const field of ['description', 'pageDescription'] as const) fits(field, 50, 160);
    return { name, slug: slugs[index]! };
  });
}

/** A member's card on /about is the address of their byline's link, /about#sarah-mitchell: one card to each. */
function teamWithIds<Member extends { name: string }>(file: string, team: Member[]): (Member & { id: string })[] {
  const names = team.map((member) => member.name);
  const ids = namesInAddresses(file, names, { field: (index) => `team[${index}].name`, address: 'the card /about#' });
  return team.map((member, index) => ({ ...member, id: ids[index]! }));
}

/** Each name's form in an address (`at.address` and the slug), as `slugify` makes it: none empty, none another name's. */
function namesInAddresses(file: string, names: string[], at: { field: (index: number) => string; address: string }) {
  const seen = new Map<string, string>();
  return names.map((name, index) => {
    const slug = slugify(name);
    const problem = !slug
      ? `"${name}" has no letters or digits to make its address from`
      : seen.has(slug) && `"${name}" would have ${at.address}${slug}, as "${seen.get(slug)}" has`;
    if (problem) throw new ContentError(file, at.field(index), problem);
    seen.set(slug, name);
    return slug;
  });
}

/** A text of pages/trade.json with the trade's name filled in. */
export const tradeText = (text: string, trade: { plural: string; singular: string }) =>
  text.replaceAll('{plural}', trade.plural).replaceAll('{singular}', trade.singular);

/** Letters with no accent to take off, and the Latin letters they are written as. */
const latinLetters: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th' };
const otherLatinLetters = new RegExp(`[${Object.keys(latinLetters).join('')}]`, 'g');

/** "Web Design" → "web-design", "Ærø's Café" → "aeros-cafe": the form of a name in a page's address. */
export const slugify = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(otherLatinLetters, (letter) => latinLetters[letter]!)
    .replace(/['’]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** As written, unless written as a run of digits: then in the groups the UK reads it in (01332 123456). */
const grouped = (phone: string) => (/\s/.test(phone) ? phone : parsePhoneNumber(phone, 'GB').formatNational());

/** A content file's name without folder or extension, in string terms: the editor's bundle runs in a browser. */
const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1).replace(/\.\w+$/, '');

/** No two records of different files (articles, legal pages, service pages) give the same slug. */
export function uniqueAcrossFiles(records: readonly { file: string; slug?: string | undefined }[]): void {
  const seen = new Map<string, string>();
  for (const { file, slug } of records) {
    if (slug === undefined) continue;
    const first = seen.get(slug);
    // Of the two, the one not named after the slug is the copy, or the file renamed: it is the one named.
    const [copy, other] = first && fileName(file) === slug && fileName(first) !== slug ? [first, file] : [file, first];
    if (other)
      throw new ContentError(copy, 'slug', `"${slug}" is already the slug of ${other}: each page needs its own`);
    seen.set(slug, file);
  }
}

export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
