'use client';

import * as React from 'react';
import { CircleCheck, Eye, Link2, Plus, Search, TriangleAlert, Users } from 'lucide-react';
import { ApiError, describeError } from '@/components/api/client';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { toast } from '@/components/ui/toaster';
import { useFormat, useT } from '@/components/i18n/locale-provider';
import { importEntityMessages } from '@/lib/i18n/ui/import-entities';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { useEntityName } from '@/components/api/queries/imports';
import { cn } from '@/lib/utils/cn';
import { CandidateConflicts, CandidateIdentity, candidateRowCount, useRowsLabel } from './candidate-summary';
import { EntityChooser } from './entity-chooser';
import { useImportLabels } from './labels';
import type {
  ImportEntityResolutionDecision,
  ImportEntityResolutionResponse,
  RESOLUTION_ACTIONS,
} from '@/lib/imports/resolution';
import type { z } from 'zod';
import type { ImportReview } from '@/lib/imports/schemas';
import { RoleGate } from '@/components/team/role-gate';

type ResolutionAction = (typeof RESOLUTION_ACTIONS)[number];
type ResolutionDecision = z.input<typeof ImportEntityResolutionDecision>;
type ResolutionResponse = z.infer<typeof ImportEntityResolutionResponse>;
type ReviewCandidate = ImportReview['entity_candidates'][number];

/** The dry-run preview is the same operation, so it needs the same role as applying. */
const RESOLVE = {
  operationId: 'resolveImportEntities',
  method: 'POST',
  path: '/api/imports/{batchId}/entity-resolution',
} as const;

const ACTIONS: ResolutionAction[] = ['link_existing', 'create_new', 'ignore', 'unresolved'];

/** The user's pick for a candidate: the decision's action and entity, plus the entity's name for display. */
type Choice = Pick<ResolutionDecision, 'action' | 'entity_id'> & { entity_name?: string };

function candidateId(c: { role: string; candidate_key: string }): string {
  return `${c.role}:${c.candidate_key}`;
}

/** A saved decision other than "leave unresolved" is final: it was applied (or will be, once). */
function isSettled(c: ReviewCandidate): boolean {
  const d = c.decision;
  return Boolean(d && d.action !== 'unresolved' && (d.applied_at || d.decided_at));
}

function toDecision(c: ReviewCandidate, choice: Choice): ResolutionDecision {
  const d: ResolutionDecision = {
    candidate_key: c.candidate_key,
    role: c.role,
    action: choice.action,
    proposed_values: {
      name: c.proposed_values.name ?? null,
      address: c.proposed_values.address ?? null,
      email: c.proposed_values.email ?? null,
    },
    source_rows: c.source_rows,
    has_conflicts: c.has_conflicts,
  };
  if (choice.action === 'link_existing' && choice.entity_id) d.entity_id = choice.entity_id;
  if (c.conflicts?.length) d.conflicts = c.conflicts as Record<string, unknown>[];
  return d;
}

function DoneDecision({ candidate }: { candidate: ReviewCandidate }) {
  const t = useT(importEntityMessages);
  const f = useFormat();
  const labels = useImportLabels();
  const d = candidate.decision!;
  const name = useEntityName(d.entity_id ?? null);
  return (
    <div
      className="flex flex-wrap items-center gap-2 rounded-md border border-success/25 bg-success-soft px-3 py-2 text-[0.8125rem] text-success-soft-foreground"
      data-testid="decision-done"
      data-action={d.action}
    >
      <CircleCheck className="size-4 shrink-0" aria-hidden="true" />
      <span className="font-medium">
        {d.action === 'create_new'
          ? t('done.created')
          : d.action === 'link_existing'
            ? t('done.linked')
            : d.action === 'ignore'
              ? t('done.ignored')
              : labels.action(d.action)}
      </span>
      {name ? <span data-testid="decision-entity-name">· {name}</span> : null}
      <span className="text-xs opacity-80">
        {d.applied_at
          ? t('done.applied', { time: f.dateTime(d.applied_at) })
          : d.decided_at
            ? t('done.saved', { time: f.dateTime(d.decided_at) })
            : ''}
      </span>
    </div>
  );
}

