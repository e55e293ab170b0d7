import type { CaseStudy, Pages } from '../../src/content/model';
import { CallToAction } from '../components/CallToAction';
import { Icon } from '../components/Icon';
import { PageHero } from '../components/PageHero';
import { Picture } from '../components/Picture';
import { fullWidthBelow } from '../lib/images';

export interface CaseStudiesProps {
  page: Pages['caseStudies'];
  caseStudies: readonly CaseStudy[];
  paths: { contact: string };
}

export function CaseStudies({ page, caseStudies, paths }: CaseStudiesProps) {
  const { labels } = page;
  return (
    <>
      <PageHero heading={page.hero.heading} text={page.hero.text} />
      <div className="mx-auto max-w-6xl space-y-16 px-4 py-16 md:py-20">
        {caseStudies.map((study, index) => (
          <CaseStudyArticle key={study.title} study={study} index={index} labels={labels} />
        ))}
      </div>
      <CallToAction
        heading={page.cta.heading}
        text={page.cta.text}
        button={{ href: paths.contact, label: page.cta.button }}
      />
    </>
  );
}

type Labels = CaseStudiesProps['page']['labels'];

function CaseStudyArticle({ study, index, labels }: { study: CaseStudy; index: number; labels: Labels }) {
  return (
    <article
      aria-labelledby={`case-${index}`}
      className="card overflow-hidden rounded-2xl bg-white shadow-lg card-edge"
    >
      <div className="grid grid-cols-[minmax(0,1fr)] lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Picture
          image={study.image}
          width={480}
          height={360}
          sizes="(min-width: 1024px) 460px, 100vw"
          widest={fullWidthBelow.lg}
          priority={index === 0}
          className="h-full max-h-96 w-full object-cover lg:max-h-none"
        />
        <div className="px-4 py-6 sm:p-6 md:p-8">
          <p className="text-sm font-semibold text-brand">
            {study.client} &middot; {study.location}
          </p>
          <h2 id={`case-${index}`} className="mt-1 text-2xl font-bold md:text-3xl">
            {study.title}
          </h2>
          <p className="mt-2 inline-flex items-center gap-2 text-sm text-slate-600">
            <Icon name="clock" className="size-4" />
            {labels.timeframe}: {study.timeframe}
          </p>
          <h3 className="mt-6 font-bold">{labels.challenge}</h3>
          <p className="mt-1 text-slate-700">{study.challenge}</p>
          <h3 className="mt-4 font-bold">{labels.solution}</h3>
          <p className="mt-1 text-slate-700">{study.solution}</p>
        </div>
      </div>
      <div className="border-t border-slate-200 bg-slate-50 px-4 py-6 sm:px-6 md:p-8">
        <h3 className="mb-4 text-lg font-bold">{labels.results}</h3>
        {/* On a phone the table fits its column; one whose words grow past it scrolls within its own region,
            which a keyboard can focus and scroll, rather than the page scrolling sideways. Its name is the heading above it
            and the study's title with a pause between (a colon): named by the two headings' ids, a screen reader ran
            them together as one phrase. */}
        <section
          aria-label={`${labels.results}: ${study.title}`}
          tabIndex={0}
          className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand"
        >
          <ResultsTable results={study.results} labels={labels} />
        </section>
        <figure className="mt-6 border-l-4 border-brand pl-4">
          <blockquote className="text-lg text-slate-800 italic">
            <p>&ldquo;{study.testimonial.quote}&rdquo;</p>
          </blockquote>
          <figcaption className="mt-2 font-semibold text-slate-700">{study.testimonial.author}</figcaption>
        </figure>
      </div>
    </article>
  );
}

function ResultsTable({ results, labels }: { results: CaseStudy['results']; labels: Labels }) {
  return (
    <table className="w-full text-left text-sm sm:text-base">
      <thead>
        <tr className="border-b border-slate-300 text-sm text-slate-600">
          <th scope="col" className="py-2 pr-2 font-semibold sm:pr-4">
            {labels.metric}
          </th>
          <th scope="col" className="py-2 pr-2 font-semibold sm:pr-4">
            {labels.before}
          </th>
          <th scope="col" className="py-2 pr-2 font-semibold sm:pr-4">
            {labels.after}
          </th>
          <th scope="col" className="py-2 font-semibold">
            {labels.increase}
          </th>
        </tr>
      </thead>
      <tbody>
        {results.map((result) => (
          <tr key={result.metric} className="border-b border-slate-200 last:border-0">
            <th scope="row" className="py-3 pr-2 font-semibold sm:pr-4">
              {result.metric}
            </th>
            <td className="py-3 pr-2 text-slate-700 sm:pr-4">{result.before}</td>
            <td className="py-3 pr-2 text-slate-900 sm:pr-4">{result.after}</td>
            <td className="py-3 font-bold text-green-800">{result.increase}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
