import type { IconName, Job, Pages } from '../../src/content/model';
import type { JobStatus } from '../../src/content/publishing';
import { ButtonLink } from '../components/ButtonLink';
import { CallToAction } from '../components/CallToAction';
import { FeatureList } from '../components/FeatureList';
import { Icon } from '../components/Icon';
import { PageHero } from '../components/PageHero';
import { PointGrid } from '../components/PointGrid';
import { Section } from '../components/Section';
import { StorySection } from '../components/StorySection';
import { formatDate } from '../lib/format';

export interface CareersProps {
  page: Pages['careers'];
  /** Each job with the e-mail links its buttons open; one not open is listed only where drafts are shown. */
  jobs: readonly (Job & { applyHref: string; learnMoreHref: string; status: JobStatus })[];
  cvHref: string;
}

export function Careers({ page, jobs, cvHref }: CareersProps) {
  const { why, positions } = page;
  return (
    <>
      <PageHero heading={page.hero.heading} text={page.hero.text} />
      <StorySection id="why" heading={why.heading} paragraphs={why.paragraphs} image={why.image}>
        <h3 className="mt-8 text-xl font-bold">{page.values.heading}</h3>
        <FeatureList items={page.values.items} className="mt-4" />
      </StorySection>
      <Section id="benefits" heading={page.benefits.heading} tone="muted">
        <PointGrid items={page.benefits.items} />
      </Section>
      <Section
        id="positions"
        heading={positions.heading}
        intro={jobs.some((job) => job.status === 'open') ? positions.intro : positions.noneOpen}
      >
        {jobs.length > 0 && (
          <ul className="space-y-6">
            {jobs.map((job) => (
              <JobCard key={job.title} job={job} positions={positions} />
            ))}
          </ul>
        )}
      </Section>
      <CallToAction heading={page.cv.heading} text={page.cv.text} button={{ href: cvHref, label: page.cv.button }} />
    </>
  );
}

type Positions = Pages['careers']['positions'];

/** A position: its facts, the buttons that e-mail the agency about it, what it asks for, and, if it is not open, why it is not on the site. */
function JobCard({ job, positions }: { job: CareersProps['jobs'][number]; positions: Positions }) {
  const facts: { icon: IconName; text: string }[] = [
    { icon: 'map-pin', text: job.location },
    { icon: 'clock', text: job.type },
    { icon: 'award', text: `${positions.experienceLabel}: ${job.experience}` },
    { icon: 'calendar', text: positions.closesLabel.replaceAll('{date}', formatDate(job.validThrough)) },
  ];
  // Shown where its JobPosting gives it: structured data may say only what the page says.
  const { salary } = job;
  if (salary) {
    const options = { style: 'currency', currency: salary.currency, trailingZeroDisplay: 'stripIfInteger' } as const;
    const [min, max] = [salary.min, salary.max].map((amount) => amount.toLocaleString('en-GB', options));
    const text = positions.salaryLabel.replaceAll('{min}', min!).replaceAll('{max}', max!);
    facts.push({ icon: 'pound-sterling', text: text.replaceAll('{per}', salary.per.toLowerCase()) });
  }
  return (
    <li className="card rounded-2xl bg-white p-6 shadow-md card-edge md:p-8">
      <article id={job.id} aria-label={job.title}>
        {job.status !== 'open' && (
          <p
            role="note"
            className="mb-5 rounded-xl border-2 border-amber-400 bg-amber-50 px-4 py-2 font-bold text-amber-900"
          >
            {job.status === 'closed'
              ? positions.closedNote.replaceAll('{date}', formatDate(job.validThrough))
              : positions.waitingNote.replaceAll('{date}', formatDate(job.datePosted))}
          </p>
        )}
        <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
          <div>
            <h3 className="text-2xl font-bold">{job.title}</h3>
            <ul className="mt-3 flex flex-wrap gap-2 text-sm wrap-anywhere">
              <li className="inline-flex items-center gap-1 rounded-full bg-brand-light px-3 py-1 font-medium text-brand">
                <Icon name="briefcase" className="size-4" />
                {job.department}
              </li>
              {facts.map(({ icon, text }) => (
                <li
                  key={icon}
                  className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-3 py-1 text-slate-700"
                >
                  <Icon name={icon} className="size-4" />
                  {text}
                </li>
              ))}
            </ul>
          </div>
          <div className="flex shrink-0 flex-wrap gap-3">
            <ButtonLink href={job.applyHref} label={`${positions.applyLabel}: ${job.title}`}>
              {positions.applyLabel}
            </ButtonLink>{' '}
            <ButtonLink
              href={job.learnMoreHref}
              variant="secondary"
              label={`${positions.learnMoreLabel}: ${job.title}`}
            >
              {positions.learnMoreLabel}
            </ButtonLink>
          </div>
        </div>
        <p className="mt-5 text-slate-700">{job.description}</p>
        <h4 className="mt-5 font-bold">{positions.requirementsLabel}</h4>
        <FeatureList items={job.requirements} className="mt-3" />
      </article>
    </li>
  );
}
