/** @jsxImportSource preact */
import type { FormsCopy } from '../src/content/model';
import { limits, type Option } from '../supabase/functions/_shared/lead-options.ts';
import { Honeypot, Refusal, SubmitButton } from './lib/fields';
import { SelectField, TextArea, TextField } from './lib/labelled-fields';
import type { LeadEndpoint } from './lib/types';
import { useLeadForm } from './lib/use-lead-form';

export interface EnquiryFormProps {
  variant: 'hero' | 'contact';
  /** The id of the heading that names the form. */
  labelledBy: string;
  copy: Pick<FormsCopy, 'fields' | 'requiredNote' | 'submitting' | 'toasts'> & { submit: string; note?: string };
  endpoint: LeadEndpoint;
  /** The choices the form offers and the patterns of its e-mail and phone: lead-options.ts's formOptions. */
  options: {
    trades: readonly Option[];
    budgets?: readonly Option[];
    services?: readonly string[];
    patterns: { email: string; phone: string };
  };
}

/** The hero's short quote form and the contact page's full enquiry form. */
export function EnquiryForm({ variant, labelledBy, copy, endpoint, options }: EnquiryFormProps) {
  const full = variant === 'contact';
  const { ready, submitting, onSubmit, refusal } = useLeadForm(variant, endpoint, copy.toasts);
  const id = (name: string) => `${variant}-${name}`;
  const { fields } = copy;

  return (
    <form aria-labelledby={labelledBy} class="relative space-y-4" onSubmit={onSubmit}>
      <div class={full ? 'grid gap-4 sm:grid-cols-2' : 'space-y-4'}>
        <TextField
          id={id('name')}
          name="name"
          label={fields.name}
          required
          autoComplete="name"
          maxLength={limits.name}
        />
        <TextField
          id={id('email')}
          name="email"
          type="email"
          label={fields.email}
          pattern={options.patterns.email}
          title={fields.emailFormat}
          required
          autoComplete="email"
          maxLength={limits.email}
        />
        <TextField
          id={id('phone')}
          name="phone"
          type="tel"
          label={fields.phone}
          pattern={options.patterns.phone}
          title={fields.phoneFormat}
          required={full}
          autoComplete="tel"
          maxLength={limits.phone}
        />
        <SelectField
          id={id('trade')}
          name="trade"
          label={fields.trade}
          required={full}
          placeholder={fields.tradePlaceholder}
          options={options.trades}
        />
        {full && (
          <>
            <TextField
              id={id('business_name')}
              name="business_name"
              label={fields.businessName}
              autoComplete="organization"
              maxLength={limits.business_name}
            />
            <TextField
              id={id('location')}
              name="location"
              label={fields.location}
              autoComplete="address-level2"
              maxLength={limits.location}
            />
          </>
        )}
      </div>
      {full && <ProjectFields id={id} fields={fields} options={options} />}
      <Honeypot />
      <Refusal {...refusal} />
      <p class="text-sm text-slate-600">{copy.requiredNote}</p>
      <SubmitButton ready={ready} submitting={submitting} label={copy.submit} submittingLabel={copy.submitting} />
      {copy.note && <p class="text-center text-sm text-slate-600">{copy.note}</p>}
    </form>
  );
}

/** The contact form's questions about the work: the budget, the services wanted and a message. */
function ProjectFields({
  id,
  fields,
  options,
}: {
  id: (name: string) => string;
  fields: EnquiryFormProps['copy']['fields'];
  options: EnquiryFormProps['options'];
}) {
  return (
    <>
      <SelectField
        id={id('budget')}
        name="budget"
        label={fields.budget}
        placeholder={fields.budgetPlaceholder}
        options={options.budgets ?? []}
      />
      <fieldset>
        <legend class="mb-2 text-sm font-semibold text-slate-800">{fields.services}</legend>
        <div class="flex flex-wrap gap-2">
          {options.services?.map((service) => (
            <label
              key={service}
              class="relative cursor-pointer rounded-full border border-slate-500 px-4 py-2 text-sm font-medium text-slate-800 select-none has-checked:border-brand has-checked:bg-brand has-checked:text-white has-aria-invalid:border-red-700 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand"
            >
              <input type="checkbox" name="services_interested" value={service} class="choice-box" />
              {service}
            </label>
          ))}
        </div>
      </fieldset>
      <TextArea
        id={id('message')}
        name="message"
        label={fields.message}
        maxLength={limits.message}
        placeholder={fields.messagePlaceholder}
      />
    </>
  );
}
