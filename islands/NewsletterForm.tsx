/** @jsxImportSource preact */
import type { LeadEndpoint, ToastCopy } from './lib/types';
import { limits } from '../supabase/functions/_shared/lead-options.ts';
import { Honeypot, Refusal, SubmitButton } from './lib/fields';
import { useLeadForm } from './lib/use-lead-form';

export interface NewsletterFormProps {
  labelledBy: string;
  /** The lead schema's e-mail pattern (lead-options.ts): given as a prop, it travels in the page's markup, not its script. */
  pattern: string;
  copy: {
    label: string;
    emailFormat: string;
    placeholder: string;
    button: string;
    submitting: string;
    toasts: ToastCopy;
  };
  endpoint: LeadEndpoint;
}

/** The blog's newsletter box: the e-mail address is stored as a lead of type newsletter. */
export function NewsletterForm({ labelledBy, pattern, copy, endpoint }: NewsletterFormProps) {
  const { ready, submitting, onSubmit, refusal } = useLeadForm('newsletter', endpoint, copy.toasts);
  return (
    <form
      aria-labelledby={labelledBy}
      class="relative mx-auto flex max-w-lg flex-col gap-3 sm:flex-row"
      onSubmit={onSubmit}
    >
      <label for="newsletter-email" class="sr-only">
        {copy.label}
      </label>
      <input
        id="newsletter-email"
        name="email"
        type="email"
        required
        autoComplete="email"
        maxLength={limits.email}
        pattern={pattern}
        title={copy.emailFormat}
        placeholder={copy.placeholder}
        class="min-h-12 flex-1 rounded-lg border border-white/40 bg-white px-4 text-base text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-offset-2 focus:outline-white aria-invalid:border-red-700"
      />
      <Honeypot />
      <Refusal {...refusal} />
      <div class="sm:w-40 [&_button]:focus-visible:outline-white">
        <SubmitButton ready={ready} submitting={submitting} label={copy.button} submittingLabel={copy.submitting} />
      </div>
    </form>
  );
}
