/** Build configuration: where things are, and what comes from a flag first, then the environment, then content. */
import { existsSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { leadSettingNames } from '../supabase/functions/_shared/lead-settings.ts';
import { londonDay, londonMidnight, type Publishing } from './content/publishing';
import { SitegenError } from './errors';
import { readIfThere } from './optional-files';
import { siteOrigin } from './paths';

export interface BuildOptions {
  root?: string;
  content?: string;
  out?: string;
  siteUrl?: string;
  quiet?: boolean;
  drafts?: boolean;
}

export type BuildConfig = ReturnType<typeof resolveConfig>;

export type CmsSettings = NonNullable<BuildConfig['cms']>;

/** The project's own settings the compilers read (esbuild: tsconfig.json's paths and JSX, package.json's module type), beside content/. */
export const compilerSettings = ['tsconfig.json', 'package.json'];

export function resolveConfig(options: BuildOptions = {}, processEnv: NodeJS.ProcessEnv = process.env) {
  const root = resolve(options.root ?? process.cwd());
  const env = withDotEnv(root, processEnv);
  // An empty SITE_URL is an unset one: CI passes repository variables that may not be set.
  const siteUrl = options.siteUrl ?? (env.SITE_URL?.trim() || undefined);
  return {
    root,
    contentDir: resolve(root, options.content ?? 'content'),
    templatesDir: resolve(root, 'templates'),
    islandsDir: resolve(root, 'islands'),
    sharedDir: resolve(root, 'supabase', 'functions', '_shared'),
    /** The content editor's browser code (/admin): the generator's own, beside src/ (or lib/), bundled with the project's templates. */
    adminDir: dirname(generatorPath('admin', 'main.ts')),
    publicDir: resolve(root, 'public'),
    outDir: throughLink(resolve(root, options.out ?? 'dist')),
    cacheDir: resolve(root, '.sitegen'),
    /** Site origin without trailing slash, when set by flag or environment; otherwise content/site.json's. */
    siteUrl:
      siteUrl === undefined ? undefined : checkUrl(siteUrl, options.siteUrl !== undefined ? '--site-url' : 'SITE_URL'),
    supabase: supabaseProject(env.SUPABASE_URL?.trim() || undefined, env.SUPABASE_ANON_KEY?.trim() ?? ''),
    /** The repository the editor at /admin saves to in production (CMS_REPO …): without it, a build writes no /admin. */
    cms: cmsSettings(env),
    quiet: options.quiet ?? false,
    drafts: options.drafts ?? false,
    now: clock(env),
    clockSet: Boolean(env.SITEGEN_NOW?.trim()),
  };
}

/** The time it is by the project's clock (SITEGEN_NOW, else the real time), for what needs the clock but no build: keeping leads. */
export const projectNow = (root: string): Date => clock(withDotEnv(root, process.env))();

/**
 * The build's clock: SITEGEN_NOW (tests, reproducible builds, a look ahead), or the real time. A time of day needs its
 * offset (Z, +01:00): without one it would mean a different moment on every machine. A date alone is that day.
 */
function clock(env: NodeJS.ProcessEnv): () => Date {
  const fixed = env.SITEGEN_NOW?.trim();
  if (!fixed) return () => new Date();
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(fixed);
  const withOffset = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/i.test(fixed);
  const time = dateOnly ? londonMidnight(fixed) : new Date(fixed);
  if ((!dateOnly && !withOffset) || Number.isNaN(time.getTime()) || (dateOnly && londonDay(time) !== fixed))
    throw new SitegenError(
      `SITEGEN_NOW: expected an ISO date-time with its offset, such as 2026-03-03T09:00:00Z, or a date such as 2026-03-03, found "${fixed}"`,
    );
  return () => time;
}

type ProjectFolders = Pick<BuildConfig, 'root' | 'contentDir' | 'templatesDir'>;
/**
 * Builds and the dev server need the project's templates, `new article` and `leads` its content: run elsewhere (say, in
 * a folder of it), they would fail on the first file they read with a bare ENOENT, or find no leads where there are.
 */
export function requireProject(config: ProjectFolders, needs: 'templatesDir' | 'contentDir' = 'templatesDir'): void {
  const folder = config[needs];
  if (!existsSync(folder))
    throw new SitegenError(
      `${config.root} is not a sitegen project: it has no ${relative(config.root, folder)}/ folder (run sitegen in the project folder, beside its package.json)`,
    );
  // Named by --content: found missing, or a file, now, before any stage runs or any server starts.
  if (!statSync(config.contentDir, { throwIfNoEntry: false })?.isDirectory())
    throw new SitegenError(
      `the content folder ${config.contentDir} ${existsSync(config.contentDir) ? 'is a file' : 'does not exist'}: name the folder of site.json and the pages with --content, or leave it out for the project's content/`,
    );
}

/** Forms posting to a Supabase project carry its anon key, or Supabase answers every lead with 401. */
function supabaseProject(url: string | undefined, anonKey: string): { url: string | undefined; anonKey: string } {
  if (url === undefined && anonKey)
    throw new SitegenError(
      'SUPABASE_ANON_KEY is set but SUPABASE_URL is not: the forms would post to /functions/v1/contact-form on the site itself, which a static host does not answer. ' +
        "Set SUPABASE_URL to the project's URL (https://<project>.supabase.co), or unset SUPABASE_ANON_KEY to post leads to the local server.",
    );
  if (url === undefined) return { url, anonKey };
  const checked = checkUrl(url, 'SUPABASE_URL', 'supabase');
  if (!anonKey)
    throw new SitegenError(
      'SUPABASE_URL is set but SUPABASE_ANON_KEY is not: the forms would be refused by Supabase (401). ' +
        "Set SUPABASE_ANON_KEY to the project's anon (public) key, or unset SUPABASE_URL to post leads to the local server.",
    );
  // A quote or a space in it is a slip of .env's quoting, which Supabase would answer with 401 for every lead.
  if (!/^[\w.-]+$/.test(anonKey))
    throw new SitegenError(
      `SUPABASE_ANON_KEY: expected the project's anon (public) key as Supabase shows it, eyJ… or sb_publishable_… (letters, digits, dots, dashes and underscores), found ${JSON.stringify(anonKey)}`,
    );
  return { url: checked, anonKey };
}

const cmsKeys = ['CMS_REPO', 'CMS_BRANCH', 'CMS_AUTH_URL'] as const;

/** CMS_AUTH_URL names the OAuth provider that signs marketers in, Netlify's when unset; empty values are unset ones. */
function cmsSettings(env: NodeJS.ProcessEnv) {
  const [repo, branch, authUrl] = cmsKeys.map((name) => env[name]?.trim() || undefined);
  if (repo === undefined) {
    if (branch !== undefined || authUrl !== undefined)
      throw new SitegenError(
        `${branch !== undefined ? 'CMS_BRANCH' : 'CMS_AUTH_URL'} is set but CMS_REPO is not: set CMS_REPO to the GitHub repository the editor saves to (owner/name), or unset it`,
      );
    return undefined;
  }
  // GitHub's own rules: an owner of letters, digits and inner hyphens; a repository name neither "." nor "..".
  if (!/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,37}[A-Za-z0-9])?\/(?!\.\.?$)[A-Za-z0-9_.-]{1,100}$/.test(repo))
    throw new SitegenError(
      `CMS_REPO: expected a GitHub repository as owner/name, such as agency/website, found "${repo}"`,
    );
  if (branch !== undefined && !/^[^\s~^:?*[\\]+$/.test(branch))
    throw new SitegenError(`CMS_BRANCH: expected the name of a branch, such as main, found "${branch}"`);
  if (authUrl !== undefined && !(URL.canParse(authUrl) && new URL(authUrl).protocol === 'https:'))
    throw new SitegenError(`CMS_AUTH_URL: expected the https:// address of the OAuth provider, found "${authUrl}"`);
  return { repo, branch: branch ?? 'main', authUrl };
}

