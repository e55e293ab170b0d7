/**
 * The `sitegen` command: argument parsing, and what belongs to the process (signals, exit codes, how errors are
 * printed); each command is one call into the stages.
 */
import './production';
import { setMaxListeners } from 'node:events';
import { readFileSync } from 'node:fs';
import { domainToASCII, fileURLToPath } from 'node:url';
import { Command, Option } from 'commander';
import { tuneV8ForBuilds } from './v8-flags';
import { defaultLeadsDir } from './cache-files';
import { isEmailAddress } from '../supabase/functions/_shared/lead-options.ts';
import { SitegenError } from './errors';
import { Interrupted } from './interrupted';
import { generatorVersion } from './generator-version';
import { readIfThere } from './optional-files';
import type { LeadsCommandOptions } from './leads/print-leads';
import type { BuildCommandOptions } from './pipeline/build';
import type { CheckCommandOptions } from './check/check-command';

const packageJson = new URL('../package.json', import.meta.url);
const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
// The compiled code's hash beside it (compile-cli.js writes it): a checkout's version is the same at every commit.
const codeHash = readIfThere(fileURLToPath(new URL('generator.sha256', import.meta.url)));
const code = codeHash ? ` (code ${codeHash.slice(0, 12)})` : '';

const leadsDirOption = new Option('--leads-dir <dir>', 'folder of the local lead database').default(defaultLeadsDir);

const program = new Command()
  .name('sitegen')
  .description('Builds the agency website as flat files, and serves and checks it.')
  .version(`${version}${code}`, '-v, --version')
  .option('--debug', 'print stack traces of errors')
  .showHelpAfterError();

program
  .command('build')
  .description('build the site into dist/ (or --out)')
  .option('-o, --out <dir>', 'output folder', 'dist')
  .option('--site-url <url>', 'origin for canonical URLs and the sitemap (default: SITE_URL, then content/site.json)')
  .option('--content <dir>', 'content folder', 'content')
  .option('-q, --quiet', 'print nothing but errors')
  .option('--json', 'print the build report as JSON (pages, sizes, stage times), its stage lines on stderr')
  .option('--incremental', 'render and write only what changed since the last build (cache in .sitegen/incremental)')
  .option('--drafts', 'a private preview: drafts and scheduled articles included, every page asking not to be indexed')
  .action(async (options: BuildCommandOptions & { out: string }) => {
    const interrupt = interruptOnSignals();
    try {
      tuneV8ForBuilds();
      const { build } = await import('./pipeline/build');
      await build({
        ...options,
        generator: await thisGenerator(),
        // The build worker is compiled beside this file (lib/site-worker.js).
        workerUrl: new URL('./site-worker.js', import.meta.url),
        interrupt: interrupt.signal,
      });
    } finally {
      interrupt.dispose();
    }
    // The signal came once the output was being replaced (or found up to date): too late to stop, but still not a success.
    if (interrupt.signal.aborted) {
      const reason = interrupt.signal.reason as Interrupted;
      console.error(`sitegen: ${reason.signal} came too late to stop this build: ${options.out}/ holds its output`);
      process.exitCode = reason.exitCode;
    }
  });

program
  .command('preview')
  .description('serve the built site as a static host would, with the local lead endpoint')
  .option('-p, --port <port>', 'port to listen on', '4173')
  .option('--host <host>', "this machine's loopback name or address to listen on", 'localhost')
  .option('-d, --dir <dir>', 'the built site', 'dist')
  .addOption(leadsDirOption)
  .action(async (options: { port: string; host: string; dir: string; leadsDir: string }) => {
    const [{ startPreview }, { describeLeadSettings, leadsLine }, { purgedLine }] = await Promise.all([
      import('./server/preview'),
      import('./leads/local-leads'),
      import('./leads/lead-retention'),
    ]);
    const preview = await startPreview({ ...options, port: parsePort(options.port) });
    console.log(`sitegen preview: ${preview.url}/ serving ${options.dir}/`);
    console.log(
      leadsLine(
        preview.formsPostTo
          ? `the forms of ${options.dir}/ post to ${preview.formsPostTo} (SUPABASE_URL when it was built), not here: build without SUPABASE_URL to keep test leads in ${options.leadsDir}`
          : `POST ${preview.url}/functions/v1/contact-form → ${options.leadsDir} (see them with \`${leadsCommandLine(options.leadsDir)}\`)`,
      ),
    );
    console.log(leadsLine(describeLeadSettings(preview.leadSettings)));
    if (preview.purged > 0) console.log(leadsLine(purgedLine(preview.purged)));
    await untilInterrupted();
    await preview.close();
  });

