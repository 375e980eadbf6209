'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import {
  ArrowRight,
  BadgeCheck,
  ChevronDown,
  ClipboardCheck,
  Download,
  FileArchive,
  Globe,
  LoaderCircle,
  MoreHorizontal,
  ShieldCheck,
  Trash2,
  X,
} from 'lucide-react';
import { ApiError, describeError } from '@/components/api/client';
import { Alert } from '@/components/ui/alert';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { toast } from '@/components/ui/toaster';
import { fixOf } from './blockers-tab';
import { useLocale, useT } from '@/components/i18n/locale-provider';
import { commonMessages } from '@/lib/i18n/ui/common';
import { skuDossierMessages } from '@/lib/i18n/ui/sku-dossier';
import { skuActionMessages } from '@/lib/i18n/ui/sku-actions';
import { languageName } from '@/lib/i18n/languages';
import { PUBLIC_LOCALES, htmlLang, type PublicLocale } from '@/lib/i18n/public-locales';
import type { T } from '@/lib/i18n/ui';
import { blockerTitle } from '@/lib/requirements/titles';
import { downloadFile } from '@/components/api/client';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { useDryRun } from '@/components/api/queries/use-api-query';
import { ApproveDialog, ReviewDialog } from './sign-off-dialogs';
import { useSkuPage } from './sku-context';
import { useCan } from '@/components/team/role-context';
import type { Blocker } from './types';
import type { z } from 'zod';
import { ApprovalBlockedDetails, ReviewIncompleteDetails } from '@/lib/skus/schemas';
import type { PublishDryRun, PublishResponse } from '@/lib/publish/schemas';

export type ActionName = 'review' | 'approve' | 'publish' | 'export' | 'dossier' | 'delete';
export interface ActionOutcome {
  action: ActionName;
  error: ApiError;
}

/** Dossier PDF languages, each named in its own language. */

/** One open item a refusal names: a message from the refusal's details, with the SKU blocker it matches for a fix link. */
type OpenItem = Pick<Blocker, 'message'> & { key: string; blocker?: Blocker; fields?: Blocker['required_fields'] };

/** A list under `key` of a refusal's details, read with the server's schema of that list; absent or other, none. */
function detailsList<T>(details: Record<string, unknown>, key: string, schema: z.ZodType<T[]>): T[] {
  const r = schema.safeParse(details[key]);
  return r.success ? r.data : [];
}

/** The list a 409 names (open blockers, review issues, conflicts), matched to the SKU's own blockers for fix links. */
function openItemsOf(
  error: ApiError,
  blockers: Blocker[],
  t: T<typeof skuActionMessages.en>,
  /** The blocker as shown: the rules' sentences are English, other languages get the code's title. */
  codeTitle: (code: string, message?: string) => string,
): { heading: string; items: OpenItem[] }[] {
  const d = error.details ?? {};
  const groups: { heading: string; items: OpenItem[] }[] = [];
  const match = (code: string, fields: string[]) =>
    blockers.find(
      (b) =>
        !b.waived &&
        (b.key === code || b.code === code) &&
        (fields.length === 0 || (b.required_fields ?? []).some((f) => fields.includes(f))),
    );
  const blockerItems = detailsList(d, 'blockers', ApprovalBlockedDetails.shape.blockers).map((b, i) => ({
    key: `${b.code}-${i}`,
    message: codeTitle(b.code, b.message),
    blocker: match(b.code, b.required_fields),
    fields: b.required_fields,
  }));
  if (blockerItems.length) groups.push({ heading: t('outcome.open_blockers'), items: blockerItems });
  const issues = detailsList(d, 'open_review_issues', ReviewIncompleteDetails.shape.open_review_issues).map((x, i) => ({
    key: `issue-${i}`,
    message: x.message || t('outcome.review_issue'),
  }));
  if (issues.length) groups.push({ heading: t('outcome.open_review_issues'), items: issues });
  const conflicts = detailsList(d, 'open_conflicts', ReviewIncompleteDetails.shape.open_conflicts).map((x, i) => ({
    key: `conflict-${i}`,
    message: x.message || t('outcome.conflict'),
    fields: x.required_fields,
    blocker: match('EXTRACTION_CONFLICT_OPEN', x.required_fields),
  }));
  if (conflicts.length) groups.push({ heading: t('outcome.open_conflicts'), items: conflicts });
  return groups;
}

