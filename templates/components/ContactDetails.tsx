import type { SiteFacts } from '../../src/content/model';
import { Icon } from './Icon';
import { MailLink } from './MailLink';
import { TelLink } from './TelLink';

export interface ContactDetailsLabels {
  phoneLabel: string;
  emailLabel: string;
  officeLabel: string;
  hoursLabel: string;
}

const link = 'tap-target hover:underline';

/** Phone, e-mail, office and hours, as on the home page's contact section and the contact page. */
export function ContactDetails({
  site,
  labels,
  tone = 'light',
}: {
  site: SiteFacts;
  labels: ContactDetailsLabels;
  tone?: 'light' | 'dark';
}) {
  const { address } = site;
  const rows = [
    {
      icon: 'phone' as const,
      label: labels.phoneLabel,
      value: (
        <TelLink href={site.phoneHref} className={link}>
          {site.phone}
        </TelLink>
      ),
    },
    {
      icon: 'mail' as const,
      label: labels.emailLabel,
      value: (
        // A block is as wide as its longest part: an address with a longer one than the column breaks anywhere too.
        <MailLink address={site.email} className={`${link} wrap-anywhere`} />
      ),
    },
    {
      icon: 'map-pin' as const,
      label: labels.officeLabel,
      value: (
        <address className="not-italic">
          {site.addressLine}, {address.countryName}
        </address>
      ),
    },
    { icon: 'clock' as const, label: labels.hoursLabel, value: site.hoursLine },
  ];
  const muted = tone === 'dark' ? 'text-slate-300' : 'text-slate-600';
  return (
    <dl className="space-y-5">
      {rows.map((row) => (
        // Below 20rem (a phone's text at 200 %) the icon stands above its row, not beside it: beside it, the phone
        // number, kept whole, was wider than what was left of the line.
        <div key={row.label} className="relative min-h-11 pl-15 max-[20rem]:pl-0">
          <dt className={`text-sm font-semibold ${muted}`}>
            <span
              className={`absolute top-0 left-0 flex size-11 items-center justify-center rounded-lg max-[20rem]:static max-[20rem]:mb-1 ${tone === 'dark' ? 'bg-white/10 text-white' : 'bg-brand-light text-brand'}`}
            >
              <Icon name={row.icon} className="size-5" />
            </span>
            {row.label}
          </dt>
          <dd className="text-lg font-semibold">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