program
  .command('dev')
  .description('build the site in memory, serve it, and rebuild and reload the browser on every change')
  .option('-p, --port <port>', 'port to listen on', '4321')
  .option('--host <host>', "this machine's loopback name or address to listen on", 'localhost')
  .option('--open', 'open the site in the default browser')
  .option('--content <dir>', 'content folder', 'content')
  .addOption(leadsDirOption)
  .action(async (options: { port: string; host: string; open?: boolean; content: string; leadsDir: string }) => {
    const { startDevServer } = await import('./dev/dev-server');
    const dev = await startDevServer({ ...options, port: parsePort(options.port), generator: await thisGenerator() });
    if (options.open) openInBrowser(`${dev.url}/`);
    await untilInterrupted();
    await dev.close();
  });

program
  .command('new')
  .description('start a new piece of content')
  .command('article <title>')
  .description('write content/blog/<slug>.md with valid front matter, ready to edit')
  .option('--author <name>', 'the author (default: the author of the newest article)')
  .option('--category <name>', 'a blog category (default: the first of content/pages/blog.json)')
  .action(async (title: string, options: { author?: string; category?: string }) => {
    const { newArticle } = await import('./content/new-article');
    const file = await newArticle({ title, author: options.author, category: options.category });
    console.log(
      `wrote ${file}: a draft; edit it, see it with \`sitegen dev\`, and remove \`draft: true\` to publish it`,
    );
  });

program
  .command('leads')
  .description(
    'print the leads stored by the local preview and dev servers, or delete those the privacy policy says to',
  )
  // One way to print or to delete at a time: two named would leave one ignored. A conversion name, which implies
  // --google-ads, is checked before the others, so that a refusal names what was typed.
  .addOption(
    new Option('--conversion-name <name>', 'the conversion action in Google Ads (implies --google-ads)')
      .argParser(aConversionName)
      .default('Website enquiry')
      .implies({ googleAds: true })
      .conflicts(['json', 'csv', 'purge', 'erase']),
  )
  .addOption(
    new Option(
      '--google-ads',
      "the leads from a Google Ads click, as Google Ads' click-conversion import file (CSV)",
    ).conflicts(['purge', 'erase']),
  )
  .addOption(new Option('--json', 'as JSON').conflicts(['csv', 'googleAds', 'purge', 'erase']))
  .addOption(new Option('--csv', 'as CSV').conflicts(['googleAds', 'purge', 'erase']))
  .addOption(
    new Option(
      '--purge',
      'delete the leads received more than 12 months ago (by SITEGEN_NOW if earlier than the real time)',
    ).conflicts('erase'),
  )
  .option('--erase <email>', 'delete every lead of this email address (an erasure request)', anEmailAddress)
  .addOption(leadsDirOption)
  .action(async (options: LeadsCommandOptions) => (await import('./leads/print-leads')).leadsCommand(options));

program
  .command('check')
  .description('run the gates a marketing site must pass on a built site: links, html, a11y, seo, budgets, lighthouse')
  .option('-d, --dir <dir>', 'the built site', 'dist')
  .option('--content <dir>', 'the content the site was built from (the seo and links gates read it)', 'content')
  .option('--only <gates>', 'comma-separated gates to run (default: all)')
  .option('--external', 'also fetch external links and stock photos (needs internet)')
  .option(
    '--since <sitemap>',
    'a sitemap.xml (file or URL) of the site as it was: the links gate fails for each of its URLs now neither a page nor a redirect',
  )
  .option('--json [file]', 'write the report as JSON, to the file or to standard output')
  .action(async (options: CheckCommandOptions) => {
    const { runCheckCommand } = await import('./check/check-command');
    if (!(await runCheckCommand(options, (text) => process.stdout.write(text)))) process.exitCode = 1;
  });

const leadsCommandLine = (leadsDir: string): string =>
  leadsDir === defaultLeadsDir ? 'sitegen leads' : `sitegen leads --leads-dir ${leadsDir}`;

