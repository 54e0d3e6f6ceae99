/**
 * The soak's tables: traffic per kind of request (answers, latency), the status histogram, and
 * the checks with their evidence.
 */
import type { CheckRow } from './checks';
import type { Sample } from './http';

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

/** Columns padded to their widest cell; numbers right-aligned. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const numeric = header.map((_, i) => rows.every((r) => /^[\d.,%+–-]*( ms)?$/.test(r[i] ?? '')));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (numeric[i] ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function trafficTable(samples: readonly Sample[]): string {
  const kinds = new Map<string, Sample[]>();
  for (const s of samples) kinds.set(s.kind, [...(kinds.get(s.kind) ?? []), s]);
  const rows = [...kinds]
    .sort((a, b) => b[1].length - a[1].length)
    .map(([kind, list]) => {
      const answered = list.filter((s) => s.status > 0);
      const times = answered.map((s) => s.end - s.start).sort((a, b) => a - b);
      const count = (test: (s: Sample) => boolean) => String(list.filter(test).length);
      return [
        kind,
        String(list.length),
        count((s) => s.status >= 200 && s.status < 300),
        count((s) => s.status >= 300 && s.status < 400),
        count((s) => s.status >= 400 && s.status < 500),
        count((s) => s.status >= 500 && s.status !== 503),
        count((s) => s.status === 503),
        count((s) => s.status === 0),
        `${percentile(times, 50)} ms`,
        `${percentile(times, 95)} ms`,
      ];
    });
  return table(['Art', 'Anfragen', '2xx', '3xx', '4xx', '5xx', '503', 'ohne', 'p50', 'p95'], rows);
}

export function statusHistogram(samples: readonly Sample[]): string {
  const counts = new Map<string, number>();
  for (const s of samples) {
    const key = s.status === 0 ? `ohne Antwort (${s.error ?? '?'})` : String(s.status);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([status, n]) => `  ${status.padEnd(28)} ${String(n).padStart(6)}`)
    .join('\n');
}

export function checkTable(rows: readonly CheckRow[]): string {
  return table(
    ['#', 'Prüfung', 'Anzahl', 'Ergebnis'],
    rows.map((r) => [r.id, r.title, String(r.count), r.ok ? 'OK' : 'VERLETZT']),
  );
}

/** The evidence of every breach (the first `limit` lines each) and the notes of every check. */
export function checkDetails(rows: readonly CheckRow[], limit = 12): string {
  const out: string[] = [];
  for (const row of rows) {
    const lines: string[] = [];
    if (!row.ok) {
      lines.push(...row.details.slice(0, limit).map((d) => `    ${d}`));
      if (row.details.length > limit) lines.push(`    … und ${row.details.length - limit} weitere`);
    }
    const notes = row.notes ?? [];
    for (const note of notes.slice(0, limit)) lines.push(`    · ${note}`);
    if (notes.length > limit) lines.push(`    · … und ${notes.length - limit} weitere`);
    if (lines.length > 0)
      out.push(`  ${row.id} ${row.title}${row.ok ? '' : ' – VERLETZT'}:`, ...lines);
  }
  return out.join('\n');
}
