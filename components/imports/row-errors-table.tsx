import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useT } from '@/components/i18n/locale-provider';
import { importMessages } from '@/lib/i18n/ui/imports';
import type { ImportRowError as RowIssue } from '@/lib/imports/schemas';

export interface RowErrorsTableProps {
  errors: RowIssue[];
  /** all errors of the file, when more exist than the list holds */
  total?: number;
  /** how many to show */
  limit?: number;
}

/** Row errors: row, column, what is wrong. The first `limit`, with a note of how many more exist. */
export function RowErrorsTable({ errors, total, limit = 100 }: RowErrorsTableProps) {
  const t = useT(importMessages);
  const shown = errors.slice(0, limit);
  const all = Math.max(total ?? errors.length, errors.length);
  return (
    <div data-testid="row-errors">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="w-16">{t('preview.col_row')}</TableHead>
            <TableHead className="w-48">{t('errors.col_column')}</TableHead>
            <TableHead>{t('errors.col_problem')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {shown.map((e, i) => (
            <TableRow key={`${e.row}-${e.column}-${e.code}-${i}`} data-testid="row-error" className="align-top">
              <TableCell className="font-mono text-xs tabular-nums text-muted-foreground">{e.row}</TableCell>
              <TableCell className="text-muted-foreground">
                {e.column ?? <span className="text-subtle-foreground">{t('errors.whole_row')}</span>}
              </TableCell>
              <TableCell>
                <div className="grid gap-1">
                  <span className="text-foreground">{e.message}</span>
                  <Badge variant="neutral" className="font-mono text-[0.6875rem] font-normal">
                    {e.code}
                  </Badge>
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {all > shown.length ? (
        <p className="border-t border-border px-5 py-2.5 text-xs text-muted-foreground">
          {t('errors.showing', { shown: shown.length, all })}
        </p>
      ) : null}
    </div>
  );
}