function CandidateCard({
  candidate,
  choice,
  onChoice,
  conflict,
  disabled,
}: {
  candidate: ReviewCandidate;
  choice: Choice | undefined;
  onChoice: (c: Choice | undefined) => void;
  conflict: string | null;
  disabled: boolean;
}) {
  const t = useT(importEntityMessages);
  const f = useFormat();
  const labels = useImportLabels();
  const rowsLabel = useRowsLabel();
  const [choosing, setChoosing] = React.useState(false);
  const settled = isSettled(candidate);
  const existingName = useEntityName(
    choice?.action === 'link_existing' && !choice.entity_name ? (choice.entity_id ?? null) : null,
  );
  const id = candidateId(candidate);
  const groupName = `decision-${id}`;
  const role = labels.entityRole(candidate.role);
  const roleInText = labels.entityRoleInText(candidate.role);

  return (
    <li
      className={cn('grid gap-3 px-5 py-4', conflict && 'bg-danger-soft/30')}
      data-testid="entity-candidate"
      data-candidate-key={candidate.candidate_key}
      data-role={candidate.role}
      aria-label={`${role}: ${candidate.proposed_values.name ?? t('candidate.no_name')}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant="violet">{role}</Badge>
          {candidate.has_conflicts ? (
            <Badge variant="warning">
              <TriangleAlert aria-hidden="true" />
              {t('card.conflicting')}
            </Badge>
          ) : null}
          {candidate.existing_entity_id && !settled ? <Badge variant="success">{t('card.matches')}</Badge> : null}
        </div>
        <span className="text-xs text-muted-foreground" title={candidate.source_rows.join(', ')}>
          {rowsLabel(candidate.source_rows, candidateRowCount(candidate), 8)}
        </span>
      </div>
      <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]">
        <CandidateIdentity candidate={candidate} />
        <CandidateConflicts candidate={candidate} />
      </div>
      {settled ? (
        <DoneDecision candidate={candidate} />
      ) : (
        <fieldset className="grid gap-2" disabled={disabled}>
          <legend className="sr-only">{t('card.legend', { role, name: candidate.proposed_values.name ?? '' })}</legend>
          <div
            className="flex flex-wrap gap-1.5"
            role="radiogroup"
            aria-label={t('card.group', { name: candidate.proposed_values.name ?? role })}
          >
            {ACTIONS.map((a) => {
              const on = choice?.action === a;
              return (
                <label
                  key={a}
                  className={cn(
                    'inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-md border px-2.5 text-[0.8125rem] font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                    on
                      ? 'border-primary bg-primary-soft text-primary-soft-foreground'
                      : 'border-border bg-surface text-muted-foreground hover:border-border-strong hover:text-foreground',
                  )}
                >
                  <input
                    type="radio"
                    name={groupName}
                    value={a}
                    checked={on}
                    className="sr-only"
                    onChange={() => {
                      if (a === 'link_existing') {
                        if (choice?.action !== 'link_existing' && candidate.existing_entity_id)
                          onChoice({ action: a, entity_id: candidate.existing_entity_id });
                        else if (!choice?.entity_id) setChoosing(true);
                        else onChoice({ ...choice, action: a });
                      } else onChoice({ action: a });
                    }}
                  />
                  {a === 'link_existing' ? (
                    <Link2 className="size-3.5" aria-hidden="true" />
                  ) : a === 'create_new' ? (
                    <Plus className="size-3.5" aria-hidden="true" />
                  ) : null}
                  {labels.action(a)}
                </label>
              );
            })}
          </div>
          {choice?.action === 'link_existing' ? (
            <div className="flex flex-wrap items-center gap-2 text-[0.8125rem]">
              {choice.entity_id ? (
                <span className="text-foreground" data-testid="chosen-entity">
                  {t('card.links_to')}{' '}
                  <span className="font-medium">{choice.entity_name ?? existingName ?? t('card.chosen_entity')}</span>
                </span>
              ) : (
                <span className="text-warning-soft-foreground">{t('card.choose_hint')}</span>
              )}
              <Button size="sm" variant="secondary" onClick={() => setChoosing(true)}>
                <Search aria-hidden="true" />
                {choice.entity_id ? t('card.change') : t('card.choose')}
              </Button>
            </div>
          ) : choice?.action === 'create_new' ? (
            <p className="text-xs text-muted-foreground">{t('card.create_note', { role: roleInText })}</p>
          ) : choice?.action === 'ignore' ? (
            <p className="text-xs text-muted-foreground">{t('card.ignore_note')}</p>
          ) : null}
          {candidate.decision?.action === 'unresolved' ? (
            <p className="text-xs text-subtle-foreground">
              {t('card.saved_unresolved', { time: f.dateTime(candidate.decision.decided_at) })}
            </p>
          ) : null}
        </fieldset>
      )}
      {conflict ? (
        <Alert variant="danger" title={t('card.not_applied')} data-testid="candidate-conflict-error">
          {conflict}
        </Alert>
      ) : null}
      <EntityChooser
        open={choosing}
        onOpenChange={setChoosing}
        initialQuery={candidate.proposed_values.name ?? ''}
        title={t('card.chooser_title', { role: roleInText, name: candidate.proposed_values.name ?? '' })}
        selectedId={choice?.entity_id}
        onChoose={(e) => {
          onChoice({ action: 'link_existing', entity_id: e.id, entity_name: e.name });
          setChoosing(false);
        }}
      />
    </li>
  );
}

export interface EntityResolutionProps {
  batchId: string;
  candidates: ReviewCandidate[];
  /** the batch is still importing: decisions wait until it is done */
  locked: boolean;
  onApplied: () => void;
}

/**
 * Entity resolution of an import: for each manufacturer, importer or responsible person the rows name,
 * link an existing entity, create one, ignore it or leave it open. "Preview" asks the server what the
 * decisions would do (dry run); "Apply" saves them once. Conflicts (409) show where they happened.
 */
export function EntityResolution({ batchId, candidates, locked, onApplied }: EntityResolutionProps) {
  const t = useT(importEntityMessages);
  const labels = useImportLabels();
  // Only what the user picked; a candidate that matches an entity of the workspace starts as "link to it".
  // Derived at render time, so a reload of the candidates (after apply, after a conflict) keeps the picks.
  const [picked, setPicked] = React.useState<Record<string, Choice>>({});
  const choiceOf = (c: ReviewCandidate): Choice | undefined =>
    picked[candidateId(c)] ??
    (c.existing_entity_id && !isSettled(c) ? { action: 'link_existing', entity_id: c.existing_entity_id } : undefined);
  const [preview, setPreview] = React.useState<{ key: string; body: ResolutionResponse } | null>(null);
  const dryRun = useApiMutation<ResolutionResponse, ResolutionDecision[]>({
    request: (decisions) => ({
      path: `/api/imports/${batchId}/entity-resolution?dry_run=true`,
      method: 'POST',
      body: { dry_run: true, decisions },
    }),
  });
  const save = useApiMutation<ResolutionResponse, ResolutionDecision[]>({
    request: (decisions) => ({
      path: `/api/imports/${batchId}/entity-resolution`,
      method: 'POST',
      body: { decisions },
    }),
    idempotent: true,
  });
  const previewing = dryRun.pending;
  const applying = save.pending;

  const open = candidates.filter((c) => !isSettled(c));
  const done = candidates.length - open.length;
  const decisions = candidates.flatMap((c) => {
    const ch = choiceOf(c);
    if (!ch || isSettled(c)) return [];
    if (ch.action === 'link_existing' && !ch.entity_id) return [];
    return [toDecision(c, ch)];
  });
  const decisionsKey = JSON.stringify(decisions);
  const incomplete = open.some((c) => choiceOf(c)?.action === 'link_existing' && !choiceOf(c)?.entity_id);
  const previewCurrent = preview && preview.key === decisionsKey ? preview.body : null;

  // The last failure of either (starting one clears the other's), placed on the candidate it names.
  const error = failure(save.error ?? dryRun.error);
  function failure(ae: ApiError | null): { message: string; candidate: string | null } | null {
    if (!ae) return null;
    const key = typeof ae.details?.candidate_key === 'string' ? ae.details.candidate_key : null;
    const role = typeof ae.details?.role === 'string' ? ae.details.role : null;
    const match = key ? candidates.find((c) => c.candidate_key === key && (!role || c.role === role)) : undefined;
    // The server's sentence names the internal candidate key; on the card the operator is known, so say it plainly.
    const saved = ae.details?.saved as { action?: string } | undefined;
    const requested = ae.details?.requested as { action?: string } | undefined;
    const message =
      ae.status === 409 && match && saved?.action
        ? t('resolution.conflict', {
            saved: labels.action(saved.action).toLowerCase(),
            requested: labels.action(requested?.action).toLowerCase(),
          })
        : describeError(ae).title;
    return { message, candidate: match ? candidateId(match) : null };
  }
  // A conflict means a decision was saved meanwhile (another tab, another person): show it.
  function refused(e: unknown) {
    if (e instanceof ApiError && e.status === 409) onApplied();
  }

  async function runPreview() {
    save.reset();
    try {
      const body = await dryRun.run(decisions);
      setPreview({ key: decisionsKey, body });
    } catch (e) {
      refused(e);
    }
  }

  async function apply() {
    dryRun.reset();
    try {
      const body = await save.run(decisions);
      const p = body.planned;
      toast.success(t('resolution.applied'), {
        description: [
          p.create_new ? t('resolution.created', { count: p.create_new }) : null,
          p.link_existing ? t('resolution.linked', { count: p.link_existing }) : null,
          p.ignore ? t('resolution.ignored', { count: p.ignore }) : null,
          p.unresolved ? t('resolution.left_open', { count: p.unresolved }) : null,
        ]
          .filter(Boolean)
          .join(', '),
      });
      setPreview(null);
      setPicked({});
      onApplied();
    } catch (e) {
      refused(e);
    }
  }

  if (candidates.length === 0) {
    return (
      <Card>
        <EmptyState compact icon={Users} title={t('resolution.empty_title')} description={t('resolution.empty')} />
      </Card>
    );
  }

  return (
    <div className="grid gap-4" data-testid="entity-resolution">
      {locked ? (
        <Alert variant="info" title={t('resolution.locked_title')}>
          {t('resolution.locked')}
        </Alert>
      ) : null}
      <Card className="overflow-hidden">
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-5 py-3">
          <p className="text-[0.8125rem] text-muted-foreground">
            {t('resolution.status', { count: candidates.length, done, open: open.length })}
          </p>
        </div>
        <ul className="divide-y divide-border">
          {candidates.map((c) => (
            <CandidateCard
              key={candidateId(c)}
              candidate={c}
              choice={choiceOf(c)}
              disabled={locked || applying}
              conflict={error?.candidate === candidateId(c) ? error.message : null}
              onChoice={(ch) =>
                setPicked((prev) => {
                  const next = { ...prev };
                  if (ch) next[candidateId(c)] = ch;
                  else delete next[candidateId(c)];
                  return next;
                })
              }
            />
          ))}
        </ul>
      </Card>

      {error && !error.candidate ? (
        <Alert variant="danger" title={t('resolution.error_title')} data-testid="resolution-error">
          {error.message}
        </Alert>
      ) : null}

      {open.length ? (
        <div
          className="sticky bottom-0 z-10 grid gap-3 rounded-lg border border-border bg-surface/95 px-4 py-3 shadow-md backdrop-blur"
          data-testid="resolution-bar"
        >
          {previewCurrent ? (
            <div
              className="flex flex-wrap items-center gap-x-4 gap-y-1 text-[0.8125rem]"
              data-testid="resolution-preview"
            >
              <span className="inline-flex items-center gap-1.5 font-medium text-foreground">
                <Eye className="size-4 text-muted-foreground" aria-hidden="true" />
                {t('resolution.would_apply', { count: previewCurrent.valid_decisions })}
              </span>
              {ACTIONS.map((a) => (
                <span key={a} className="text-muted-foreground" data-testid={`planned-${a}`}>
                  <span className="font-semibold text-foreground tabular-nums">{previewCurrent.planned?.[a] ?? 0}</span>{' '}
                  {labels.action(a).toLowerCase()}
                </span>
              ))}
            </div>
          ) : null}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-xs text-muted-foreground">
              {decisions.length === 0
                ? t('resolution.hint_none')
                : incomplete
                  ? t('resolution.hint_incomplete')
                  : previewCurrent
                    ? t('resolution.hint_unsaved')
                    : t('resolution.hint_chosen', { count: decisions.length })}
            </p>
            <div className="flex gap-2">
              <RoleGate need={RESOLVE}>
                <Button
                  variant="secondary"
                  onClick={() => void runPreview()}
                  loading={previewing}
                  disabled={locked || decisions.length === 0 || applying}
                  data-testid="resolution-preview-button"
                >
                  <Eye aria-hidden="true" />
                  {t('resolution.preview')}
                </Button>
              </RoleGate>
              <RoleGate need={RESOLVE}>
                <Button
                  onClick={() => void apply()}
                  loading={applying}
                  disabled={locked || !previewCurrent || decisions.length === 0 || previewing}
                  data-testid="resolution-apply"
                >
                  {t('resolution.apply', { count: decisions.length })}
                </Button>
              </RoleGate>
            </div>
          </div>
        </div>
      ) : null}
    </div>
  );
}
