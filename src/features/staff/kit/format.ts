/** Dates and ages in the staff screens, German and in Berlin time (the team's clock). */
const dateTime = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Berlin',
});
const date = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'Europe/Berlin' });

/** "26.11.2026, 04:12"; '–' for nothing or an invalid value. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '–';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '–' : dateTime.format(d);
}

/** "26.11.2026". */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '–';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '–' : date.format(d);
}

/** "vor 42 s", "vor 5 min", "vor 3 h", "vor 2 Tagen". */
export function formatAge(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '–';
  if (seconds < 60) return `vor ${Math.max(0, Math.round(seconds))} s`;
  if (seconds < 3600) return `vor ${Math.round(seconds / 60)} min`;
  if (seconds < 86_400) return `vor ${Math.round(seconds / 3600)} h`;
  const days = Math.round(seconds / 86_400);
  return days === 1 ? 'vor 1 Tag' : `vor ${days} Tagen`;
}

/** A length of time: "42 s", "5 min", "3 h", "1 Tag", "2 Tage" (formatAge without the "vor"). */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '–';
  if (seconds < 60) return `${Math.max(0, Math.round(seconds))} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.round(seconds / 3600)} h`;
  const days = Math.round(seconds / 86_400);
  return days === 1 ? '1 Tag' : `${days} Tage`;
}

/** A size in memory: "812 B", "48,3 kB", "12,4 MB" (1 kB = 1000 B, as the bench reports). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${Math.round(bytes)} B`;
  const [value, unit] = bytes < 1_000_000 ? [bytes / 1000, 'kB'] : [bytes / 1_000_000, 'MB'];
  return `${value.toLocaleString('de-DE', { maximumFractionDigits: 1 })} ${unit}`;
}
