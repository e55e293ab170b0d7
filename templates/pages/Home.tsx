import type { Pages, SiteFacts, Stat, Testimonial } from '../../src/content/model';
import type { IslandProps } from '../../islands/registry';
import { ButtonLink } from '../components/ButtonLink';
import { ContactDetails } from '../components/ContactDetails';
import { Icon } from '../components/Icon';
import { Island } from '../components/Island';
import type { FormNotes } from '../layout/types';
import { Section } from '../components/Section';
import { ServiceCard, type ServiceCardProps } from '../components/ServiceCard';
import { Stars } from '../components/Stars';
import { Picture } from '../components/Picture';
import { fullWidthBelow } from '../lib/images';

export interface HomeProps {
  page: Pages['home'];
  site: SiteFacts;
  services: readonly ServiceCardProps[];
  testimonials: readonly Testimonial[];
  stats: readonly Stat[];
  heroForm: IslandProps<'EnquiryForm'>;
  contactForm: IslandProps<'EnquiryForm'>;
  formNotes: FormNotes;
  /** The words around the forms, from content/forms.json. */
  formHeadings: { hero: string; heroText: string; contact: string };
  toaster: IslandProps<'Toaster'>;
  paths: { contact: string; caseStudies: string };
}

export function Home({
  page,
  site,
  services,
  testimonials,
  stats,
  heroForm,
  contactForm,
  formNotes,
  formHeadings,
  toaster,
  paths,
}: HomeProps) {
  return (
    <>
      <HomeHero hero={page.hero} heroForm={heroForm} formNotes={formNotes} formHeadings={formHeadings} paths={paths} />

      <Section id="services" heading={page.services.heading} intro={page.services.intro} tone="muted">
        <div className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
          {services.map((service) => (
            <ServiceCard key={service.title} {...service} />
          ))}
        </div>
      </Section>

      <Section id="testimonials" heading={page.testimonials.heading} intro={page.testimonials.intro}>
        <ul className="grid gap-8 md:grid-cols-3">
          {testimonials.map((testimonial) => (
            <TestimonialCard
              key={testimonial.name}
              testimonial={testimonial}
              ratingLabel={page.testimonials.ratingLabel}
            />
          ))}
        </ul>
        {/* Two figures a row from 20rem, a phone's 320 px at its usual text size; below that (the same phone with its text
            at 200%), one a row with narrower sides: two columns of 56 px broke 2.5M+ into a letter a line. */}
        <dl className="mt-14 grid grid-cols-1 gap-6 rounded-2xl bg-brand px-3 py-10 text-center text-white min-[20rem]:grid-cols-2 min-[20rem]:px-6 md:grid-cols-4">
          {stats.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse">
              <dt className="mt-1 text-brand-tint">{stat.label}</dt>
              <dd className="text-4xl font-extrabold">{stat.number}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section id="contact" heading={page.contact.heading} intro={page.contact.intro} tone="muted">
        <div className="grid grid-cols-[minmax(0,1fr)] gap-10 lg:grid-cols-[1fr_1.4fr]">
          <div>
            <ContactDetails site={site} labels={page.contact} />
            <ButtonLink href={paths.contact} variant="brand" className="mt-8">
              {page.contact.strategyCta}
            </ButtonLink>
          </div>
          <div className="card rounded-2xl bg-white p-6 shadow-lg card-edge md:p-8 print:hidden">
            <h3 id="contact-form-heading" className="mb-6 text-2xl font-bold">
              {formHeadings.contact}
            </h3>
            <Island name="EnquiryForm" props={contactForm} notes={formNotes} />
          </div>
        </div>
      </Section>
      <Island name="Toaster" props={toaster} hydrate="on-form-use" />
    </>
  );
}

/** The first screen: what the agency offers, the calls to act, and the enquiry form beside them. */
function HomeHero({
  hero,
  heroForm,
  formNotes,
  formHeadings,
  paths,
}: Pick<HomeProps, 'heroForm' | 'formNotes' | 'formHeadings' | 'paths'> & { hero: Pages['home']['hero'] }) {
  return (
    <section id="home" className="bg-linear-to-br from-brand-dark via-brand to-brand-bright text-white">
      {/* A slow connection draws the hero half-arrived: top-aligned columns of fixed shares (minmax(0, …))
          and points in a grid, so nothing drawn moves, narrows or wraps as the rest comes. */}
      <div className="mx-auto grid max-w-6xl items-start gap-10 px-4 py-14 md:py-20 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)]">
        <div>
          <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-white/15 px-4 py-1.5 text-sm font-semibold">
            <Icon name="award" className="size-4" />
            {hero.eyebrow}
          </p>
          <h1 className="text-4xl font-extrabold tracking-tight md:text-5xl lg:text-6xl">{hero.heading}</h1>
          <p className="mt-6 max-w-2xl text-lg text-brand-light md:text-xl">{hero.text}</p>
          <ul className="mt-6 grid gap-x-6 gap-y-2 sm:grid-cols-2">
            {hero.points.map((point) => (
              <li key={point} className="flex items-center gap-2 font-medium">
                <Icon name="circle-check" className="size-5 text-green-300" />
                {point}
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-col gap-4 sm:flex-row">
            <ButtonLink href={paths.contact} onDark>
              {hero.primaryCta}
            </ButtonLink>{' '}
            <ButtonLink href={paths.caseStudies} variant="outline" onDark>
              {hero.secondaryCta}
            </ButtonLink>
          </div>
          <p className="mt-6">
            <a
              href={paths.contact}
              className="inline-flex items-center gap-2 font-semibold underline decoration-2 underline-offset-4 hover:text-brand-tint"
            >
              <Icon name="search" className="size-5" />
              {hero.auditCta}
            </a>
          </p>
        </div>
        <div className="card rounded-2xl bg-white p-6 text-slate-900 shadow-2xl forced-colors:border md:p-8 print:hidden">
          <h2 id="hero-form-heading" className="text-2xl font-bold">
            {formHeadings.hero}
          </h2>
          <p className="mt-2 mb-6 text-slate-600">{formHeadings.heroText}</p>
          <Island name="EnquiryForm" props={heroForm} notes={formNotes} />
        </div>
      </div>
    </section>
  );
}

function TestimonialCard({ testimonial, ratingLabel }: { testimonial: Testimonial; ratingLabel: string }) {
  return (
    <li className="card flex flex-col overflow-hidden rounded-2xl bg-white shadow-md card-edge">
      <Picture
        image={testimonial.businessImage}
        width={400}
        height={200}
        sizes="(min-width: 768px) 33vw, 100vw"
        widest={fullWidthBelow.md}
        className="aspect-2/1 w-full object-cover"
      />
      <figure className="flex flex-1 flex-col p-6">
        <Stars rating={testimonial.rating} label={ratingLabel.replaceAll('{rating}', String(testimonial.rating))} />
        <blockquote className="mt-4 flex-1 text-slate-700">
          <p>&ldquo;{testimonial.text}&rdquo;</p>
        </blockquote>
        <figcaption className="mt-6 flex items-center gap-3">
          {/* Beside the name: described too, the caption would be read as the name, the photo's words, the name again. */}
          <Picture
            decorative
            image={testimonial.image}
            width={48}
            height={48}
            sizes="48px"
            className="size-12 rounded-full object-cover"
          />
          <div className="min-w-0">
            <p className="font-bold text-slate-900">{testimonial.name}</p>
            <p className="text-sm text-slate-600">
              {testimonial.business}, {testimonial.location}
            </p>
          </div>
        </figcaption>
      </figure>
    </li>
  );
}
