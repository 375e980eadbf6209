'use client';

import * as React from 'react';
import { EyeOff, FileSpreadsheet, RotateCcw, TriangleAlert } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useFormat, useT } from '@/components/i18n/locale-provider';
import { importMessages } from '@/lib/i18n/ui/imports';
import { useImportLabels } from './labels';
import type { ImportFileShape, ImportFileShape as FileShapeInfo } from '@/lib/imports/schemas';

type SheetEntry = ImportFileShape['sheets'][number];

export function sheetHidden(s: SheetEntry): boolean {
  return !s.visible;
}

function sheetRows(s: SheetEntry): number | null {
  return s.rows;
}

function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 truncate text-[0.8125rem] font-medium text-foreground" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export interface FileShapeCardProps {
  file: File;
  shape: FileShapeInfo;
  busy: boolean;
  /** the header row the user asked for (null: detected) */
  requestedHeaderRow: number | null;
  onSheet: (sheet: string) => void;
  onHeaderRow: (row: number | null) => void;
  onReplaceFile: () => void;
}

/**
 * What the reader found: format, encoding, delimiter, the sheet (with a picker when there are several,
 * hidden ones marked), the header row (changeable when the guess is wrong) and skipped title rows.
 */
export function FileShapeCard({
  file,
  shape,
  busy,
  requestedHeaderRow,
  onSheet,
  onHeaderRow,
  onReplaceFile,
}: FileShapeCardProps) {
  const t = useT(importMessages);
  const f = useFormat();
  const labels = useImportLabels();
  const sheets = shape.sheets ?? [];
  const isText = !sheets.length || ['csv', 'tsv', 'txt'].includes(shape.format);
  const detectedHeader = shape.header_row ?? 1;
  const titleRows = shape.title_rows_skipped ?? 0;
  const hiddenCount = sheets.filter(sheetHidden).length;

  return (
    <Card data-testid="file-shape">
      <CardHeader>
        <div className="flex min-w-0 items-center gap-3">
          <div className="flex size-9 shrink-0 items-center justify-center rounded-lg border border-border bg-surface-muted text-primary">
            <FileSpreadsheet className="size-4.5" aria-hidden="true" />
          </div>
          <div className="min-w-0">
            <CardTitle className="truncate" data-testid="file-name">
              {file.name}
            </CardTitle>
            <CardDescription>
              {t('shape.read_as', { size: f.bytes(file.size), format: labels.format(shape.format) })}
            </CardDescription>
          </div>
        </div>
        <Button variant="ghost" size="sm" onClick={onReplaceFile} disabled={busy}>
          <RotateCcw aria-hidden="true" />
          {t('shape.replace')}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-5">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
          <Fact label={t('shape.format')} testId="file-format">
            {labels.format(shape.format)}
          </Fact>
          {isText ? (
            <>
              <Fact label={t('shape.encoding')} testId="file-encoding">
                {shape.encoding ? shape.encoding.toUpperCase() : '—'}
              </Fact>
              <Fact label={t('shape.delimiter')} testId="file-delimiter">
                {labels.delimiter(shape.delimiter)}
              </Fact>
            </>
          ) : (
            <Fact label={t('shape.sheets')}>
              {sheets.length}
              {hiddenCount ? (
                <span className="ml-1 font-normal text-muted-foreground">
                  {t('shape.hidden_count', { count: hiddenCount })}
                </span>
              ) : null}
            </Fact>
          )}
          <Fact label={t('shape.header')} testId="file-header-row">
            {t('shape.row', { row: detectedHeader })}
            {titleRows > 0 ? (
              <span className="ml-1 font-normal text-muted-foreground">
                {t('shape.title_rows', { count: titleRows })}
              </span>
            ) : null}
          </Fact>
        </dl>

        {shape.warnings?.length ? (
          <ul
            className="grid gap-1 rounded-md border border-warning/30 bg-warning-soft px-3 py-2 text-xs text-warning-soft-foreground"
            data-testid="read-warnings"
          >
            {shape.warnings.map((w, i) => (
              <li key={i} className="flex items-start gap-1.5">
                <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                {w.message}
              </li>
            ))}
          </ul>
        ) : null}

        <div className="grid gap-4 border-t border-border pt-4 sm:grid-cols-2">
          {sheets.length > 1 ? (
            <div className="grid gap-1.5">
              <Label htmlFor="import-sheet">{t('shape.sheet')}</Label>
              <Select value={shape.sheet ?? ''} onValueChange={onSheet} disabled={busy}>
                <SelectTrigger id="import-sheet" data-testid="sheet-select" aria-describedby="import-sheet-hint">
                  <SelectValue placeholder={t('shape.pick_sheet')} />
                </SelectTrigger>
                <SelectContent>
                  {sheets.map((s) => {
                    const rows = sheetRows(s);
                    return (
                      <SelectItem key={s.name} value={s.name}>
                        <span className="inline-flex items-center gap-1.5">
                          {s.name}
                          {sheetHidden(s) ? (
                            <Badge variant="neutral" className="ml-1">
                              <EyeOff aria-hidden="true" />
                              {t('shape.hidden')}
                            </Badge>
                          ) : null}
                          {rows !== null ? (
                            <span className="text-xs text-muted-foreground">
                              {t('shape.sheet_rows', { count: rows })}
                            </span>
                          ) : null}
                        </span>
                      </SelectItem>
                    );
                  })}
                </SelectContent>
              </Select>
              <p id="import-sheet-hint" className="text-xs text-muted-foreground">
                {hiddenCount ? t('shape.hidden_hint') : t('shape.first_sheet')}
              </p>
            </div>
          ) : null}
          {/* A new answer from the server (another sheet, another row) resets the field to the row it used. */}
          <HeaderRowForm
            key={`${shape.sheet ?? ''}:${detectedHeader}`}
            detected={detectedHeader}
            requested={requestedHeaderRow}
            busy={busy}
            onHeaderRow={onHeaderRow}
          />
        </div>
      </CardContent>
    </Card>
  );
}

