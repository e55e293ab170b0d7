/**
 * A day of the calendar written as an ISO date (2024-02-29): never 2024-02-30, which a Date rolls over into March, a
 * date exists if it comes back as itself. The build's dates and a lead's arrival day are held to it alike.
 */
export function isCalendarDay(text: string): boolean {
  const day = new Date(`${text}T00:00:00Z`);
  return /^\d{4}-\d\d-\d\d$/.test(text) && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
}
