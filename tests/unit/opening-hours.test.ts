/** The opening hours the pages write, made from the days and times the structured data gives (opening-hours.ts). */
import { describe, expect, it } from 'vitest';
import { hoursLine } from '../../src/content/opening-hours';

const at = (days: string, opens = '09:00', closes = '18:00') =>
  hoursLine({
    days: days.split(' ').map((day) => week.find((name) => name.startsWith(day))!),
    opens,
    closes,
  });
const week = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

describe('the opening hours as the pages write them', () => {
  it('writes three or more days in a row as a range, other days one by one, and times as 9AM or 5:30PM', () => {
    expect(at('Mon Tue Wed Thu Fri')).toBe('Mon-Fri 9AM-6PM');
    expect(at('Sat Fri Mon Tue Wed', '08:30', '12:00')).toBe('Mon-Wed, Fri, Sat 8:30AM-12PM');
    expect(at('Sun Sat', '00:00', '23:45')).toBe('Sat, Sun 12AM-11:45PM');
    expect(at('Mon Wed Fri')).toBe('Mon, Wed, Fri 9AM-6PM');
    expect(at('Mon Tue Wed Thu Fri Sat Sun')).toBe('Mon-Sun 9AM-6PM');
  });

  it('reads the week from the day after its longest closed stretch: a range may run over the weekend', () => {
    expect(at('Fri Sat Sun Mon')).toBe('Fri-Mon 9AM-6PM');
    expect(at('Sun Mon Tue Wed Thu')).toBe('Sun-Thu 9AM-6PM');
    expect(at('Mon Tue Wed Fri Sat Sun')).toBe('Fri-Wed 9AM-6PM');
  });
});