/** This generator's version: it is compiled into lib/, this file's folder. */
const thisGenerator = (): Promise<string> =>
  generatorVersion(process.cwd(), fileURLToPath(new URL('.', import.meta.url)));

/** Digits alone: Number() would also take "", " 80", "0x12" and "1e3". */
function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535)
    throw new SitegenError(`--port: expected a port number from 0 to 65535, found "${value}"`);
  return port;
}

/** As the forms store it: its domain as the browser sends it, in ASCII (xn--bcher-kva.de for bücher.de). */
function anEmailAddress(value: string): string {
  const address = value.trim().replace(/@([^@]*)$/, (_, domain: string) => `@${domainToASCII(domain) || domain}`);
  if (!isEmailAddress(address)) throw new SitegenError(`--erase: expected an email address, found "${value}"`);
  return address;
}

/** Not an option: `--conversion-name --csv` gives the name "--csv", where the name was left out. */
function aConversionName(value: string): string {
  const found = value.trim() === '' ? 'none' : value.startsWith('--') ? `the option ${value}` : undefined;
  if (found)
    throw new SitegenError(`--conversion-name: expected the name of a conversion action in Google Ads, found ${found}`);
  return value.trim();
}

/** The platform's own way to open a URL; a failure to open is not worth failing the command, but is said. */
function openInBrowser(url: string): void {
  const openers: Partial<Record<NodeJS.Platform, string[]>> = { darwin: ['open'], win32: ['cmd', '/c', 'start', ''] };
  const [command, ...args] = [...(openers[process.platform] ?? ['xdg-open']), url];
  const notOpened = (why: string) => console.log(`  browser    not opened (${why}): open ${url} in a browser yourself`);
  // Without a display (over SSH), xdg-open finds no desktop browser, or starts a text one that nobody sees.
  if (command === 'xdg-open' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return notOpened('no desktop');
  import('node:child_process').then(({ spawn }) =>
    spawn(command!, args, { stdio: 'ignore', detached: true })
      .on('error', () => notOpened(`${command} could not be run`))
      .on('exit', (code) => void (code && notOpened(`${command} found no browser`)))
      .unref(),
  );
}

/** Ctrl-C, a cancelled CI job or `kill`, and a closed terminal: what stops a build cleanly, or a server. */
const stopSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * A stop signal fails the build through `signal` (its reason an Interrupted) instead of killing the process halfway
 * through writing (interrupted.ts). A second signal kills at once: with the listeners gone, Node's default applies.
 */
function interruptOnSignals(): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  // Every image and build thread being waited on listens, each until it is done: many at once is no leak.
  setMaxListeners(0, controller.signal);
  const dispose = () => stopSignals.forEach((signal) => process.off(signal, interrupt));
  const interrupt = (signal: NodeJS.Signals) => {
    dispose();
    controller.abort(new Interrupted(signal));
  };
  for (const signal of stopSignals) process.on(signal, interrupt);
  return { signal: controller.signal, dispose };
}

/** Resolves on a stop signal (a closed terminal too), so a server can close its database cleanly. */
const untilInterrupted = (): Promise<void> =>
  new Promise((resolve) => stopSignals.forEach((signal) => process.once(signal, () => resolve())));

// A reader that went away (`sitegen build | head -1`, a closed terminal) takes the rest of what sitegen prints with it,
// not its work: unhandled, the failed write would kill the process halfway through writing the site.
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (!['EPIPE', 'EIO', 'ERR_STREAM_DESTROYED'].includes(error.code ?? '')) throw error;
  });

try {
  await program.parseAsync();
} catch (error) {
  const debug = program.opts<{ debug?: boolean }>().debug;
  // What the user can fix, from bad input to a full disk or a folder that cannot be written: its message says it all.
  const systemError = error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === 'string';
  if ((error instanceof SitegenError || systemError) && !debug) console.error(`sitegen: ${error.message}`);
  else console.error(error);
  // Interrupted, the output is as it was: the process ends as the signal would have ended it, at once and with the
  // status a shell expects. An exit would wait for sharp to finish any photo it is encoding, which it cannot stop.
  if (error instanceof Interrupted) process.kill(process.pid, error.signal);
  process.exitCode = 1;
}