/** What an action's refusal says, inline under the header, with a way to each open item. */
export function ActionOutcomePanel({ outcome, onDismiss }: { outcome: ActionOutcome; onDismiss: () => void }) {
  const { detail, goTo } = useSkuPage();
  const t = useT(skuActionMessages);
  const common = useT(commonMessages);
  const dossierT = useT(skuDossierMessages);
  const locale = useLocale();
  const groups = openItemsOf(outcome.error, detail.blockers, t, (code, message) =>
    locale === 'en' && message ? message : blockerTitle(code, locale),
  );
  return (
    <div className="relative" data-testid="action-outcome" data-code={outcome.error.code}>
      <Alert variant="danger" title={t(`outcome.${outcome.action}`)}>
        <p>{outcome.error.message}</p>
        {groups.map((g) => (
          <div key={g.heading} className="mt-2.5">
            <p className="text-xs font-semibold tracking-wide uppercase opacity-80">{g.heading}</p>
            <ul className="mt-1 grid gap-1.5">
              {g.items.map((item) => {
                const fix = item.blocker
                  ? fixOf(item.blocker, dossierT)
                  : item.fields?.length
                    ? fixOf({ code: 'x', severity: 'blocker', message: '', required_fields: item.fields }, dossierT)
                    : null;
                return (
                  <li key={item.key} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="min-w-0 flex-1">{item.message}</span>
                    {fix ? (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 text-xs font-semibold underline-offset-2 hover:underline"
                        onClick={() => goTo(fix.target)}
                      >
                        {fix.label}
                        <ArrowRight className="size-3" aria-hidden="true" />
                      </button>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
        {outcome.error.code === 'NOT_APPROVED' && detail.blockers.some((b) => !b.waived && b.severity === 'blocker') ? (
          <button
            type="button"
            className="mt-1.5 inline-flex items-center gap-1 text-xs font-semibold underline-offset-2 hover:underline"
            onClick={() => goTo({ tab: 'blockers' })}
          >
            {t('outcome.see_blocking')}
            <ArrowRight className="size-3" aria-hidden="true" />
          </button>
        ) : null}
        {outcome.error.status >= 500 && outcome.error.correlationId ? (
          <p className="mt-1.5 text-xs">{common('error.support_ref', { id: outcome.error.correlationId })}</p>
        ) : null}
      </Alert>
      <button
        type="button"
        onClick={onDismiss}
        className="absolute top-2.5 right-2.5 rounded p-1 text-danger-soft-foreground/70 hover:bg-danger/10"
        aria-label={t('outcome.dismiss')}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

type NextStep = 'review' | 'approve' | 'publish' | null;

function nextStep(status: string): NextStep {
  if (status === 'needs_review') return 'review';
  if (status === 'ready_for_approval') return 'approve';
  if (status === 'approved') return 'publish';
  return null;
}

/**
 * The SKU's workflow actions in the order they happen (complete review, approve, publish), then the
 * outputs (export, dossier.zip) and deletion. Refusals come back through onOutcome for inline display.
 */
export function SkuActions({ onOutcome }: { onOutcome: (o: ActionOutcome | null) => void }) {
  const router = useRouter();
  const t = useT(skuActionMessages);
  const { skuId, detail, bump, goTo } = useSkuPage();
  const sku = detail.sku;
  const status = detail.status;
  const step = nextStep(status);
  const [busy, setBusy] = React.useState<ActionName | null>(null);
  const [confirm, setConfirm] = React.useState<'review' | 'approve' | 'publish' | 'delete' | null>(null);
  // Sign-off needs the reviewer role, deletion the editor role: disabled, with the reason, otherwise.
  const signOff = useCan('review');
  const edit = useCan('edit');
  const deleteSku = useApiMutation<unknown, void>({
    request: () => ({ path: `/api/skus/${skuId}`, method: 'DELETE' }),
  });

  const reviewDone = sku.review_state === 'complete';
  const approved = sku.approval_state === 'approved';

  async function run<T>(action: ActionName, fn: () => Promise<T>): Promise<T | undefined> {
    setBusy(action);
    onOutcome(null);
    try {
      return await fn();
    } catch (e) {
      if (e instanceof ApiError) onOutcome({ action, error: e });
      else toast.error(describeError(e).title);
      return undefined;
    } finally {
      setBusy(null);
    }
  }

  async function download(kind: 'json' | 'csv' | PublicLocale) {
    const isExport = kind === 'json' || kind === 'csv';
    const name = await run(isExport ? 'export' : 'dossier', () =>
      isExport
        ? downloadFile(`/api/skus/${skuId}/export?format=${kind}`, `${sku.sku_code}.${kind}`)
        : downloadFile(`/api/skus/${skuId}/dossier.zip?locale=${kind}`, `${sku.sku_code}-dossier-${kind}.zip`),
    );
    if (name) toast.success(t('toast.downloaded', { name }));
  }

  return (
    <div className="flex shrink-0 flex-wrap items-center gap-2" data-testid="sku-actions">
      <Button
        variant={step === 'review' ? 'primary' : 'secondary'}
        onClick={() => setConfirm('review')}
        disabled={busy !== null || reviewDone || !signOff.allowed}
        data-testid="action-review"
        title={
          reviewDone
            ? sku.review_completed_by
              ? t('actions.review_done_by', { name: sku.review_completed_by })
              : t('actions.review_done')
            : (signOff.reason ?? t('actions.review_needs'))
        }
      >
        {reviewDone ? <BadgeCheck aria-hidden="true" /> : <ClipboardCheck aria-hidden="true" />}
        {reviewDone ? t('actions.review_complete') : t('actions.complete_review')}
      </Button>
      <Button
        variant={step === 'approve' ? 'primary' : 'secondary'}
        onClick={() => setConfirm('approve')}
        disabled={busy !== null || !signOff.allowed}
        title={signOff.reason ?? undefined}
        data-testid="action-approve"
      >
        <ShieldCheck aria-hidden="true" />
        {approved ? t('actions.approved') : t('actions.approve')}
      </Button>
      <Button
        variant={step === 'publish' ? 'primary' : 'secondary'}
        onClick={() => setConfirm('publish')}
        disabled={busy !== null || !signOff.allowed}
        title={signOff.reason ?? undefined}
        data-testid="action-publish"
      >
        <Globe aria-hidden="true" />
        {status === 'published' ? t('actions.publish_again') : t('actions.publish')}
      </Button>

      <span className="mx-1 hidden h-6 w-px bg-border sm:block" aria-hidden="true" />

      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="secondary"
            loading={busy === 'export'}
            disabled={busy !== null && busy !== 'export'}
            data-testid="action-export"
          >
            {busy === 'export' ? null : <Download aria-hidden="true" />}
            {t('actions.export')}
            <ChevronDown className="size-3.5 opacity-60" aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel>{t('actions.confirmed_only')}</DropdownMenuLabel>
          <DropdownMenuItem onSelect={() => void download('json')}>JSON</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void download('csv')}>{t('actions.csv')}</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="secondary" disabled={busy !== null && busy !== 'dossier'} data-testid="action-dossier">
            {busy === 'dossier' ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <FileArchive aria-hidden="true" />
            )}
            {busy === 'dossier' ? t('actions.generating') : t('actions.dossier')}
            <ChevronDown className="size-3.5 opacity-60" aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent className="max-h-[min(24rem,var(--radix-dropdown-menu-content-available-height))] w-60 overflow-y-auto">
          <DropdownMenuLabel>{t('actions.dossier_locales')}</DropdownMenuLabel>
          {PUBLIC_LOCALES.map((l) => (
            <DropdownMenuItem key={l} onSelect={() => void download(l)} data-testid={`dossier-${l}`}>
              <span className="w-6 font-mono text-xs text-muted-foreground uppercase">{l}</span>
              <span lang={htmlLang(l)}>{languageName(l, l)}</span>
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>

      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={t('actions.more')}>
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => goTo({ tab: 'activity' })}>{t('actions.activity')}</DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            variant="danger"
            disabled={!edit.allowed}
            title={edit.reason ?? undefined}
            onSelect={() => setConfirm('delete')}
          >
            <Trash2 aria-hidden="true" />
            {t('actions.delete')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      {confirm === 'review' ? (
        <ReviewDialog
          onClose={() => setConfirm(null)}
          onDone={() => {
            setConfirm(null);
            toast.success(t('actions.review_done'));
            bump();
          }}
          onRefused={(e) => {
            setConfirm(null);
            onOutcome({ action: 'review', error: e });
          }}
        />
      ) : null}
      {confirm === 'approve' ? (
        <ApproveDialog
          onClose={() => setConfirm(null)}
          onDone={() => {
            setConfirm(null);
            toast.success(t('toast.approved', { code: sku.sku_code }));
            bump();
          }}
          onRefused={(e) => {
            setConfirm(null);
            onOutcome({ action: 'approve', error: e });
          }}
        />
      ) : null}
      {confirm === 'publish' ? (
        <PublishDialog
          onClose={() => setConfirm(null)}
          onDone={(rev) => {
            setConfirm(null);
            toast.success(t('toast.published', { revision: rev }));
            bump();
            goTo({ tab: 'publication' });
          }}
          onRefused={(e) => {
            setConfirm(null);
            onOutcome({ action: 'publish', error: e });
          }}
        />
      ) : null}
      <AlertDialog open={confirm === 'delete'} onOpenChange={(o) => !o && busy === null && setConfirm(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('delete.title', { code: sku.sku_code })}</AlertDialogTitle>
            <AlertDialogDescription>{t('delete.body')}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy !== null}>{t('delete.keep')}</AlertDialogCancel>
            <AlertDialogAction
              variant="danger"
              disabled={busy !== null}
              onClick={async () => {
                const res = await run('delete', () => deleteSku.run());
                setConfirm(null);
                if (res !== undefined) {
                  toast.success(t('toast.deleted', { code: sku.sku_code }));
                  router.push('/skus');
                }
              }}
            >
              {t('delete.confirm')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

function PublishDialog({
  onClose,
  onDone,
  onRefused,
}: {
  onClose: () => void;
  onDone: (revision: number) => void;
  onRefused: (e: ApiError) => void;
}) {
  const { skuId, detail } = useSkuPage();
  const t = useT(skuActionMessages);
  const common = useT(commonMessages);
  const [saving, setSaving] = React.useState(false);
  const publishSku = useApiMutation<PublishResponse, void>({
    request: () => ({ path: `/api/skus/${skuId}/publish` }),
    idempotent: true,
  });
  const sku = detail.sku;
  const next = (sku.published_revision ?? 0) + 1;
  const notApproved = sku.approval_state !== 'approved';
  // Asked when the dialog opens: a picture that cannot be copied is said before publishing, not after.
  const check = useDryRun<PublishDryRun>(`/api/skus/${skuId}/publish`);
  const picture = check.data?.picture ?? null;
  // The server's reason is a code (http_404, timeout, …): said in words, never shown as the code.
  const pictureReason = (reason: string | null) => {
    const http = /^http_(\d{3})$/.exec(reason ?? '');
    if (http) return t('publish.picture_reason.http', { status: http[1] });
    const known = [
      'not_a_raster_image',
      'upload_missing',
      'too_large',
      'timeout',
      'dns_failed',
      'address_refused',
      'invalid_url',
    ] as const;
    const code = known.find((k) => k === reason);
    return t(code ? `publish.picture_reason.${code}` : 'publish.picture_reason.other');
  };

  async function publish() {
    setSaving(true);
    try {
      const res = await publishSku.run();
      onDone(res.revision ?? next);
    } catch (e) {
      if (e instanceof ApiError) onRefused(e);
      else toast.error(describeError(e).title);
    } finally {
      setSaving(false);
    }
  }

  return (
    <AlertDialog open onOpenChange={(o) => !o && !saving && onClose()}>
      <AlertDialogContent className="max-w-lg" data-testid="publish-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{t('publish.title', { revision: next })}</AlertDialogTitle>
          <AlertDialogDescription>
            {sku.public_id
              ? t('publish.body_at', { code: sku.sku_code, path: `/p/${sku.public_id}` })
              : t('publish.body', { code: sku.sku_code })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {notApproved ? (
          <Alert variant="warning" title={t('publish.not_approved')}>
            {t('publish.not_approved_body')}
          </Alert>
        ) : null}
        {picture && !picture.copyable ? (
          <Alert variant="warning" title={t('publish.picture_title')} data-testid="publish-picture-warning">
            {t('publish.picture_body', { reason: pictureReason(picture.reason) })}
          </Alert>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={saving}>{common('cancel')}</AlertDialogCancel>
          <AlertDialogAction onClick={publish} disabled={saving} data-testid="confirm-publish">
            {saving ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Globe aria-hidden="true" />}
            {t('publish.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
