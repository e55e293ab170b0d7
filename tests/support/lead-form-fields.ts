/**
 * The lead forms as the property tests' payloads are made from them: each form's
 * required fields, text fields with their limits and every key it takes; the
 * options of its choices; and the white space people leave round a value.
 */
import fc from 'fast-check';
import { budgetOptions, limits, tradeOptions } from '../../supabase/functions/_shared/lead-options.ts';

export type Form = 'hero' | 'contact' | 'newsletter';
export type Payload = Record<string, unknown>;

export const heroTrades = tradeOptions.hero.map((option) => option.value);
export const contactTrades = tradeOptions.contact.map((option) => option.value);
export const budgets = budgetOptions.map((option) => option.value);

/** Each form's fields: those it requires, its text fields with their limits, and every key it takes. */
export const fields: Record<Form, { required: string[]; texts: Partial<Record<string, number>>; own: string[] }> = {
  hero: {
    required: ['form_type', 'submission_id', 'name', 'email'],
    texts: { name: limits.name, email: limits.email, phone: limits.phone, page: limits.page },
    own: ['form_type', 'submission_id', 'name', 'email', 'phone', 'trade', 'page', 'website'],
  },
  contact: {
    required: ['form_type', 'submission_id', 'name', 'email', 'phone', 'trade'],
    texts: {
      name: limits.name,
      email: limits.email,
      phone: limits.phone,
      business_name: limits.business_name,
      location: limits.location,
      message: limits.message,
      page: limits.page,
    },
    own: [
      'form_type',
      'submission_id',
      'name',
      'email',
      'phone',
      'trade',
      'business_name',
      'location',
      'budget',
      'services_interested',
      'message',
      'page',
      'website',
    ],
  },
  newsletter: {
    required: ['form_type', 'submission_id', 'email'],
    texts: { email: limits.email, page: limits.page },
    own: ['form_type', 'submission_id', 'email', 'page', 'website'],
  },
};

export const padding = fc.constantFrom('', '', ' ', '\t', '\n ', '\u00a0', '\u3000');
