'use client';

import * as React from 'react';
import { CircleSlash, Undo2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { SimpleTooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils/cn';
import { useT } from '@/components/i18n/locale-provider';
import { importMessages } from '@/lib/i18n/ui/imports';
import { useImportLabels } from './labels';
import { TargetSelect } from './target-select';
import type { ImportMappedColumn as DryRunColumn } from '@/lib/imports/schemas';

export function columnTarget(c: DryRunColumn): string | null {
  return c.field_key;
}

function ConfidenceBadge({ column }: { column: DryRunColumn }) {
  const t = useT(importMessages);
  const { reason: reasonLabel } = useImportLabels();
  const target = columnTarget(column);
  const reason = column.reason ?? '';
  const explicit = reason === 'explicit' || reason === 'explicit_ignore';
  if (explicit) {
    return (
      <Badge variant="primary" data-testid="mapping-confidence">
        {reasonLabel(reason)}
      </Badge>
    );
  }
  if (!target) {
    return (
      <span className="text-xs text-muted-foreground" data-testid="mapping-confidence">
        {reasonLabel(reason) || reasonLabel('no_match')}
      </span>
    );
  }
  const c = typeof column.confidence === 'number' ? column.confidence : null;
  const variant = c === null ? 'neutral' : c >= 0.8 ? 'success' : c >= 0.55 ? 'info' : 'warning';
  const word = c === null ? '' : c >= 0.8 ? t('mapping.sure') : c >= 0.55 ? t('mapping.likely') : t('mapping.check');
  return (
    <div className="grid gap-0.5" data-testid="mapping-confidence">
      <span className="inline-flex items-center gap-1.5">
        <Badge variant={variant} className="tabular-nums">
          {word}
          {c !== null ? ` · ${Math.round(c * 100)} %` : ''}
        </Badge>
        <span className="text-xs text-muted-foreground">{reasonLabel(reason)}</span>
      </span>
    </div>
  );
}

function Samples({ values }: { values: string[] | undefined }) {
  const t = useT(importMessages);
  const list = (values ?? []).filter((v) => v !== '').slice(0, 3);
  if (list.length === 0) return <span className="text-xs text-subtle-foreground">{t('mapping.samples_empty')}</span>;
  return (
    <ul className="grid gap-0.5">
      {list.map((v, i) => (
        <li key={i} className="max-w-64 truncate text-xs text-foreground tabular-nums" title={v}>
          {v}
        </li>
      ))}
    </ul>
  );
}

export interface MappingCardProps {
  columns: DryRunColumn[];
  /** column index -> the user's choice, shown at once while the server re-checks */
  overrides: Record<number, string | null>;
  onChange: (column: DryRunColumn, target: string | null) => void;
  onResetColumn: (column: DryRunColumn) => void;
  busy: boolean;
}

/** Each column of the file with its proposed field (changeable), how sure the proposal is and why, and sample values. */
export function MappingCard({ columns, overrides, onChange, onResetColumn, busy }: MappingCardProps) {
  const t = useT(importMessages);
  const { reason: reasonLabel } = useImportLabels();
  const effective = React.useCallback(
    (c: DryRunColumn) => (c.index in overrides ? overrides[c.index]! : columnTarget(c)),
    [overrides],
  );
  const takenBy = React.useMemo(() => {
    const m = new Map<string, string>();
    for (const c of columns) {
      const t = effective(c);
      if (t) m.set(t, c.header);
    }
    return m;
  }, [columns, effective]);
  const unmapped = columns.filter((c) => !effective(c));
  const mappedCount = columns.length - unmapped.length;

  return (
    <Card className="overflow-hidden" data-testid="mapping-card">
      <CardHeader>
        <div>
          <CardTitle>{t('mapping.title')}</CardTitle>
          <CardDescription>{t('mapping.description', { mapped: mappedCount, total: columns.length })}</CardDescription>
        </div>
      </CardHeader>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>{t('mapping.col_column')}</TableHead>
            <TableHead>{t('mapping.col_samples')}</TableHead>
            <TableHead className="w-72">{t('mapping.col_target')}</TableHead>
            <TableHead>{t('mapping.col_reason')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {columns.map((c) => {
            const target = effective(c);
            const overridden = c.index in overrides;
            return (
              <TableRow
                key={c.index}
                data-testid="mapping-row"
                data-column={c.header}
                data-target={target ?? ''}
                className={cn(!target && 'bg-surface-muted/30')}
              >
                <TableCell className="align-top">
                  <div className="font-medium text-foreground">
                    {c.header || <span className="text-muted-foreground italic">{t('mapping.no_name')}</span>}
                  </div>
                  <div className="text-xs text-subtle-foreground">{t('mapping.column', { n: c.index + 1 })}</div>
                </TableCell>
                <TableCell className="align-top">
                  <Samples values={c.sample_values} />
                </TableCell>
                <TableCell className="align-top">
                  <div className="flex items-center gap-1">
                    <TargetSelect
                      value={target}
                      column={c.header}
                      takenBy={takenBy}
                      onChange={(t) => onChange(c, t)}
                      disabled={busy}
                    />
                    {overridden ? (
                      <SimpleTooltip content={t('mapping.undo_tooltip')}>
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          onClick={() => onResetColumn(c)}
                          disabled={busy}
                          aria-label={t('mapping.undo_label', { column: c.header })}
                        >
                          <Undo2 aria-hidden="true" />
                        </Button>
                      </SimpleTooltip>
                    ) : null}
                  </div>
                </TableCell>
                <TableCell className="align-top">
                  {overridden && (columnTarget(c) ?? null) !== (overrides[c.index] ?? null) ? (
                    <span className="text-xs text-muted-foreground">{t('mapping.rechecking')}</span>
                  ) : (
                    <ConfidenceBadge column={c} />
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {unmapped.length ? (
        <div className="border-t border-border bg-surface-muted/40 px-5 py-3" data-testid="unmapped-columns">
          <div className="mb-2 flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
            <CircleSlash className="size-3.5" aria-hidden="true" />
            {t('mapping.not_imported', { count: unmapped.length })}
          </div>
          <ul className="flex flex-wrap gap-1.5">
            {unmapped.map((c) => (
              <li key={c.index}>
                <Badge variant="outline" title={reasonLabel(c.reason)}>
                  {c.header || t('mapping.column', { n: c.index + 1 })}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}
