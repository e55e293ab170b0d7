const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * "2024-01-15" → "15 January 2024", as en-GB writes it. Spelled out rather
 * than through Intl.DateTimeFormat, which is slow to make and a large blog
 * formats thousands of dates.
 */
export function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return `${day} ${months[month! - 1]} ${year}`;
}
