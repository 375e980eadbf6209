'use client';

import * as React from 'react';
import { Select as SelectPrimitive } from 'radix-ui';
import { Select, SelectContent, SelectGroup, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils/cn';
import { useT } from '@/components/i18n/locale-provider';
import { importMessages } from '@/lib/i18n/ui/imports';
import { useImportLabels } from './labels';

export const IGNORE_VALUE = '__ignore__';

export interface TargetSelectProps {
  value: string | null;
  onChange: (target: string | null) => void;
  /** the column's header, for the accessible name ("Field for column EAN") */
  column: string;
  /** targets other columns use now: marked in the list so the user sees what a choice takes away */
  takenBy?: Map<string, string>;
  disabled?: boolean;
  className?: string;
}

/** Picks what a catalogue column is stored as: a SKU column, a dossier field, or nothing. Grouped like the dossier. */
export function TargetSelect({ value, onChange, column, takenBy, disabled, className }: TargetSelectProps) {
  const t = useT(importMessages);
  const labels = useImportLabels();
  const groups = labels.targetGroups();
  const known = value === null || groups.some((g) => g.options.some((o) => o.key === value));
  return (
    <Select
      value={value ?? IGNORE_VALUE}
      onValueChange={(v) => onChange(v === IGNORE_VALUE ? null : v)}
      disabled={disabled}
    >
      <SelectTrigger
        className={cn('h-8 w-full min-w-48 text-[0.8125rem]', value === null && 'text-muted-foreground', className)}
        aria-label={t('target.label', { column })}
        data-testid="target-select"
      >
        <SelectValue>{labels.target(value)}</SelectValue>
      </SelectTrigger>
      <SelectContent className="max-h-96 w-80">
        <SelectItem value={IGNORE_VALUE} className="text-muted-foreground">
          {labels.target(null)}
        </SelectItem>
        {!known && value ? <SelectItem value={value}>{labels.target(value)}</SelectItem> : null}
        {groups.map((g) => (
          <SelectGroup key={g.id}>
            <SelectPrimitive.Separator className="-mx-1 my-1 h-px bg-border" />
            <SelectPrimitive.Label className="px-2 pt-1 pb-1 text-[0.6875rem] font-semibold tracking-wide text-muted-foreground uppercase">
              {g.label}
            </SelectPrimitive.Label>
            {g.options.map((o) => {
              const other = takenBy?.get(o.key);
              return (
                <SelectItem key={o.key} value={o.key}>
                  {o.label}
                  {other && o.key !== value ? (
                    <span className="ml-1.5 text-xs text-subtle-foreground">
                      {t('target.taken', { column: other })}
                    </span>
                  ) : null}
                </SelectItem>
              );
            })}
          </SelectGroup>
        ))}
      </SelectContent>
    </Select>
  );
}
