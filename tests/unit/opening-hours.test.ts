/** The opening hours the pages write, made from the days and times the structured data gives (opening-hours.ts). */
import { describe, expect, it } from 'vitest';
import { hoursLine } from '../../src/content/opening-hours';

describe('the opening hours as the pages write them', () => {
  it('writes three or more days in a row as a range, other days one by one, in the week’s order, and times as 9AM or 5:30PM', () => {
    const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;
    expect(hoursLine({ days: [...weekdays], opens: '09:00', closes: '18:00' })).toBe('Mon-Fri 9AM-6PM');
    expect(
      hoursLine({ days: ['Saturday', 'Friday', 'Monday', 'Tuesday', 'Wednesday'], opens: '08:30', closes: '12:00' }),
    ).toBe('Mon-Wed, Fri, Sat 8:30AM-12PM');
    expect(hoursLine({ days: ['Sunday', 'Saturday'], opens: '00:00', closes: '23:45' })).toBe('Sat, Sun 12AM-11:45PM');
  });
});
