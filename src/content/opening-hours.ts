/**
 * The opening hours as the pages write them ("Mon-Fri 9AM-6PM"), made from
 * the days and times the structured data gives search engines, so that the
 * two can never disagree.
 */
import type { SiteFacts } from './model';

type Hours = SiteFacts['hours'];

const week = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export function hoursLine({ days, opens, closes }: Hours): string {
  return `${dayRanges(days)} ${clockTime(opens)}-${clockTime(closes)}`;
}

/** Three or more days in a row as a range ("Mon-Fri"), others one by one ("Sat, Sun"), in the week's order. */
function dayRanges(days: readonly Hours['days'][number][]): string {
  const open = week.map((day) => days.includes(day));
  const runs: string[] = [];
  for (let start = 0; start < week.length; start++) {
    if (!open[start]) continue;
    let end = start;
    while (end + 1 < week.length && open[end + 1]) end++;
    const short = (index: number) => week[index]!.slice(0, 3);
    if (end - start >= 2) runs.push(`${short(start)}-${short(end)}`);
    else for (let index = start; index <= end; index++) runs.push(short(index));
    start = end;
  }
  return runs.join(', ');
}

/** "09:00" as 9AM, "17:30" as 5:30PM. */
function clockTime(time: string): string {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}${minute ? `:${String(minute).padStart(2, '0')}` : ''}${hour < 12 ? 'AM' : 'PM'}`;
}