/** The settings a .env file beside package.json may hold (the build's, and the lead endpoint's for preview and dev); nothing else is read from it. */
const dotEnvKeys = ['SITE_URL', 'SUPABASE_URL', 'SUPABASE_ANON_KEY', ...cmsKeys, ...leadSettingNames] as const;

/** A link (dist → a web server's folder) is built through: a build replaces the folder it leads to, not the link. */
const throughLink = (path: string): string => (existsSync(path) ? realpathSync(path) : path);

/** The environment, with what .env adds for keys the environment does not set: the environment wins. */
export function withDotEnv(root: string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const text = readIfThere(join(root, '.env'));
  if (text === undefined) return env;
  // Notepad's "Unicode" is UTF-16: read as UTF-8 it holds no setting, and the build would go on without them.
  if (text.includes('\0'))
    throw new SitegenError('.env: expected a text file saved as UTF-8, found UTF-16: save it as UTF-8');
  // A byte order mark (Windows editors' "UTF-8 with BOM") is no part of the first name.
  const file = parseEnv(text.replace(/^\uFEFF/, ''));
  // Node's parser drops a name with no "=" (`SITE_URL: https://…`), and takes a line with none for the next name's start.
  const lost = dotEnvKeys.find(
    (key) => file[key] === undefined && new RegExp(`^\\s*(export\\s+)?${key}\\b`, 'm').test(text),
  );
  if (lost)
    throw new SitegenError(
      `.env: ${lost}: expected ${lost}=its value, found no "=" after its name, or a line above it with none`,
    );
  const merged = { ...env };
  for (const key of dotEnvKeys) if (merged[key] === undefined && file[key] !== undefined) merged[key] = file[key];
  return merged;
}

