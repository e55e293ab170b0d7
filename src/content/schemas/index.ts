/**
 * The shape of every file in content/, one file per kind. Strict objects, so a misspelt field is an error rather than
 * a silently missing word; the model's types are inferred from these, so shape and type cannot drift apart.
 */
export { iconNames } from './icons';
export { imageSchema, internalHref, slug } from './shared';
export * from './site';
export * from './records';
export * from './pages';
export * from './front-matter';
export * from './redirects';
