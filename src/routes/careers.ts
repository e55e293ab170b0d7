import { isOpen, jobStatus } from '../content/publishing';
import { absoluteUrl, paths } from '../paths';
import { jobPosting } from '../structured-data/job-posting';
import type { RouteContext } from './context';
import { meta, type Route } from './route';

/**
 * A job not open (closed, or posted later) is neither listed nor a JobPosting; where drafts are shown (sitegen dev,
 * build --drafts, the editor's preview), it is listed with a note saying why it is not on the site.
 */
export function careersRoute({ model, siteUrl, dir, trails, publishing, route }: RouteContext): Route {
  const careers = model.pages.careers;
  const { today, drafts } = publishing;
  const listed = model.jobs.filter((job) => drafts || isOpen(job, today));
  const posted = { url: absoluteUrl(siteUrl, paths.careers), requirementsLabel: careers.positions.requirementsLabel };
  const mailto = (subject: string) => `mailto:${model.site.email}?subject=${encodeURIComponent(subject)}`;
  return route({
    path: paths.careers,
    kind: 'Careers',
    source: `${dir}/pages/careers.json`,
    props: {
      page: careers,
      jobs: listed.map((job) => ({
        ...job,
        status: jobStatus(job, today),
        applyHref: mailto(careers.positions.applySubject.replaceAll('{role}', job.title)),
        learnMoreHref: mailto(careers.positions.learnMoreSubject.replaceAll('{role}', job.title)),
      })),
      cvHref: mailto(careers.cv.subject),
    },
    head: { ...meta(careers), image: careers.why.image },
    breadcrumb: { above: trails.home, name: careers.breadcrumb },
    schema: {
      type: 'WebPage',
      nodes: listed.filter((job) => isOpen(job, today)).map((job) => jobPosting(job, posted, model.site, siteUrl)),
    },
  });
}
