/** The site's facts, its navigation and the forms' words: content/site.json, navigation.json, forms.json. */
import { isValidPhoneNumber } from 'libphonenumber-js';
import * as v from 'valibot';
import { siteOrigin } from '../../paths';
import {
  breadcrumb,
  countryCode,
  eachOnce,
  externalHref,
  internalHref,
  list,
  localImageSrc,
  text,
  withPlaceholder,
  withPlaceholders,
} from './shared';

/** As dialled in the UK, with as many digits as its kind of number has: one dropped would break every call link. */
const isUkPhone = (phone: string) => /^0[\d \u00a0]+$/.test(phone) && isValidPhoneNumber(phone, 'GB');

/** A network's own site, by the host name of a page on it: facebook.com, www.instagram.com, x.com (twitter.com)… */
const networkSite = (href: string) =>
  /^(?:[\w-]+\.)*(facebook|instagram|x|twitter|youtube)\.com$/.exec(new URL(href).hostname)?.[1];
const siteOf = (network: string) => (network === 'x' ? 'x.com or twitter.com' : `${network}.com`);

/** The network's own pages, which a logged-in browser shows: its home, feed, login, settings (x.com/home, youtube.com/feed/…). */
const networkPage = /^\/(?:(?:home(?:\.php)?|login|feed|explore|settings|notifications|messages|i)(?:\/.*)?)?$/i;
/** Never one of those: search engines read every link here as one of the agency's profiles (sameAs). */
const profileHref = v.pipe(
  externalHref,
  v.check(
    (href) => !networkPage.test(new URL(href).pathname),
    "the agency's own page on the network, such as https://www.facebook.com/tradeboostdigital, not the network's home page or one of its own pages",
  ),
);

const degrees = (name: string, max: number) => {
  const range = `a ${name} from -${max} to ${max}`;
  return v.pipe(v.number(`a ${name} in degrees`), v.minValue(-max, range), v.maxValue(max, range));
};

/** The days of the week, Monday first, as the opening hours name them (and schema.org's dayOfWeek). */
export const weekDays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const siteSchema = v.strictObject({
  name: text,
  /** The registered company ("… Ltd"): the legal pages' {legalName} and the footer's copyright. */
  legalName: text,
  url: v.pipe(
    externalHref,
    v.check(
      (value) => URL.canParse(value) && siteOrigin(new URL(value)) !== undefined,
      'the site\'s address alone, such as "https://www.example.co.uk" (pages are at its root: no path, query, fragment or final dot)',
    ),
    // Written as --site-url takes it: "https://www.Example.co.uk/" is https://www.example.co.uk.
    v.transform((value) => siteOrigin(new URL(value))!),
  ),
  /** The brand's mark: the header's logo, the browser's icon and the organisation's logo for search engines, all from this one file. */
  logo: v.strictObject({ src: localImageSrc, alt: text }),
  tagline: text,
  blurb: text,
  phone: v.pipe(text, v.check(isUkPhone, 'a UK phone number written as dialled, such as "0808 157 0192"')),
  /** Mail servers take addresses of at most 254 characters. */
  email: v.pipe(text, v.maxLength(254, 'an email address of at most 254 characters'), v.email('an email address')),
  address: v.strictObject({
    street: text,
    locality: text,
    region: text,
    postcode: v.pipe(
      text,
      v.regex(/^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/, 'a UK postcode as Royal Mail writes it, such as "DE1 1DA"'),
    ),
    country: countryCode,
    countryName: text,
  }),
  /** Where the office is on a map, for search engines' local results. */
  geo: v.strictObject({ latitude: degrees('latitude', 90), longitude: degrees('longitude', 180) }),
  hours: v.pipe(
    v.strictObject({
      days: v.pipe(list(v.picklist(weekDays)), eachOnce('each day once')),
      opens: v.pipe(v.string(), v.isoTime('a 24-hour time in London such as "09:00"')),
      closes: v.pipe(v.string(), v.isoTime('a 24-hour time in London such as "18:00"')),
    }),
    v.forward(
      v.check((hours) => hours.closes > hours.opens, 'a closing time after the opening time'),
      ['closes'],
    ),
  ),
  areaServed: v.strictObject({ code: countryCode, name: text }),
  responseTime: text,
  /** The footer's icons; each links to the agency's own page on its network once it is given (none is yet). */
  social: list(
    v.pipe(
      v.strictObject({
        network: v.picklist(['facebook', 'instagram', 'x', 'youtube']),
        label: text,
        href: v.optional(profileHref),
      }),
      // Another network's page would be behind this one's icon, and among the agency's profiles (sameAs).
      v.forward(
        v.check(
          ({ network, href }) => !href || networkSite(href)?.replace('twitter', 'x') === network,
          (issue) => `a page of ${siteOf(issue.input.network)}, the site of the network this entry is for`,
        ),
        ['href'],
      ),
    ),
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
  /** The question every first visit is asked (may the site remember how the visitor found it?), and the footer's link that asks it again. */
  consent: v.strictObject({ heading: text, text: text, policyLink: text, accept: text, reject: text, settings: text }),
  /** The breadcrumb trail's accessible name, and the home page's name in every trail. */
  breadcrumb: v.strictObject({ label: text, home: breadcrumb }),
  phoneLabel: text,
  quoteButton: text,
  menuButton: text,
  socialHeading: text,
});

/** Labels and messages of the enquiry forms; option values come from the shared lead schema. */
export const formsSchema = v.strictObject({
  fields: v.strictObject({
    name: text,
    email: text,
    emailFormat: text,
    phone: text,
    phoneFormat: text,
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
  /** Below a form whose button has waited five seconds: for the form's script (a lost connection, a blocker), or an answer. */
  waiting: withPlaceholders(text, 'phone', 'email'),
  /** Under every form: {privacyPolicy} is a link to the privacy policy, whose words are `link`. */
  privacy: v.strictObject({ text: withPlaceholder(text, 'privacyPolicy'), link: text }),
  submitting: text,
  hero: v.strictObject({ heading: text, text, submit: text }),
  contact: v.strictObject({ heading: text, submit: text, note: text }),
  toasts: v.strictObject({
    successTitle: text,
    successText: text,
    unsentChangesText: text,
    errorTitle: text,
    failedFallback: text,
    invokeFallback: text,
    responseFallback: text,
    timeout: text,
    region: text,
    dismiss: text,
  }),
});
