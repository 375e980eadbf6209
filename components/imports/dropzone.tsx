'use client';

import * as React from 'react';
import { FileSpreadsheet, Upload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useT } from '@/components/i18n/locale-provider';
import { importMessages } from '@/lib/i18n/ui/imports';
import { cn } from '@/lib/utils/cn';
import { RoleGate } from '@/components/team/role-gate';
import { useCan } from '@/components/team/role-context';
import { useHydrated } from '@/components/use-hydrated';

const IMPORT = { operationId: 'importSkus', method: 'POST', path: '/api/import' } as const;

export const ACCEPTED_EXTENSIONS = ['.csv', '.tsv', '.txt', '.xlsx', '.xls', '.ods'] as const;
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

/** Why a file cannot be imported, as the key of its message (`importMessages`). */
export interface FileProblem {
  key: 'file.wrong_type' | 'file.empty' | 'file.too_large';
  name: string;
  size: number;
}

/** Why a file cannot be imported before it is sent (type by extension, size), or null. */
export function checkImportFile(file: File): FileProblem | null {
  const problem = (key: FileProblem['key']) => ({ key, name: file.name, size: file.size });
  const name = file.name.toLowerCase();
  if (!ACCEPTED_EXTENSIONS.some((ext) => name.endsWith(ext))) return problem('file.wrong_type');
  if (file.size === 0) return problem('file.empty');
  if (file.size > MAX_IMPORT_BYTES) return problem('file.too_large');
  return null;
}

export interface DropzoneProps {
  onFile: (file: File) => void;
  disabled?: boolean;
}

/** Drag a catalogue file here, or pick one. Keyboard users reach the picker button. */
export function Dropzone({ onFile, disabled: busy }: DropzoneProps) {
  // A refused role disables the drop target as well as the button (RoleGate below says why).
  const t = useT(importMessages);
  const importing = useCan(IMPORT);
  const disabled = busy || !importing.allowed;
  const input = React.useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();
  const [over, setOver] = React.useState(false);
  const depth = React.useRef(0);

  // A file dropped just beside the zone must not make the browser leave the page to open it.
  React.useEffect(() => {
    const stop = (e: DragEvent) => {
      if (e.dataTransfer?.types.includes('Files')) e.preventDefault();
    };
    window.addEventListener('dragover', stop);
    window.addEventListener('drop', stop);
    return () => {
      window.removeEventListener('dragover', stop);
      window.removeEventListener('drop', stop);
    };
  }, []);

  function take(files: FileList | null | undefined) {
    const f = files?.[0];
    if (f) onFile(f);
  }

  return (
    <div
      data-testid="import-dropzone"
      data-dragging={over || undefined}
      onDragEnter={(e) => {
        e.preventDefault();
        depth.current++;
        if (!disabled) setOver(true);
      }}
      onDragOver={(e) => {
        e.preventDefault();
        e.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDrop={(e) => {
        e.preventDefault();
        depth.current = 0;
        setOver(false);
        if (!disabled) take(e.dataTransfer.files);
      }}
      className={cn(
        'flex flex-col items-center justify-center rounded-xl border-2 border-dashed px-6 py-14 text-center transition-colors',
        over ? 'border-primary bg-primary-soft/60' : 'border-border-strong bg-surface-muted/40',
        disabled && 'opacity-60',
      )}
    >
      <div className="mb-4 flex size-12 items-center justify-center rounded-xl border border-border bg-surface text-primary shadow-xs">
        <FileSpreadsheet className="size-6" aria-hidden="true" />
      </div>
      <p className="text-[0.9375rem] font-semibold text-foreground">{over ? t('dropzone.drop') : t('dropzone.drag')}</p>
      <p className="mt-1 max-w-md text-sm text-muted-foreground">{t('dropzone.hint')}</p>
      <RoleGate need={IMPORT} showReason>
        <Button
          type="button"
          className="mt-5"
          onClick={() => input.current?.click()}
          disabled={busy}
          data-testid="choose-file"
        >
          <Upload aria-hidden="true" />
          {t('dropzone.choose')}
        </Button>
      </RoleGate>
      <input
        ref={input}
        type="file"
        className="sr-only"
        tabIndex={-1}
        aria-label={t('dropzone.input_label')}
        accept={[
          ...ACCEPTED_EXTENSIONS,
          'text/csv',
          'application/vnd.ms-excel',
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'application/vnd.oasis.opendocument.spreadsheet',
        ].join(',')}
        disabled={!hydrated}
        onChange={(e) => {
          take(e.target.files);
          e.target.value = '';
        }}
        data-testid="import-file-input"
      />
    </div>
  );
}
