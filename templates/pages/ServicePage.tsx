import type { ServicePage as ServicePageRecord, SiteFacts } from '../../src/content/model';
import { ButtonLink } from '../components/ButtonLink';
import { CallToAction } from '../components/CallToAction';
import { FeatureList } from '../components/FeatureList';
import { Icon } from '../components/Icon';
import { PhoneLink } from '../components/PhoneLink';
import { PointGrid } from '../components/PointGrid';
import { Section } from '../components/Section';
import { HeroPhoto } from '../components/HeroPhoto';

export interface ServicePageProps {
  page: Omit<ServicePageRecord, 'title' | 'description' | 'keywords'>;
  site: Pick<SiteFacts, 'phone' | 'phoneHref'>;
  paths: { contact: string };
}

/** The five service pages: the sections each page's content has, always in this order. */
export function ServicePage({ page, site, paths }: ServicePageProps) {
  const { hero, points, offerings, spotlight, includes, cta } = page;
  const red = hero.tone === 'red';
  return (
    <>
      <ServiceHero hero={hero} site={site} phoneLabel={cta.phoneLabel} contact={paths.contact} />

      <Section id="why" heading={points.heading} intro={points.intro} tone="muted">
        <PointGrid items={points.items} />
      </Section>

      {offerings && (
        <Section id="services" heading={offerings.heading} intro={offerings.intro}>
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-8 md:grid-cols-3">
            {offerings.cards.map((card) => (
              <li key={card.title} className="card flex flex-col rounded-2xl bg-white p-6 shadow-md card-edge">
                <span
                  className={`mb-4 flex size-12 items-center justify-center rounded-lg ${red ? 'bg-red-50 text-red-700' : 'bg-brand-light text-brand'}`}
                >
                  <Icon name={card.icon} />
                </span>
                <h3 className="text-xl font-bold">{card.title}</h3>
                <p className="mt-3 mb-5 text-slate-600">{card.description}</p>
                <FeatureList items={card.features} />
              </li>
            ))}
          </ul>
        </Section>
      )}

      {spotlight && <Spotlight spotlight={spotlight} />}

      {includes && (
        <Section id="includes" heading={includes.heading} intro={includes.intro}>
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-8 md:grid-cols-3">
            {includes.groups.map((group) => (
              <li key={group.title} className="card rounded-2xl bg-white p-6 shadow-md card-edge">
                <span className="mb-4 flex size-12 items-center justify-center rounded-lg bg-brand-light text-brand">
                  <Icon name={group.icon} />
                </span>
                <h3 className="mb-4 text-xl font-bold">{group.title}</h3>
                <FeatureList items={group.items} />
              </li>
            ))}
          </ul>
        </Section>
      )}

      <CallToAction
        heading={cta.heading}
        text={cta.text}
        button={{ href: paths.contact, label: cta.button }}
        phone={{ href: site.phoneHref, label: cta.phoneLabel, number: site.phone }}
      />
    </>
  );
}

/** The first screen: the service, its call to act and the number to ring, beside its photo; red for the emergency pages. */
function ServiceHero({
  hero,
  site,
  phoneLabel,
  contact,
}: Pick<ServicePageProps, 'site'> & { hero: ServicePageRecord['hero']; phoneLabel: string; contact: string }) {
  const red = hero.tone === 'red';
  return (
    <section className={red ? 'bg-red-700 text-white' : 'bg-linear-to-br from-brand-dark to-brand text-white'}>
      <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] items-center gap-10 px-4 py-14 md:py-20 lg:grid-cols-2">
        <div>
          <p className="mb-4 inline-block rounded-full bg-white/15 px-4 py-1.5 text-sm font-semibold">{hero.eyebrow}</p>
          <h1 className="text-4xl font-extrabold tracking-tight md:text-5xl">{hero.heading}</h1>
          <p className="mt-6 text-lg text-white/90 md:text-xl">{hero.text}</p>
          <div className="mt-8 flex flex-col gap-4 sm:flex-row sm:items-center">
            <ButtonLink href={contact} variant={red ? 'secondary' : 'primary'} onDark>
              {hero.cta}
            </ButtonLink>{' '}
            <PhoneLink
              href={site.phoneHref}
              label={phoneLabel}
              number={site.phone}
              className="min-h-12 px-2 text-white hover:underline"
            />
          </div>
        </div>
        <HeroPhoto image={hero.image} />
      </div>
    </section>
  );
}

function Spotlight({ spotlight }: { spotlight: NonNullable<ServicePageRecord['spotlight']> }) {
  return (
    <section aria-labelledby="spotlight-heading" className="bg-slate-900 py-16 text-white md:py-20">
      <div className="mx-auto max-w-6xl px-4">
        <div className="mx-auto max-w-3xl text-center">
          <h2 id="spotlight-heading" className="text-3xl font-bold tracking-tight md:text-4xl">
            {spotlight.heading}
          </h2>
          <p className="mt-4 text-lg text-slate-300">{spotlight.text}</p>
        </div>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {spotlight.items.map((item) => (
            <li key={item.title} className="card rounded-2xl bg-white/5 p-6 ring-1 ring-white/10 forced-colors:border">
              <Icon name={item.icon} className="size-7 text-brand-soft" />
              <h3 className="mt-3 text-lg font-bold">{item.title}</h3>
              <p className="mt-2 text-slate-300">{item.text}</p>
            </li>
          ))}
        </ul>
        <dl className="mt-10 grid gap-6 text-center sm:grid-cols-3">
          {spotlight.stats.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse">
              <dt className="mt-1 text-slate-300">{stat.label}</dt>
              <dd className="text-4xl font-extrabold text-white">{stat.number}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
