import type { Pages, SiteFacts } from '../../src/content/model';
import type { IslandProps } from '../../islands/registry';
import { ContactDetails } from '../components/ContactDetails';
import { Icon } from '../components/Icon';
import { Island } from '../components/Island';
import type { FormNotes } from '../layout/types';
import { PageHero } from '../components/PageHero';

export interface ContactProps {
  page: Pages['contact'];
  site: SiteFacts;
  form: IslandProps<'EnquiryForm'>;
  formNotes: FormNotes;
  formHeading: string;
  toaster: IslandProps<'Toaster'>;
}

export function Contact({ page, site, form, formNotes, formHeading, toaster }: ContactProps) {
  return (
    <>
      <PageHero heading={page.hero.heading} text={page.hero.text} />
      <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-12 px-4 py-16 md:py-20 lg:grid-cols-[1fr_1.5fr]">
        <div className="space-y-10">
          <section aria-labelledby="points-heading">
            <h2 id="points-heading" className="text-2xl font-bold">
              {page.points.heading}
            </h2>
            <ul className="mt-6 space-y-5">
              {page.points.items.map((point) => (
                <li key={point.title} className="flex gap-4">
                  <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-light text-brand">
                    <Icon name={point.icon} className="size-5" />
                  </span>
                  <div className="min-w-0">
                    <h3 className="font-bold">{point.title}</h3>
                    <p className="text-slate-600">{point.text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="details-heading" className="card rounded-2xl bg-slate-900 p-6 text-white md:p-8">
            <h2 id="details-heading" className="mb-6 text-2xl font-bold">
              {page.details.heading}
            </h2>
            <ContactDetails site={site} labels={page.details} tone="dark" />
          </section>
        </div>
        {/* Not a region: the form within, named by the same heading, is the landmark. Both named, a screen reader moving
            by landmark stopped twice for the one form. */}
        <section className="card rounded-2xl bg-white p-6 shadow-lg card-edge md:p-8 print:hidden">
          <h2 id="contact-form-heading" className="mb-6 text-2xl font-bold">
            {formHeading}
          </h2>
          <Island name="EnquiryForm" props={form} notes={formNotes} />
        </section>
      </div>
      <Island name="Toaster" props={toaster} hydrate="on-form-use" />
    </>
  );
}
