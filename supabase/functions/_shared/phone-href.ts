/**
 * A phone number as a tel: link, in the international form that dials from any phone: "0808 157 0192" →
 * "tel:+448081570192"; a number written with its country code keeps it, the UK's trunk 0 people bracket after +44
 * dropped ("+44 (0)7700 900-123" → "tel:+447700900123"), as is an international 00 ("00353 1 234 5678").
 */
export function phoneHref(phone: string): string {
  // The number an extension is on (its letters start it, phonePattern): a phone dials the line, the caller then asks.
  const digits = phone
    .replace(/[a-z].*/is, '')
    .replace(/\(0\)/g, '')
    .replace(/\D/g, '');
  const international = phone.trim().startsWith('+') ? digits : digits.startsWith('00') ? digits.slice(2) : null;
  if (international === null) return `tel:+44${digits.replace(/^0/, '')}`;
  // Written unbracketed too ("+44 07700 900123"), the trunk 0 would make a number no phone can reach from the UK or abroad.
  return `tel:+${international.replace(/^440/, '44')}`;
}
