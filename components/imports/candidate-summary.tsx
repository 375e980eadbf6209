import { Building2, Mail, MapPin, TriangleAlert } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { useT } from '@/components/i18n/locale-provider';
import { importEntityMessages } from '@/lib/i18n/ui/import-entities';
import { useImportLabels } from './labels';
import type { ImportEntityCandidate as EntityCandidate } from '@/lib/imports/schemas';

/** `rowsLabel(rows, total, max)`: "row 4", "rows 2, 3", "12 rows: 2, 3, 4, 5 and 8 more". */
export function useRowsLabel(): (rows: readonly number[], total?: number, max?: number) => string {
  const t = useT(importEntityMessages);
  const { rowList } = useImportLabels();
  return (rows, total = rows.length, max = 6) => {
    const n = Math.max(total, rows.length);
    if (n === 1) return t('rows.one', { row: String(rows[0] ?? '') }).trim();
    if (n <= max) return t('rows.few', { list: rowList(rows, max, n) });
    return t('rows.many', { count: n, list: rowList(rows, max, n) });
  };
}

export function candidateRowCount(c: EntityCandidate): number {
  return Math.max(c.source_row_count ?? 0, c.source_rows.length);
}

/** The proposed identity of a candidate: name, address, email, each on its own line. */
export function CandidateIdentity({ candidate }: { candidate: EntityCandidate }) {
  const t = useT(importEntityMessages);
  const p = candidate.proposed_values;
  return (
    <div className="grid min-w-0 gap-1 text-[0.8125rem]">
      <div className="flex items-center gap-1.5 font-medium text-foreground" data-testid="candidate-name">
        <Building2 className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className="truncate">
          {p.name ?? <span className="text-muted-foreground italic">{t('candidate.no_name')}</span>}
        </span>
      </div>
      {p.address ? (
        <div className="flex items-start gap-1.5 text-muted-foreground">
          <MapPin className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          <span className="break-words">{p.address}</span>
        </div>
      ) : (
        <div className="flex items-center gap-1.5 text-subtle-foreground">
          <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
          {t('candidate.no_address')}
        </div>
      )}
      {p.email ? (
        <div className="flex items-center gap-1.5 text-muted-foreground">
          <Mail className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="truncate">{p.email}</span>
        </div>
      ) : null}
    </div>
  );
}

/** Conflicts of a candidate (same name, other address or email), each with the rows behind each value. */
export function CandidateConflicts({ candidate }: { candidate: EntityCandidate }) {
  const t = useT(importEntityMessages);
  const rowsLabel = useRowsLabel();
  if (!candidate.has_conflicts || !candidate.conflicts?.length) return null;
  return (
    <ul
      className="grid gap-2 rounded-md border border-warning/30 bg-warning-soft px-3 py-2 text-xs text-warning-soft-foreground"
      data-testid="candidate-conflicts"
    >
      {candidate.conflicts.map((c, i) => (
        <li key={i} className="grid gap-1">
          <span className="flex items-start gap-1.5 font-medium">
            <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
            {c.message ?? t('candidate.conflict')}
          </span>
          {c.values?.length ? (
            <ul className="grid gap-0.5 pl-5">
              {c.values.map((v, k) => {
                const own =
                  v.value !== null &&
                  (v.value === candidate.proposed_values.address || v.value === candidate.proposed_values.email);
                return (
                  <li key={k}>
                    <mark
                      className={
                        own
                          ? 'rounded-sm bg-warning/40 px-1 font-semibold text-warning-soft-foreground'
                          : 'rounded-sm bg-warning/20 px-1 text-warning-soft-foreground'
                      }
                    >
                      {v.value ?? t('candidate.empty')}
                    </mark>
                    <span className="ml-1 opacity-80">
                      {rowsLabel(v.rows)}
                      {own ? ` · ${t('candidate.this_one')}` : ''}
                    </span>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** A read-only list of the operators the file names, for the dry-run summary. */
export function CandidateSummaryList({ candidates }: { candidates: EntityCandidate[] }) {
  const t = useT(importEntityMessages);
  const labels = useImportLabels();
  const rowsLabel = useRowsLabel();
  return (
    <ul className="divide-y divide-border" data-testid="dry-run-candidates">
      {candidates.map((c) => (
        <li
          key={`${c.role}:${c.candidate_key}`}
          className="grid gap-2 px-5 py-3 sm:grid-cols-[10rem_minmax(0,1fr)_12rem]"
          data-testid="dry-run-candidate"
        >
          <div className="flex flex-wrap items-start gap-1.5">
            <Badge variant="violet">{labels.entityRole(c.role)}</Badge>
            {c.existing_entity_id ? <Badge variant="success">{t('candidate.matches')}</Badge> : null}
          </div>
          <div className="grid gap-2">
            <CandidateIdentity candidate={c} />
            <CandidateConflicts candidate={c} />
          </div>
          <div className="text-xs text-muted-foreground sm:text-right">
            {rowsLabel(c.source_rows, candidateRowCount(c), 4)}
          </div>
        </li>
      ))}
    </ul>
  );
}
