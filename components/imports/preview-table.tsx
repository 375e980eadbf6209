'use client';

import * as React from 'react';
import { CircleAlert, TriangleAlert } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { fieldDefinition } from '@/lib/model/catalogue';
import { cn } from '@/lib/utils/cn';
import { useT } from '@/components/i18n/locale-provider';
import { importMessages, type ImportT } from '@/lib/i18n/ui/imports';
import { issueCodeLabel, isSkuTarget, useImportLabels } from './labels';
import { columnTarget } from './mapping-card';
import type {
  ImportMappedColumn as DryRunColumn,
  ImportRowError as RowIssue,
  ImportSampleRow as SampleRow,
} from '@/lib/imports/schemas';

interface PreviewColumn {
  target: string;
  header: string;
  samples: string[];
}

/** What the stored form of a field is, for the column heading: the normalisations users ask about. */
function storedFormHint(target: string, t: ImportT): string | null {
  if (target === 'gtin') return t('preview.hint_gtin');
  const kind = fieldDefinition(target)?.kind;
  if (kind === 'date') return t('preview.hint_date');
  if (kind === 'country') return t('preview.hint_country');
  if (kind === 'country_list') return t('preview.hint_country_list');
  if (kind === 'enum') return t('preview.hint_enum');
  return null;
}

/**
 * A GTIN the spreadsheet stored as a number loses its leading zeros (042272005581 → 42272005581);
 * the import restores them. Shown when the stored value is a file value with zeros put back in front.
 */
export function restoredZeros(stored: string, fileValues: readonly string[]): string | null {
  if (!/^\d+$/.test(stored)) return null;
  for (const v of fileValues) {
    const t = v.trim();
    if (
      /^\d+$/.test(t) &&
      t.length < stored.length &&
      stored.endsWith(t) &&
      /^0+$/.test(stored.slice(0, stored.length - t.length))
    )
      return t;
  }
  return null;
}

/** Notes that say what the import repaired, not what is wrong: shown beside the value, not as a warning. */
export const REPAIR_CODES = new Set(['gtin_leading_zeros_restored', 'gtin_from_exact_exponent']);

function storedValue(row: SampleRow, target: string): string | null {
  if (isSkuTarget(target))
    return row.sku[target as keyof SampleRow['sku']] ?? (target === 'gtin' ? (row.dossier?.gtin ?? null) : null);
  return row.dossier?.[target] ?? null;
}

function IssueMark({ issues, kind }: { issues: Omit<RowIssue, 'row'>[]; kind: 'error' | 'warning' }) {
  const Icon = kind === 'error' ? CircleAlert : TriangleAlert;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          className={cn(
            'inline-flex shrink-0 rounded-sm focus-visible:outline-2 focus-visible:outline-ring',
            kind === 'error' ? 'text-danger' : 'text-warning-soft-foreground',
          )}
          aria-label={issues.map((i) => i.message).join(' ')}
          data-testid={kind === 'error' ? 'cell-error' : 'cell-warning'}
        >
          <Icon className="size-3.5" aria-hidden="true" />
        </button>
      </TooltipTrigger>
      <TooltipContent className="max-w-sm">
        <ul className="grid gap-1">
          {issues.map((i, k) => (
            <li key={k}>{i.message}</li>
          ))}
        </ul>
      </TooltipContent>
    </Tooltip>
  );
}

function RowStatus({ row }: { row: SampleRow }) {
  const t = useT(importMessages);
  const rowErrors = row.errors.filter((e) => !e.column);
  const rowWarnings = row.warnings.filter((w) => !w.column);
  const status = row.status ?? (row.errors.length ? 'invalid' : 'valid');
  return (
    <div className="grid gap-1">
      {status === 'invalid' ? (
        <Badge variant="danger">{t('preview.fails')}</Badge>
      ) : status === 'skipped' ? (
        <Badge variant="neutral">{t('preview.skipped')}</Badge>
      ) : (
        <Badge variant="success">OK</Badge>
      )}
      {[...rowErrors, ...rowWarnings].map((i, k) => (
        <span
          key={k}
          className={cn(
            'max-w-48 text-xs',
            rowErrors.includes(i) ? 'text-danger-soft-foreground' : 'text-muted-foreground',
          )}
          title={issueCodeLabel(i.code)}
        >
          {i.message}
        </span>
      ))}
    </div>
  );
}

export interface PreviewTableProps {
  columns: DryRunColumn[];
  rows: SampleRow[];
  stale: boolean;
}

