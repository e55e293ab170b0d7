import type { SiteFacts } from '../../src/content/model';
import { Icon } from './Icon';

export interface ContactDetailsLabels {
  phoneLabel: string;
  emailLabel: string;
  officeLabel: string;
  hoursLabel: string;
}

/** Phone, e-mail, office and hours, as on the home page's contact section and the contact page. */
export function ContactDetails({ site, labels, tone = 'light' }: { site: SiteFacts; labels: ContactDetailsLabels; tone?: 'light' | 'dark' }) {
  const { address } = site;
  const rows = [
    { icon: 'phone' as const, label: labels.phoneLabel, value: <a href={site.phoneHref} className="hover:underline">{site.phone}</a> },
    { icon: 'mail' as const, label: labels.emailLabel, value: <a href={`mailto:${site.email}`} className="hover:underline">{site.email}</a> },
    {
      icon: 'map-pin' as const,
      label: labels.officeLabel,
      value: (
        <address className="not-italic">
          {address.street}, {address.locality}, {address.region} {address.postcode}, {address.countryName}
        </address>
      ),
    },
    { icon: 'clock' as const, label: labels.hoursLabel, value: site.hours.label },
  ];
  const muted = tone === 'dark' ? 'text-slate-300' : 'text-slate-600';
  return (
    <dl className="space-y-5">
      {rows.map((row) => (
        <div key={row.label} className="flex items-start gap-4">
          <span className={`flex size-11 shrink-0 items-center justify-center rounded-lg ${tone === 'dark' ? 'bg-white/10 text-white' : 'bg-brand-light text-brand'}`}>
            <Icon name={row.icon} className="size-5" />
          </span>
          <div>
            <dt className={`text-sm font-semibold ${muted}`}>{row.label}</dt>
            <dd className="text-lg font-semibold">{row.value}</dd>
          </div>
        </div>
      ))}
    </dl>
  );
}
