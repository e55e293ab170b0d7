/**
 * Astro 7 with React for bench:scale: its packages installed for the run
 * from bench/astro/package.json and its lockfile, apart from the project's
 * own (a second bundler and its tree, which no sitegen build needs), and a
 * site of the bench's articles as a content collection, each rendered
 * through a small React layout (bench/astro/src/).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { measure } from './measure.js';
import { root } from './project.js';

const template = join(root, 'bench', 'astro');

/** Whether a Node version (`v22.12.0`) is one Astro 7 runs on: 22.12 or later, as its package.json's engines say. */
function runsAstro(version) {
  const [major, minor] = version.slice(1).split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 12);
}

/**
 * Installs Astro into `dir`; resolves with the Node to run it on (this one,
 * or the Node binary the install brings when this one is older than Astro
 * takes) and the versions, or with why Astro cannot run here.
 */
export async function installAstro(dir) {
  await mkdir(dir, { recursive: true });
  await Promise.all(['package.json', 'package-lock.json'].map((file) => cp(join(template, file), join(dir, file))));
  // npm install, not npm ci: the lockfile leaves out an optional package of Vite's for Windows that the registry here lacks, and ci refuses that.
  const installed = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: dir,
    encoding: 'utf8',
  });
  if (installed.status !== 0) return { missing: `npm install of bench/astro failed: ${installed.stderr.trim()}` };
  const packaged = join(dir, 'node_modules', `node-${process.platform}-${process.arch}`, 'bin', 'node');
  const node = runsAstro(process.version) ? process.execPath : existsSync(packaged) ? packaged : undefined;
  if (!node) return { missing: `Astro 7 needs Node 22.12 or later, and this is Node ${process.version}` };
  const versionOf = (name) => JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')).version;
  const nodeVersion = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  return { dir, node, nodeVersion, versions: { astro: versionOf('astro'), react: versionOf('@astrojs/react') } };
}

/** Makes the Astro site of `articles` in `dir`; resolves with the function that builds it once, measured. */
export async function astroSite(dir, articles, astro) {
  await mkdir(dir, { recursive: true });
  for (const path of ['astro.config.mjs', 'package.json', 'src'])
    await cp(join(template, path), join(dir, path), { recursive: true });
  await cp(articles, join(dir, 'src', 'blog'), { recursive: true });
  // Astro bundles the integrations its package.json names (@astrojs/react's server renderer among them) and loads the rest from here.
  await symlink(join(astro.dir, 'node_modules'), join(dir, 'node_modules'));
  // A benchmark sends nothing anywhere.
  const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
  return () =>
    measure(astro.node, [join(dir, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build', '--silent'], {
      cwd: dir,
      env,
    });
}
