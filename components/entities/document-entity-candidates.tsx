'use client';

import * as React from 'react';
import { Building2, Check, Link2, Plus } from 'lucide-react';
import { ApiError } from '@/components/api/client';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { queryKeys } from '@/components/api/queries/keys';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { toast } from '@/components/ui/toaster';
import { isEuEstablished } from '@/lib/model/countries';
import { EuBadge } from './eu-badge';
import type { DocumentEntityCandidate } from '@/lib/entities/schemas';
import { useT } from '@/components/i18n/locale-provider';
import { entityMessages } from '@/lib/i18n/ui/entities';
import { useRoleLabel, useRoleNoun } from './role-label';

type Candidate = DocumentEntityCandidate;

function addressLine(a: Candidate['address']) {
  if (!a) return null;
  return [a.street, [a.postal_code, a.city].filter(Boolean).join(' '), a.region].filter(Boolean).join(', ') || null;
}

/**
 * The operators a document names (GET /api/documents/{id}/entity-candidates), each with its address in
 * parts and country: one click links the existing entity of that name or creates it, and links it to the
 * SKU in its role (POST …/entity-candidates/{role}); nothing is typed by hand.
 */
export function DocumentEntityCandidates({
  documentId,
  skuId,
  onChanged,
}: {
  documentId: string;
  skuId: string;
  onChanged: () => void;
}) {
  const t = useT(entityMessages);
  const roleLabel = useRoleLabel();
  const roleNoun = useRoleNoun();
  const [busy, setBusy] = React.useState<string | null>(null);
  const applyCandidate = useApiMutation<
    unknown,
    { c: Candidate; action: 'create_new' | 'link_existing'; entityId?: string }
  >({
    request: ({ c, action, entityId }) => ({
      path: `/api/documents/${encodeURIComponent(documentId)}/entity-candidates/${c.role}`,
      body: { sku_id: skuId, action, ...(entityId ? { entity_id: entityId } : {}) },
    }),
    invalidates: [queryKeys.entities],
  });
  const found = useApiQuery<{ candidates: Candidate[] }>(
    `/api/documents/${encodeURIComponent(documentId)}/entity-candidates?sku_id=${encodeURIComponent(skuId)}`,
  );
  const candidates = found.data?.candidates;

  async function apply(c: Candidate, action: 'create_new' | 'link_existing', entityId?: string) {
    setBusy(`${c.role}:${action}`);
    try {
      await applyCandidate.run({ c, action, entityId });
      toast.success(t('candidates.linked_toast', { role: roleLabel(c.role), name: c.name }));
      void found.reload();
      onChanged();
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : t('candidates.link_error'));
    } finally {
      setBusy(null);
    }
  }

  if (!candidates?.length) return null;
  return (
    <ul className="ml-6 grid gap-2" aria-label={t('candidates.label')} data-testid="entity-candidates">
      {candidates.map((c) => {
        const existing = c.matches[0];
        const done = c.linked?.same;
        return (
          <li
            key={c.role}
            className="flex flex-wrap items-start gap-3 rounded-md border border-border bg-surface px-3 py-2 text-[0.8125rem]"
            data-testid={`entity-candidate-${c.role}`}
          >
            <Building2 className="mt-0.5 size-4 shrink-0 text-subtle-foreground" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-1.5">
                <span className="text-muted-foreground">{roleLabel(c.role)}:</span>
                <span className="font-medium text-foreground">{c.name}</span>
                {c.address?.country ? (
                  <EuBadge established={isEuEstablished(c.address.country)} country={c.address.country} />
                ) : null}
                {c.page ? (
                  <span className="text-xs text-subtle-foreground" title={c.quote}>
                    {t('candidates.page', { page: c.page })}
                  </span>
                ) : null}
              </div>
              <div className="text-xs text-muted-foreground">
                {[addressLine(c.address), c.address?.country, c.email].filter(Boolean).join(' · ') ||
                  t('candidates.no_address')}
              </div>
              {c.linked && !c.linked.same ? (
                <div className="text-xs text-warning-soft-foreground">
                  {t('candidates.other_linked', { name: c.linked.name, role: roleNoun(c.role) })}
                </div>
              ) : null}
            </div>
            {done ? (
              <Badge variant="success">
                <Check className="size-3" aria-hidden="true" /> {t('candidates.linked')}
              </Badge>
            ) : existing ? (
              <Button
                size="sm"
                variant="secondary"
                loading={busy === `${c.role}:link_existing`}
                onClick={() => apply(c, 'link_existing', existing.id)}
                aria-label={t('candidates.link_existing_label', { name: existing.name, role: roleLabel(c.role) })}
              >
                <Link2 aria-hidden="true" />
                {t('candidates.link_existing')}
              </Button>
            ) : (
              <Button
                size="sm"
                variant="secondary"
                loading={busy === `${c.role}:create_new`}
                onClick={() => apply(c, 'create_new')}
                aria-label={t('candidates.create_label', { name: c.name, role: roleLabel(c.role) })}
              >
                <Plus aria-hidden="true" />
                {t('candidates.create')}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