const origins = {
  site: { example: 'https://www.example.co.uk', alone: "the site's address alone", at: 'pages are at its root' },
  supabase: {
    example: 'https://<project>.supabase.co',
    alone: "the project's URL alone",
    at: 'its functions are under it',
  },
};

function checkUrl(value: string, name: string, kind: keyof typeof origins = 'site'): string {
  const { example, alone, at } = origins[kind];
  if (!URL.canParse(value))
    throw new SitegenError(`${name}: expected an absolute URL such as ${example}, found "${value}"`);
  const url = new URL(value);
  // Every canonical address, the sitemap and the feeds name this origin: over http, browsers call the site not secure.
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackName(url.hostname)))
    throw new SitegenError(
      `${name}: expected an https:// address (http:// only for this machine: localhost, 127.0.0.1), found "${value}"`,
    );
  const origin = siteOrigin(url);
  if (origin === undefined)
    throw new SitegenError(
      `${name}: expected ${alone}, such as ${example} (${at}: no path, query, fragment or final dot), found "${value}"`,
    );
  return origin;
}

/** A name of this machine alone, as a URL's hostname writes it. */
const isLoopbackName = (hostname: string): boolean =>
  hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '[::1]' || /^127\./.test(hostname);

/** Where forms send leads: the Supabase project, or this site's own origin (answered by preview and dev). */
export const leadEndpoint = ({ supabase }: Pick<BuildConfig, 'supabase'>) =>
  supabase.url
    ? { url: `${supabase.url}/functions/v1`, anonKey: supabase.anonKey }
    : { url: '/functions/v1', anonKey: '' };

export function planSettings(config: BuildConfig) {
  return { siteUrl: config.siteUrl, endpoint: leadEndpoint(config), noindex: config.drafts };
}

export const publishing = (config: Pick<BuildConfig, 'now' | 'drafts'>): Publishing => ({
  today: londonDay(config.now()),
  drafts: config.drafts,
});

/** A file of the generator's own (admin/main.ts, supabase/migrations), found up from src/ (tests) or a lib/ chunk. */
export function generatorPath(...parts: string[]): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, ...parts))) return join(dir, ...parts);
    if (dirname(dir) === dir) throw new SitegenError(`${join(...parts)} is missing beside the generator's code`);
  }
}
