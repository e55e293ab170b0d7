import type { Link } from '../layout/types';
import { ButtonLink } from './ButtonLink';
import { PhoneLink, type PhoneCall } from './PhoneLink';

/** The closing band of a page: a heading, a sentence, its button and, where the page offers a call, the phone number. */
export function CallToAction({
  heading,
  text,
  button,
  phone,
}: {
  heading: string;
  text: string;
  button: Link;
  phone?: PhoneCall;
}) {
  return (
    <section aria-labelledby="cta-heading" className="bg-slate-900 text-white">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center">
        <h2 id="cta-heading" className="text-3xl font-bold tracking-tight md:text-4xl">
          {heading}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-300">{text}</p>
        <div className="mt-8 flex flex-col items-center justify-center gap-4 sm:flex-row">
          <ButtonLink href={button.href} onDark>
            {button.label}
          </ButtonLink>{' '}
          {phone && <PhoneLink {...phone} className="min-h-12 justify-center px-2 text-white hover:underline" />}
        </div>
      </div>
    </section>
  );
}
