'use client';

import { TriangleAlert } from 'lucide-react';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useFormat, useT } from '@/components/i18n/locale-provider';
import { importMessages } from '@/lib/i18n/ui/imports';
import type { ImportDryRunResponse } from '@/lib/imports/schemas';

type Unrecognised = ImportDryRunResponse['unrecognised_categories'];

/** Row numbers as ranges ("2–5, 9"): a catalogue's unrecognised rows are often runs of one category. */
function ranges(rows: number[]): string {
  const out: string[] = [];
  for (let i = 0; i < rows.length;) {
    let j = i;
    while (j + 1 < rows.length && rows[j + 1] === rows[j] + 1) j++;
    out.push(j > i ? `${rows[i]}–${rows[j]}` : String(rows[i]));
    i = j + 1;
  }
  return out.join(', ');
}

/**
 * Every row of the file (not only the preview's) whose product the requirement rules would not recognise,
 * by the category as written: those SKUs are checked against the general rules only until a person picks
 * their category.
 */
export function UnrecognisedCategories({ data }: { data: Unrecognised | undefined }) {
  const t = useT(importMessages);
  const f = useFormat();
  if (!data || data.row_count === 0) return null;
  return (
    <Card className="overflow-hidden" data-testid="unrecognised-categories">
      <CardHeader>
        <div>
          <CardTitle className="flex items-center gap-2">
            <TriangleAlert className="size-4 text-warning-soft-foreground" aria-hidden="true" />
            {t('summary.unrecognised_title', { count: data.row_count })}
          </CardTitle>
          <CardDescription>{t('summary.unrecognised_description')}</CardDescription>
        </div>
      </CardHeader>
      <ul className="divide-y divide-border text-[0.8125rem]">
        {data.groups.map((g) => (
          <li
            key={g.category_text ?? ''}
            className="grid gap-1 px-5 py-2 sm:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]"
            data-testid="unrecognised-category"
          >
            <span className="font-medium">
              {g.category_text === null ? t('summary.unrecognised_none') : `“${g.category_text}”`}{' '}
              <span className="tabular-nums text-muted-foreground">({f.number(g.row_count)})</span>
            </span>
            <span className="text-muted-foreground" data-testid="unrecognised-rows">
              {t('summary.unrecognised_rows', { rows: ranges(g.rows) })}
              {g.rows.length < g.row_count ? ` ${t('summary.unrecognised_more')}` : ''}
            </span>
          </li>
        ))}
      </ul>
      {data.groups_truncated ? (
        <p className="px-5 py-2 text-xs text-muted-foreground">{t('summary.unrecognised_more')}</p>
      ) : null}
    </Card>
  );
}
