/**
 * The shape of every file in content/. Strict objects, so a misspelt field is
 * an error rather than a silently missing word; the site model's types are
 * inferred from these schemas, so shape and type cannot drift apart.
 *
 * One file per kind of content; this one gathers what the rest of the
 * generator imports from './schemas'.
 */
export { iconNames } from './icons';
export { imageSchema, internalHref } from './shared';
export * from './site';
export * from './records';
export * from './pages';
export * from './front-matter';
export * from './redirects';
