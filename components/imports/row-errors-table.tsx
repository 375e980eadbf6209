import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatNumber } from '@/components/format';
import type { ImportRowError as RowIssue } from '@/lib/imports/service-schemas';

export interface RowErrorsTableProps {
  errors: RowIssue[];
  /** all errors of the file, when more exist than the list holds */
  total?: number;
  /** how many to show */
  limit?: number;
}

/** Row errors: row, column, what is wrong. The first `limit`, with a note of how many more exist. */
export function RowErrorsTable({ errors, total, limit = 100 }: RowErrorsTableProps) {
  const shown = errors.slice(0, limit);
  const all = Math.max(total ?? errors.length, errors.length);
  return (
    <div data-testid="row-errors">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="w-16">Row</TableHead>
            <TableHead className="w-48">Column</TableHead>
            <TableHead>Problem</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {shown.map((e, i) => (
            <TableRow key={`${e.row}-${e.column}-${e.code}-${i}`} data-testid="row-error" className="align-top">
              <TableCell className="font-mono text-xs tabular-nums text-muted-foreground">{e.row}</TableCell>
              <TableCell className="text-muted-foreground">
                {e.column ?? <span className="text-subtle-foreground">whole row</span>}
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
          Showing the first {formatNumber(shown.length)} of {formatNumber(all)} row errors.
        </p>
      ) : null}
    </div>
  );
}
