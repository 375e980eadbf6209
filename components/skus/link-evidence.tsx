'use client';

import * as React from 'react';
import { ApiError } from '@/components/api/client';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { toast } from '@/components/ui/toaster';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useFormat, useT } from '@/components/i18n/locale-provider';
import { RoleGate } from '@/components/team/role-gate';
import { useCan } from '@/components/team/role-context';
import { skuDossierMessages } from '@/lib/i18n/ui/sku-dossier';
import type { SkuDocument } from './types';

type Link = SkuDocument['skus'][number];
type Status = NonNullable<Link['evidence_status']>;

const VARIANT: Record<Status, 'success' | 'warning' | 'neutral' | 'danger'> = {
  accepted: 'success',
  proposed: 'warning',
  rejected: 'neutral',
  about_another_product: 'danger',
};

/** One identity (the document's or the SKU's): model, maker, GTIN, with a dash for what is not known. */
function IdentityLine({
  label,
  identity,
  testId,
}: {
  label: string;
  identity: { model_number: string | null; manufacturer_name: string | null; gtin: string | null; sku_code?: string };
  testId: string;
}) {
  const t = useT(skuDossierMessages);
  const part = (name: string, value: string | null | undefined) => (
    <span className="whitespace-nowrap">
      <span className="text-muted-foreground">{name}:</span>{' '}
      <span className="text-foreground">{value || t('evidence.unknown')}</span>
    </span>
  );
  return (
    <div className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5" data-testid={testId}>
      <span className="min-w-24 font-medium text-foreground">{label}</span>
      {identity.sku_code !== undefined ? part(t('evidence.sku_code'), identity.sku_code) : null}
      {part(t('evidence.model'), identity.model_number)}
      {part(t('evidence.maker'), identity.manufacturer_name)}
      {part(t('evidence.gtin'), identity.gtin)}
    </div>
  );
}

/** What the summary needs of a document-SKU link: its evidence status, why, who decided, and the identities. */
export type LinkEvidenceState = Pick<
  Link,
  | 'evidence_status'
  | 'evidence_reason'
  | 'evidence_reason_code'
  | 'evidence_reason_params'
  | 'evidence_facts'
  | 'decided_by'
  | 'decided_at'
>;

/**
 * Why the link has its status, in the UI's language: the rule's sentence from its code and the values it
 * names; a person's own words as written; a link not re-evaluated since codes exist keeps the server's
 * English sentence (marked as English).
 */
function EvidenceReason({ link }: { link: LinkEvidenceState }) {
  const t = useT(skuDossierMessages);
  const code = link.evidence_reason_code ?? null;
  if (!link.evidence_reason && !code) return null;
  const params = link.evidence_reason_params ?? {};
  const text =
    code && code !== 'person_reason'
      ? t(`evidence.why.${code}`, { ...params, by: params.by || t('evidence.a_person') })
      : (link.evidence_reason ?? '');
  return (
    <p
      className="max-w-3xl text-muted-foreground"
      data-testid="evidence-reason"
      data-code={code ?? undefined}
      lang={code ? undefined : 'en'}
    >
      {text}
    </p>
  );
}

/**
 * A link's evidence status with who decided and why, and the document's identity (model, maker, GTIN)
 * beside the SKU's: shown on the SKU's Documents tab and beside a supplier's file on its request.
 */
export function EvidenceSummary({ link }: { link: LinkEvidenceState }) {
  const t = useT(skuDossierMessages);
  const fmt = useFormat();
  if (!link.evidence_status) return null;
  const status = link.evidence_status;
  const facts = link.evidence_facts ?? null;
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={VARIANT[status]} data-testid="evidence-status">
          {t(`evidence.status.${status}`)}
        </Badge>
        {link.decided_by ? (
          <span className="text-muted-foreground">
            {t('evidence.decided', { by: link.decided_by, at: link.decided_at ? fmt.date(link.decided_at) : '' })}
          </span>
        ) : null}
      </div>
      <EvidenceReason link={link} />
      {facts ? (
        <div className="grid max-w-3xl gap-0.5 rounded-md border border-border bg-surface-muted/60 px-2 py-1.5">
          <IdentityLine label={t('evidence.document')} identity={facts.document_identity} testId="document-identity" />
          <IdentityLine label={t('evidence.sku')} identity={facts.sku_identity} testId="sku-identity" />
        </div>
      ) : null}
    </>
  );
}