/** The first rows exactly as they will be stored (GTINs with their zeros, dates normalised), with per-cell problems. */
export function PreviewTable({ columns, rows, stale }: PreviewTableProps) {
  const t = useT(importMessages);
  const labels = useImportLabels();
  const cols: PreviewColumn[] = React.useMemo(
    () =>
      columns
        .filter((c) => columnTarget(c))
        .sort((a, b) => a.index - b.index)
        .map((c) => ({ target: columnTarget(c)!, header: c.header, samples: c.sample_values ?? [] })),
    [columns],
  );

  return (
    <Card
      className={cn('overflow-hidden transition-opacity', stale && 'opacity-60')}
      data-testid="preview-card"
      aria-busy={stale || undefined}
    >
      <CardHeader>
        <div>
          <CardTitle>{t('preview.title', { count: rows.length })}</CardTitle>
          <CardDescription>{t('preview.description')}</CardDescription>
        </div>
      </CardHeader>
      {cols.length === 0 ? (
        <p className="px-5 py-6 text-sm text-muted-foreground">{t('preview.no_columns')}</p>
      ) : (
        <Table data-testid="preview-table">
          <TableHeader>
            <TableRow>
              <TableHead className="w-14">{t('preview.col_row')}</TableHead>
              <TableHead>{t('preview.col_outcome')}</TableHead>
              {cols.map((c) => {
                const hint = storedFormHint(c.target, t);
                return (
                  <TableHead key={c.target} className="align-bottom" data-target={c.target}>
                    <div className="py-1.5 leading-tight">
                      <div className="text-foreground">{labels.target(c.target)}</div>
                      <div className="font-normal text-subtle-foreground">
                        {t('preview.from', { header: c.header })}
                      </div>
                      {hint ? <div className="font-normal text-subtle-foreground">{hint}</div> : null}
                    </div>
                  </TableHead>
                );
              })}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow
                key={row.row_number}
                data-testid="preview-row"
                data-row={row.row_number}
                className={cn('align-top', row.status === 'invalid' && 'bg-danger-soft/30')}
              >
                <TableCell className="font-mono text-xs text-muted-foreground tabular-nums">{row.row_number}</TableCell>
                <TableCell>
                  <RowStatus row={row} />
                </TableCell>
                {cols.map((c) => {
                  const v = storedValue(row, c.target);
                  const errors = row.errors.filter((e) => e.column === c.header);
                  const cellWarnings = row.warnings.filter((w) => w.column === c.header);
                  const warnings = cellWarnings.filter((w) => !REPAIR_CODES.has(w.code));
                  const repairs = cellWarnings.filter((w) => REPAIR_CODES.has(w.code));
                  const restored = c.target === 'gtin' && v ? restoredZeros(v, c.samples) : null;
                  return (
                    <TableCell
                      key={c.target}
                      data-target={c.target}
                      data-testid="preview-cell"
                      className={cn(
                        errors.length ? 'bg-danger-soft/60' : warnings.length ? 'bg-warning-soft/60' : undefined,
                      )}
                    >
                      <div className="flex items-start gap-1.5">
                        {v ? (
                          <span
                            className={cn(
                              'line-clamp-3 max-w-64 break-words',
                              (c.target === 'gtin' || c.target === 'sku_code') && 'font-mono text-xs tabular-nums',
                            )}
                            data-testid="preview-value"
                          >
                            {v}
                          </span>
                        ) : (
                          <span className="text-subtle-foreground">—</span>
                        )}
                        {errors.length ? <IssueMark issues={errors} kind="error" /> : null}
                        {warnings.length ? <IssueMark issues={warnings} kind="warning" /> : null}
                      </div>
                      {/* Every problem of the cell as text, readable without hovering the mark. */}
                      {errors.map((e, k) => (
                        <div
                          key={`e${k}`}
                          className="mt-1 max-w-64 text-[0.6875rem] leading-snug break-words text-danger-soft-foreground"
                          data-testid="cell-error-text"
                        >
                          {e.message}
                        </div>
                      ))}
                      {warnings.map((w, k) => (
                        <div
                          key={`w${k}`}
                          className="mt-1 max-w-64 text-[0.6875rem] leading-snug break-words text-warning-soft-foreground"
                          data-testid="cell-warning-text"
                        >
                          {w.message}
                        </div>
                      ))}
                      {restored || repairs.length ? (
                        <div
                          className="mt-1 text-[0.6875rem] leading-snug text-success-soft-foreground"
                          data-testid="gtin-restored"
                          title={repairs.map((r) => r.message).join(' ')}
                        >
                          {restored ? t('preview.zero_restored', { value: restored }) : repairs[0]!.message}
                        </div>
                      ) : null}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}
