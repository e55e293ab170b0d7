/**
 * The `sitegen` command: argument parsing only; each command is one call
 * into the stages.
 */
import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { SitegenError } from './errors';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

const program = new Command()
  .name('sitegen')
  .description('Builds the agency website as flat files, and serves and checks it.')
  .version(version, '-v, --version')
  .option('--debug', 'print stack traces of errors')
  .showHelpAfterError();

program
  .command('build')
  .description('build the site into dist/ (or --out)')
  .option('-o, --out <dir>', 'output folder', 'dist')
  .option('--site-url <url>', 'origin for canonical URLs and the sitemap (default: SITE_URL, then content/site.json)')
  .option('--content <dir>', 'content folder', 'content')
  .option('-q, --quiet', 'print nothing but errors')
  .action(async (options: { out: string; siteUrl?: string; content: string; quiet?: boolean }) => {
    const { build } = await import('./build');
    await build({ out: options.out, siteUrl: options.siteUrl, content: options.content, quiet: options.quiet });
  });

try {
  await program.parseAsync();
} catch (error) {
  const debug = program.opts<{ debug?: boolean }>().debug;
  if (error instanceof SitegenError && !debug) {
    console.error(`sitegen: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
}