/**
 * Whether a linked document is this SKU's evidence (only accepted ones satisfy a requirement): its status,
 * why, the document's identity beside the SKU's, and a person's accept / reject with a reason.
 */
export function LinkEvidence({
  doc,
  skuId,
  onDecided,
}: {
  doc: SkuDocument;
  skuId: string;
  onDecided: () => void | Promise<void>;
}) {
  const t = useT(skuDossierMessages);
  const link = doc.skus.find((s) => s.id === skuId);
  const [reason, setReason] = React.useState('');
  // The decision is told and the page reloaded before the mutation settles: its button spins until then.
  const decideLink = useApiMutation<unknown, { decision: 'accept' | 'reject'; reason: string }>({
    request: ({ decision, reason }) => ({
      path: `/api/skus/${encodeURIComponent(skuId)}/documents/${encodeURIComponent(doc.id)}/decision`,
      method: 'POST',
      body: { decision, ...(reason ? { reason } : {}) },
    }),
    idempotent: true,
    onSuccess: async (_, { decision }) => {
      toast.success(decision === 'accept' ? t('evidence.accepted_toast') : t('evidence.rejected_toast'));
      setReason('');
      await onDecided();
    },
  });
  const [deciding, setDeciding] = React.useState<'accept' | 'reject' | null>(null);
  const busy = decideLink.pending ? deciding : null;
  const [problem, setProblem] = React.useState<string | null>(null);
  const canEdit = useCan('edit').allowed;
  if (!link?.evidence_status) return null;
  const status = link.evidence_status;
  const reasonNeeded = status === 'about_another_product';

  async function decide(decision: 'accept' | 'reject') {
    if (decision === 'accept' && reasonNeeded && !reason.trim()) {
      setProblem(t('evidence.reason_required'));
      return;
    }
    setProblem(null);
    setDeciding(decision);
    try {
      await decideLink.run({ decision, reason: reason.trim() });
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : t('evidence.failed'));
    }
  }

  return (
    <div
      className="mt-1.5 ml-6 grid gap-1.5 text-xs"
      data-testid="link-evidence"
      data-status={status}
      data-document-id={doc.id}
    >
      <EvidenceSummary link={link} />
      <div className="grid max-w-3xl gap-1">
        <div className="flex flex-wrap items-center gap-2">
          {canEdit ? (
            <Input
              className="h-7 min-w-56 flex-1 text-xs"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              placeholder={reasonNeeded ? t('evidence.reason_placeholder_required') : t('evidence.reason_placeholder')}
              aria-label={t('evidence.reason')}
              aria-invalid={problem ? true : undefined}
              maxLength={1000}
              data-testid="evidence-reason-input"
            />
          ) : null}
          {status !== 'accepted' ? (
            <RoleGate need={'edit'}>
              <Button
                size="sm"
                className="h-7"
                onClick={() => decide('accept')}
                loading={busy === 'accept'}
                data-testid="evidence-accept"
              >
                {t('evidence.accept')}
              </Button>
            </RoleGate>
          ) : null}
          {status !== 'rejected' ? (
            <RoleGate need={'edit'}>
              <Button
                size="sm"
                variant="secondary"
                className="h-7"
                onClick={() => decide('reject')}
                loading={busy === 'reject'}
                data-testid="evidence-reject"
              >
                {t('evidence.reject')}
              </Button>
            </RoleGate>
          ) : null}
        </div>
        {problem ? (
          <p className="text-danger" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
    </div>
  );
}
