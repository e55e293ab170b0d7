/**
 * A day of the calendar written as an ISO date (2024-02-29): never 2024-02-30, which a Date rolls over into March, a
 * date exists if it comes back as itself. The build's dates and a lead's arrival day are held to it alike.
 */
export function isCalendarDay(text: string): boolean {
  const day = new Date(`${text}T00:00:00Z`);
  return /^\d{4}-\d\d-\d\d$/.test(text) && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
}

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
 * "2024-01-15" → "15 January 2024", as en-GB writes it: a page's date, and the day a lead's visitor arrived. Spelled
 * out rather than through Intl.DateTimeFormat, which is slow to make and a large blog formats thousands of dates.
 */
export function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return `${day} ${months[month! - 1]} ${year}`;
}
