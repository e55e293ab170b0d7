/**
 * Which folder a build may write its output to. A build replaces its output folder whole and keeps the one it replaced
 * as `<out>.previous`, whose files the next build deletes unless it writes them again (staging.ts). Given a folder that
 * holds anything else (`--out docs` where docs/ holds documentation, `--out .`, `--out public`), a build would move it
 * from its place and a later one delete what it held: such a folder is refused before anything is written.
 */
import { existsSync, lstatSync, readlinkSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { BuildConfig } from '../config';
import { SitegenError } from '../errors';
import { isInside, listFiles, listFilesAndLinks } from '../list-files';
import { readIfThere } from '../optional-files';
import { paths } from '../paths';

/** Written by every build, whatever the content: a folder holding all of them is one sitegen built. */
const writtenByEveryBuild = ['index.html', '404.html', paths.sitemap.slice(1), paths.robots.slice(1), '_headers'];

/** Written by every build too, though not by those of sitegen before feeds and redirects: not needed to know an output. */
const alsoWritten = ['_redirects', ...Object.values(paths.feeds).map((path) => path.slice(1))];

/** A git repository in the output folder, to push the site to its host: carried into each new output (staging.ts), never written over or removed. */
export const repositoryFolder = '.git';

/** Whether `dir` is a folder a build may replace (and, as `<out>.previous`, write over): one sitegen built. */
export const isBuiltOutput = (dir: string): boolean => writtenByEveryBuild.every((file) => existsSync(join(dir, file)));

/** Whether Linux lists `dir` as a mount point (mountinfo's fifth field, octal-escaped), a same-disk bind mount too. */
function isMountPoint(dir: string): boolean {
  const listed = dir.replace(/[ \t\n\\]/g, (char) => `\\${char.charCodeAt(0).toString(8).padStart(3, '0')}`);
  return (readIfThere('/proc/self/mountinfo') ?? '').split('\n').some((line) => line.split(' ')[4] === listed);
}

export function refuseForeignOutput(config: BuildConfig): void {
  const out = config.outDir;
  const shown = (path: string) => relative(process.cwd(), path) || '.';
  const named = (dir: string) => `${shown(dir)}/`;
  const problem = (what: string) =>
    new SitegenError(
      `output folder ${named(out)}: ${what}; expected a folder of its own, new, empty or built by sitegen (--out, dist/ by default)`,
    );
  if (isInside(out, config.root))
    throw problem(
      `${out === config.root ? 'is the project itself' : `holds the project (${named(config.root)})`}, which a build would replace`,
    );
  const inputs: [string, string][] = [
    [config.contentDir, 'which the build reads'],
    [config.templatesDir, 'which the build renders with'],
    [config.islandsDir, 'which the build bundles'],
    [config.publicDir, 'which every build copies into its output'],
    [join(config.root, 'supabase'), "the lead backend's code"],
    [config.cacheDir, "the generator's working files"],
    [join(config.root, 'node_modules'), 'the installed packages'],
  ];
  for (const [dir, what] of inputs) {
    const where = out === dir ? 'is' : isInside(dir, out) ? 'is inside' : isInside(out, dir) ? 'holds' : undefined;
    if (where) throw problem(`${where} ${named(dir)}, ${what}`);
  }
  const found = lstatSync(out, { throwIfNoEntry: false });
  if (!found) return;
  // A link that leads somewhere is built through (config.ts resolves it): one found here leads nowhere.
  if (found.isSymbolicLink()) throw problem(`is a link to "${readlinkSync(out)}", which is not there`);
  if (!found.isDirectory()) throw problem('is a file');
  // A mount point, which rename (how a build replaces it) refuses: EBUSY; a same-disk bind mount has its parent's dev.
  if (found.dev !== statSync(dirname(out)).dev || isMountPoint(out))
    throw problem('is a mount point (a Docker volume, say), which cannot be replaced: --out a folder inside it');
  if (isBuiltOutput(out)) return;
  // One of the files every build writes removed by hand: still sitegen's, if it holds nothing a build cannot have written.
  const { files, links } = listFilesAndLinks(out);
  const byName = new Set([...writtenByEveryBuild, ...alsoWritten, ...listFiles(config.publicDir)]);
  const built = (file: string) =>
    byName.has(file) || file.endsWith('.html') || file.startsWith('assets/') || file.startsWith(`${repositoryFolder}/`);
  // Pages and assets/ alone, none of the other files every build writes among them: a site made some other way.
  const madeOtherwise = !writtenByEveryBuild.some((file) => file !== 'index.html' && files.includes(file));
  const mine = (file: string) => built(file) && (!madeOtherwise || file.startsWith(`${repositoryFolder}/`));
  const foreign = links[0] ?? files.find((file) => !mine(file));
  if (foreign !== undefined)
    throw problem(
      `holds ${shown(join(out, foreign))}, which sitegen did not build and a build would replace, then a later build delete`,
    );
}

/** public/ is copied following its links: one that leads nowhere (in a linked folder too) is named before anything is built, not met as a bare ENOENT later. */
export function refuseBrokenPublicLinks(config: BuildConfig): void {
  for (const link of listFilesAndLinks(config.publicDir, true).links) {
    const path = join(config.publicDir, link);
    if (existsSync(path)) continue;
    const name = relative(config.root, path).split('\\').join('/');
    const problem = `a link to "${readlinkSync(path)}", which is not there: expected a file or a folder to copy into the output`;
    throw new SitegenError(`${name}: ${problem}`);
  }
}
