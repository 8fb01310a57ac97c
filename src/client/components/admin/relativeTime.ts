import { formatDistanceToNow } from 'date-fns';

/** "5 minutes ago" for a Date or ISO string; an empty string for a missing or invalid time. */
export function relativeTime(date: Date | string | number | null | undefined): string {
  if (date == null) return '';
  const d = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(d.getTime())) return '';
  return formatDistanceToNow(d, { addSuffix: true });
}
