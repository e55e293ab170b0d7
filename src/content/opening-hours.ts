/** "Mon-Fri 9AM-6PM", made from the days and times the structured data gives search engines, so the two agree. */
import type { SiteFacts } from './model';
import { weekDays as week } from './schemas';

type Hours = SiteFacts['hours'];

export const hoursLine = ({ days, opens, closes }: Hours): string =>
  `${dayRanges(days)} ${clockTime(opens)}-${clockTime(closes)}`;

/** Runs of three or more days as ranges, the week read from after its longest closed stretch: "Fri-Mon" may be one. */
function dayRanges(days: readonly Hours['days'][number][]): string {
  const open = week.map((day) => days.includes(day));
  const first = (afterLongestClosed(open) + 1) % week.length;
  const order = week.map((_, index) => (first + index) % week.length);
  const runs: string[] = [];
  const short = (index: number) => week[order[index]!]!.slice(0, 3);
  for (let start = 0; start < order.length; start++) {
    if (!open[order[start]!]) continue;
    let end = start;
    while (end + 1 < order.length && open[order[end + 1]!]) end++;
    if (end - start >= 2) runs.push(`${short(start)}-${short(end)}`);
    else for (let index = start; index <= end; index++) runs.push(short(index));
    start = end;
  }
  return runs.join(', ');
}

/** The last day of the longest stretch of closed days, counting round the week; of two as long, the one Monday or the earlier day follows (Sunday when every day is open). */
function afterLongestClosed(open: readonly boolean[]): number {
  let best = { length: 0, last: week.length - 1 };
  for (let last = 0; last < week.length; last++) {
    let length = 0;
    while (length < week.length && !open[(last - length + week.length) % week.length]) length++;
    const earlierStart = (last + 1) % week.length < (best.last + 1) % week.length;
    if (length > best.length || (length === best.length && earlierStart)) best = { length, last };
  }
  return best.last;
}

/** "09:00" as 9AM, "17:30" as 5:30PM. */
function clockTime(time: string): string {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}${minute ? `:${String(minute).padStart(2, '0')}` : ''}${hour < 12 ? 'AM' : 'PM'}`;
}