/** The header row the reader used, changeable when its guess is wrong; "Detect again" drops the choice. */
function HeaderRowForm({
  detected: detectedHeader,
  requested: requestedHeaderRow,
  busy,
  onHeaderRow,
}: {
  detected: number;
  requested: number | null;
  busy: boolean;
  onHeaderRow: (row: number | null) => void;
}) {
  const t = useT(importMessages);
  const [headerDraft, setHeaderDraft] = React.useState(String(detectedHeader));
  const draftNumber = Number(headerDraft);
  const draftValid = Number.isInteger(draftNumber) && draftNumber >= 1 && draftNumber <= 1000;
  return (
    <form
      className="grid gap-1.5"
      onSubmit={(e) => {
        e.preventDefault();
        if (draftValid && draftNumber !== detectedHeader) onHeaderRow(draftNumber);
      }}
    >
      <Label htmlFor="import-header-row">{t('header.label')}</Label>
      <div className="flex gap-2">
        <Input
          id="import-header-row"
          type="number"
          inputMode="numeric"
          min={1}
          max={1000}
          value={headerDraft}
          onChange={(e) => setHeaderDraft(e.target.value)}
          className="w-24 tabular-nums"
          aria-invalid={!draftValid || undefined}
          aria-describedby="import-header-row-hint"
          disabled={busy}
        />
        <Button
          type="submit"
          variant="secondary"
          disabled={busy || !draftValid || draftNumber === detectedHeader}
          data-testid="apply-header-row"
        >
          {t('header.use')}
        </Button>
        {requestedHeaderRow !== null ? (
          <Button type="button" variant="ghost" onClick={() => onHeaderRow(null)} disabled={busy}>
            {t('header.detect')}
          </Button>
        ) : null}
      </div>
      <p id="import-header-row-hint" className="text-xs text-muted-foreground">
        {requestedHeaderRow !== null ? t('header.chosen') : t('header.found')}
      </p>
    </form>
  );
}
