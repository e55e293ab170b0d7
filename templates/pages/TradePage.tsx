import type { Image, SiteFacts } from '../../src/content/model';
import { ButtonLink } from '../components/ButtonLink';
import { CallToAction } from '../components/CallToAction';
import { Icon } from '../components/Icon';
import { Section } from '../components/Section';
import { ServiceCard, type ServiceCardProps } from '../components/ServiceCard';
import { HeroPhoto } from '../components/HeroPhoto';

export interface TradePageProps {
  /** The trade template's words with the trade's name already in place. */
  copy: {
    backLabel: string;
    heading: string;
    auditCta: string;
    servicesHeading: string;
    servicesIntro: string;
    ctaHeading: string;
    ctaText: string;
    consultationCta: string;
    phoneLabel: string;
  };
  description: string;
  heroImage: Image;
  /** Exactly six: local SEO, Google Ads, AI services, website design, analytics and ROI, reputation. */
  services: readonly ServiceCardProps[];
  site: Pick<SiteFacts, 'phone' | 'phoneHref'>;
  paths: { home: string; contact: string };
}

/** One template for all 27 trade pages. */
export function TradePage({ copy, description, heroImage, services, site, paths }: TradePageProps) {
  return (
    <>
      <section className="bg-linear-to-br from-brand-dark to-brand text-white">
        <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] items-center gap-10 px-4 py-12 md:py-16 lg:grid-cols-2">
          <div>
            <a
              href={paths.home}
              className="inline-flex items-center gap-2 font-semibold text-brand-tint hover:text-white hover:underline"
            >
              <Icon name="arrow-left" className="size-4" />
              {copy.backLabel}
            </a>
            <h1 className="mt-6 text-4xl font-extrabold tracking-tight md:text-5xl">{copy.heading}</h1>
            <p className="mt-6 text-lg text-brand-light md:text-xl">{description}</p>
            <ButtonLink href={paths.contact} onDark className="mt-8">
              {copy.auditCta}
            </ButtonLink>
          </div>
          <HeroPhoto image={heroImage} />
        </div>
      </section>
      <Section id="services" heading={copy.servicesHeading} intro={copy.servicesIntro} tone="muted">
        <div className="grid grid-cols-1 gap-8 md:grid-cols-2 lg:grid-cols-3">
          {services.map((service) => (
            <ServiceCard key={service.title} {...service} />
          ))}
        </div>
      </Section>
      <CallToAction
        heading={copy.ctaHeading}
        text={copy.ctaText}
        button={{ href: paths.contact, label: copy.consultationCta }}
        phone={{ href: site.phoneHref, label: copy.phoneLabel, number: site.phone }}
      />
    </>
  );
}
