'use client';

import * as React from 'react';
import { LoaderCircle } from 'lucide-react';
import { describeError } from '@/components/api/client';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/toaster';
import { cn } from '@/lib/utils/cn';
import { useLocale, useT } from '@/components/i18n/locale-provider';
import { docTypeLabel } from '@/lib/i18n/ui/doc-types';
import { documentMessages } from '@/lib/i18n/ui/documents';
import { VAULT_DOCUMENT_TYPES, type VaultDocument } from './types';
import { RoleGate } from '@/components/team/role-gate';
import { useCan } from '@/components/team/role-context';

/**
 * One-click correction of a document's type: choosing a type PATCHes the document at once (the server
 * marks it manual with confidence 1 and re-evaluates linked SKUs) and hands back the updated record.
 */
export function TypeSelect({
  document,
  onChanged,
  className,
  size = 'sm',
  id,
}: {
  id?: string;
  document: Pick<VaultDocument, 'id' | 'filename' | 'document_type'>;
  onChanged: (doc: VaultDocument) => void;
  className?: string;
  size?: 'sm' | 'md';
}) {
  const t = useT(documentMessages);
  const locale = useLocale();
  const edit = useCan('edit');
  const [saving, setSaving] = React.useState<string | null>(null);
  const setType = useApiMutation<{ document: VaultDocument }, string>({
    request: (next) => ({
      path: `/api/documents/${encodeURIComponent(document.id)}`,
      method: 'PATCH',
      body: { document_type: next },
    }),
  });
  const value = saving ?? document.document_type ?? '';

  async function change(next: string) {
    if (next === document.document_type) return;
    setSaving(next);
    try {
      const body = await setType.run(next);
      onChanged(body.document);
      toast.success(t('type_select.saved', { filename: document.filename, type: docTypeLabel(next, locale) }));
    } catch (e) {
      const { title, description } = describeError(e);
      toast.error(title, { description });
    } finally {
      setSaving(null);
    }
  }

  return (
    <Select value={value} onValueChange={change} disabled={saving !== null || !edit.allowed}>
      <RoleGate need={'edit'}>
        <SelectTrigger
          id={id}
          aria-label={t('type_select.label', { filename: document.filename })}
          className={cn(size === 'sm' ? 'h-7 w-auto min-w-0 gap-1 px-2 text-[0.8125rem]' : 'w-full', className)}
          data-testid="type-select"
        >
          {saving ? (
            <LoaderCircle className="size-3.5 shrink-0 animate-spin text-muted-foreground" aria-hidden="true" />
          ) : null}
          <SelectValue placeholder={t('type_select.placeholder')} />
        </SelectTrigger>
      </RoleGate>
      <SelectContent>
        {VAULT_DOCUMENT_TYPES.map((type) => (
          <SelectItem key={type} value={type}>
            {docTypeLabel(type, locale)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
