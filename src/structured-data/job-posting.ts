/**
 * An open position as Google's job search reads it. Required: title, description, datePosted, hiringOrganization,
 * and a jobLocation, or for a remote job jobLocationType TELECOMMUTE with the country applicants must live in.
 * Recommended, where the content has them: validThrough, employmentType, identifier, directApply, baseSalary.
 */
import type { JobPosting } from 'schema-dts';
import type { Job, SiteFacts } from '../content/model';
import { londonEndOfDay } from '../content/publishing';
import { employmentTypes } from '../content/schemas';
import { escapeHtml } from '../escape';
import { ref, siteIds, type GraphNode } from './site-nodes';

export function jobPosting(
  job: Job,
  careers: { url: string; requirementsLabel: string },
  site: SiteFacts,
  siteUrl: string,
): GraphNode<JobPosting> {
  const url = `${careers.url}#${job.id}`;
  const { workplace, salary } = job;
  return {
    '@type': 'JobPosting',
    '@id': url,
    url,
    title: job.title,
    // Google asks for the whole description, in HTML: the role, then what the agency looks for.
    description: `<p>${escapeHtml(job.description)}</p><p>${escapeHtml(careers.requirementsLabel)}:</p><ul>${job.requirements.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`,
    datePosted: job.datePosted,
    // The end of its closing day in London, as the site keeps it: a date alone may be read as that day's start.
    validThrough: londonEndOfDay(job.validThrough),
    employmentType: employmentTypes[job.type],
    hiringOrganization: ref(siteIds(siteUrl).organization),
    identifier: { '@type': 'PropertyValue', name: site.name, value: job.id },
    // Applying is by email, not on the page.
    directApply: false,
    ...(workplace.type === 'office'
      ? {
          jobLocation: {
            '@type': 'Place',
            address: {
              '@type': 'PostalAddress',
              addressLocality: workplace.locality,
              addressRegion: workplace.region,
              addressCountry: workplace.country,
            },
          },
        }
      : {
          jobLocationType: 'TELECOMMUTE',
          applicantLocationRequirements: { '@type': 'Country', name: workplace.applicantCountry },
        }),
    ...(salary && {
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: salary.currency,
        value: { '@type': 'QuantitativeValue', minValue: salary.min, maxValue: salary.max, unitText: salary.per },
      },
    }),
  };
}
