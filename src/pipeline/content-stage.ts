/** The content stage: content/ read (on every core, on a large site) into the model; the images it names described. */
import { articleFiles, markdownSource } from '../content/content-files';
import { loadSiteData, scanArticle } from '../content/load-site';
import { MarkdownReader } from '../content/markdown-reader';
import type { SiteModel } from '../content/model';
import { jobStatus, nextScheduled, publicationStatus } from '../content/publishing';
import { withArticles } from '../content/site-model';
import { describeImages } from '../images/model-images';
import { SourceImages } from '../images/source-images';
import { ArticleThreads } from '../threads/article-threads';
import { formatDate } from '../../templates/lib/format';
import { stageDone, type BuildRun, type SiteRun } from './build-run';

export type OpenContent = ReturnType<typeof openContent>;

/** Starts reading content/: on a large site, the build threads start on their shares of the articles at once. */
export function openContent(run: BuildRun) {
  const { config, generator, options } = run;
  const source = markdownSource(config, generator);
  const threads = options.workerUrl
    ? ArticleThreads.start(
        { paths: articleFiles(config.contentDir, config.root), source, workerUrl: options.workerUrl },
        options.interrupt,
      )
    : undefined;
  const reader = MarkdownReader.open(source);
  return {
    reader,
    threads,
    images: SourceImages.open(config, { keep: true }),
    close: async () => {
      await threads?.close();
      reader.close();
    },
  };
}

export type ReadContent = Awaited<ReturnType<typeof readContent>>;

export async function readContent(run: SiteRun) {
  const started = performance.now();
  const { reader, threads, images } = run.content;
  const { contentDir, root } = run.config;
  const data = loadSiteData(contentDir, root, reader);
  const here = (threads?.here ?? articleFiles(contentDir, root)).map((path) => scanArticle(reader, path));
  const content = withArticles(data, threads ? [...here, ...(await threads.scanned())] : here);
  const catalog = await describeImages(content, images);
  run.options.interrupt?.throwIfAborted();
  const { articles, trades, servicePages } = content;
  const counted = `${articles.length} articles, ${trades.length} trades, ${servicePages.length} services`;
  const described = `${catalog.bySrc.size} image${catalog.bySrc.size === 1 ? '' : 's'}`;
  const where = threads ? `, articles read and rendered on ${threads.count} threads` : '';
  stageDone(run, 'content', `${counted}, ${described}${where}`, performance.now() - started);
  reportPublishing(run, content);
  reportJobs(run, content);
  return { content, catalog };
}

function reportJobs({ log, publishing }: BuildRun, { jobs }: SiteModel): void {
  const { today, drafts } = publishing;
  const closed = jobs.filter((job) => jobStatus(job, today) === 'closed');
  const waiting = jobs.filter((job) => jobStatus(job, today) === 'waiting');
  const named = [
    ...closed.map((job) => `"${job.title}" (closed ${formatDate(job.validThrough)})`),
    ...waiting.map((job) => `"${job.title}" (to be posted on ${formatDate(job.datePosted)})`),
  ];
  if (named.length === 0) return;
  const fix = closed.length > 0 ? ': remove a closed job from content/jobs.json, or give it a new validThrough' : '';
  // Where drafts are shown, /careers lists them too, each with a note saying why it is not on the site.
  const where = drafts ? 'listed on /careers with a note, not on the site' : 'left out of /careers';
  log.stage('jobs', `${named.join(', ')} ${where}${fix}`, -1);
}

function reportPublishing({ log, publishing }: BuildRun, model: SiteModel): void {
  const statuses = model.articles.map((article) => publicationStatus(article, publishing.today));
  const draftFiles = model.articles.filter((_, index) => statuses[index] === 'draft').map((article) => article.file);
  const drafts = draftFiles.length;
  const scheduled = statuses.filter((status) => status === 'scheduled').length;
  const slugless = model.articles.filter((article, index) => !article.slug && statuses[index] === 'published');
  // The spec's "Coming Soon" card: no page of its own, which a deleted slug line would otherwise lose without a word.
  if (slugless.length > 0)
    log.stage('no slug', `${slugless.map((article) => article.file).join(', ')}: listed as "Coming Soon", no page`, -1);
  if (drafts + scheduled === 0 && !publishing.drafts) return;
  const named = `${draftFiles.slice(0, 3).join(', ')}${drafts > 3 ? ', …' : ''}`;
  const counted = [
    drafts && `${drafts} draft${drafts === 1 ? '' : 's'} (${named})`,
    scheduled && `${scheduled} scheduled article${scheduled === 1 ? '' : 's'}`,
  ].filter(Boolean);
  const next = publishing.drafts ? undefined : nextScheduled(model.articles, publishing.today);
  const when = next ? `; next: "${next.title}" (${next.file}) goes live on ${formatDate(next.date)}` : '';
  const where = publishing.drafts ? 'on the site (--drafts): every page asks not to be indexed' : `left out${when}`;
  log.stage('drafts', `${counted.join(' and ') || 'no drafts'} ${where}`, -1);
}
