export { formatDate } from '../../supabase/functions/_shared/calendar-day.ts';
