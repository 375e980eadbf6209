'use client';

import * as React from 'react';
import { Check, Globe, OctagonAlert, Pencil, Plus, TriangleAlert, X } from 'lucide-react';
import { describeError } from '@/components/api/client';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { SimpleTooltip } from '@/components/ui/tooltip';
import { toast } from '@/components/ui/toaster';
import { cn } from '@/lib/utils/cn';
import { FieldInput, FieldValue } from './field-input';
import { HistoryPopover, ProvenanceBadge, provenanceLabel } from './provenance';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { SyncFromEntityButton } from '@/components/ai/sync-from-entity-button';
import type { Blocker, CatalogueField, DossierField, DossierValue } from './types';
import type { SetDossierValueResult } from '@/lib/skus/schemas';
import { RoleGate } from '@/components/team/role-gate';
import { useLocale, useT } from '@/components/i18n/locale-provider';
import { commonMessages } from '@/lib/i18n/ui/common';
import { skuDossierMessages } from '@/lib/i18n/ui/sku-dossier';
import { blockerText, valueStatusText } from './vocabulary';
import { fieldDefinition, fieldHelp } from '@/lib/model/catalogue';

export interface DossierFieldRowProps {
  skuId: string;
  /** The catalogue entry with the concrete key (per-language keys already expanded) and its label. */
  field: CatalogueField;
  label: string;
  entry: DossierField | undefined;
  /** Open blockers or warnings that name this field. */
  needs: Blocker[];
  highlighted: boolean;
  /** The value the SKU record itself holds for this field (the GTIN): shown as the value when the dossier has none. */
  recordValue?: string | null;
  onChanged: () => void;
}

/** One dossier field: its confirmed value with provenance, inline edit, open suggestions and history. */
/** The field whose editor just closed: its row takes focus back once it shows the saved value. */
let refocusField: { key: string; until: number } | null = null;

export function DossierFieldRow({
  skuId,
  field,
  label,
  entry,
  needs,
  highlighted,
  recordValue,
  onChanged,
}: DossierFieldRowProps) {
  const t = useT(skuDossierMessages);
  const common = useT(commonMessages);
  const locale = useLocale();
  // The API's catalogue carries the English help only; the UI language's help comes from the catalogue module.
  const definition = fieldDefinition(field.key);
  const help = definition ? fieldHelp(definition, locale) : field.help;
  const current = entry?.current ?? null;
  const [editing, setEditing] = React.useState(false);
  const [draft, setDraft] = React.useState('');
  // What the form itself refuses (an empty value); the server's refusals come from the mutations below.
  const [problem, setProblem] = React.useState<string | null>(null);
  const rowRef = React.useRef<HTMLDivElement>(null);

  React.useEffect(() => {
    if (highlighted) rowRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [highlighted]);

  // Closing the editor (saved with Enter, or Esc) would drop focus to <body>: it returns to this field's
  // Add/Edit button (the row itself if none). The target is module state, as a reload may remount the row.
  const closeEditor = () => {
    refocusField = { key: field.key, until: Date.now() + 5000 };
    setEditing(false);
  };
  React.useEffect(() => {
    const row = rowRef.current;
    if (editing || refocusField?.key !== field.key || refocusField.until < Date.now() || !row) return;
    // The reload swaps the Add button for Edit: follow it, unless the person has moved on elsewhere.
    const active = document.activeElement;
    if (active && active !== document.body && !row.contains(active)) return;
    (row.querySelector<HTMLElement>('[data-edit-trigger]') ?? row).focus();
  }, [editing, current?.id, field.key]);

  const base = `/api/skus/${skuId}/dossier`;
  const saveValue = useApiMutation<SetDossierValueResult, string>({
    request: (value) => ({ path: `${base}/${encodeURIComponent(field.key)}`, method: 'PUT', body: { value } }),
    idempotent: true,
  });
  const clearValue = useApiMutation<unknown, void>({
    request: () => ({ path: `${base}/${encodeURIComponent(field.key)}`, method: 'DELETE' }),
    idempotent: true,
  });
  const decideValue = useApiMutation<unknown, { id: string; decision: 'confirm' | 'reject' }>({
    request: ({ id, decision }) => ({ path: `${base}/values/${id}/${decision}`, method: 'POST', body: {} }),
    idempotent: true,
  });
  // The suggestion being decided, as `${decision}-${id}` (its button spins).
  const [deciding, setDeciding] = React.useState<string | null>(null);
  const busy = saveValue.pending ? 'save' : clearValue.pending ? 'clear' : decideValue.pending ? deciding : null;
  const error =
    problem ??
    (saveValue.error
      ? (saveValue.error.fields[0]?.message ?? describeError(saveValue.error).title)
      : clearValue.error
        ? describeError(clearValue.error).title
        : null);
  const resetErrors = () => {
    setProblem(null);
    saveValue.reset();
    clearValue.reset();
  };
  const inputId = `input-${field.key}`;
  const blocking = needs.some((b) => b.severity === 'blocker');
  // An open extraction conflict or review issue names the field too; it needs a decision, not a value.
  const conflictOnly = needs.length > 0 && needs.every((b) => b.fix?.kind === 'review');

  function startEdit(initial?: string) {
    setDraft(initial ?? current?.value ?? '');
    resetErrors();
    setEditing(true);
  }

  async function save() {
    if (!draft.trim()) {
      setProblem(current ? t('row.enter_value_or_remove') : t('row.enter_value'));
      return;
    }
    resetErrors();
    try {
      const res = await saveValue.run(draft);
      closeEditor();
      if (!res.changed) toast.info(t('row.unchanged', { label }));
      onChanged();
    } catch {
      // Shown in the editor through saveValue.error.
    }
  }

  async function clear() {
    try {
      await clearValue.run();
      setEditing(false);
      onChanged();
    } catch {
      // Shown in the editor through clearValue.error, in place of what was shown before.
      setProblem(null);
      saveValue.reset();
    }
  }

  async function decide(v: DossierValue, decision: 'confirm' | 'reject') {
    setDeciding(`${decision}-${v.id}`);
    try {
      await decideValue.run({ id: v.id, decision });
      toast.success(decision === 'confirm' ? t('row.confirmed', { label }) : t('row.rejected', { label }));
      onChanged();
    } catch (e) {
      const { title, description } = describeError(e);
      toast.error(title, { description });
    }
  }

  const suggestions = entry?.suggestions ?? [];
  const history = entry?.history ?? [];

  return (
    <div
      ref={rowRef}
      id={`field-${field.key}`}
      tabIndex={-1}
      data-testid="dossier-field"
      data-field={field.key}
      data-filled={current ? 'true' : 'false'}
      className={cn(
        'grid scroll-mt-24 gap-x-6 gap-y-2 px-5 py-3.5 transition-colors md:grid-cols-[15rem_minmax(0,1fr)]',
        highlighted && 'bg-primary-soft/60 ring-2 ring-primary/40 ring-inset',
      )}
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-1.5">
          <label htmlFor={editing ? inputId : undefined} className="text-[0.8125rem] font-medium text-foreground">
            {label}
          </label>
          {field.public ? (
            <SimpleTooltip content={t('row.public_hint')}>
              <Globe className="size-3.5 text-subtle-foreground" aria-label={t('public')} />
            </SimpleTooltip>
          ) : null}
          {needs.length ? (
            <SimpleTooltip content={needs.map((b) => blockerText(b, locale)).join(' ')}>
              <span>
                <Badge variant={blocking ? 'danger' : 'warning'} className="cursor-help" data-testid="field-needed">
                  {blocking ? <OctagonAlert aria-hidden="true" /> : <TriangleAlert aria-hidden="true" />}
                  {conflictOnly ? t('row.conflict') : blocking ? t('row.required') : t('row.recommended')}
                </Badge>
              </span>
            </SimpleTooltip>
          ) : null}
        </div>
        {help ? <p className="mt-0.5 line-clamp-3 text-xs text-muted-foreground">{help}</p> : null}
      </div>

      <div className="min-w-0">
        {editing ? (
          <div className="grid gap-2">
            <FieldInput
              id={inputId}
              field={field}
              value={draft}
              onChange={setDraft}
              onSubmit={save}
              onCancel={closeEditor}
              invalid={Boolean(error)}
              describedBy={error ? `${inputId}-error` : undefined}
            />
            <FieldError id={`${inputId}-error`}>{error}</FieldError>
            <div className="flex flex-wrap items-center gap-2">
              <RoleGate need={'edit'}>
                <Button size="sm" onClick={save} loading={busy === 'save'}>
                  <Check aria-hidden="true" />
                  {common('save')}
                </Button>
              </RoleGate>
              <Button size="sm" variant="ghost" onClick={closeEditor} disabled={busy !== null}>
                {common('cancel')}
              </Button>
              {current ? (
                <RoleGate need={'edit'}>
                  <Button
                    size="sm"
                    variant="danger-ghost"
                    className="ml-auto"
                    onClick={clear}
                    loading={busy === 'clear'}
                  >
                    {t('row.remove')}
                  </Button>
                </RoleGate>
              ) : null}
              <span className="text-xs text-subtle-foreground">
                {field.kind === 'multiline' ? t('row.ctrl_enter_saves') : t('row.enter_saves')} · {t('row.esc_cancels')}
              </span>
            </div>
          </div>
        ) : current ? (
          <div className="flex items-start gap-3">
            <div className="min-w-0 flex-1 text-[0.8125rem] text-foreground" data-testid="field-value">
              <FieldValue field={field} value={current.value} />
            </div>
            <div className="flex shrink-0 items-center gap-1">
              <ProvenanceBadge value={current} />
              <HistoryPopover label={label} history={history} />
              <SyncFromEntityButton skuId={skuId} fieldKey={field.key} label={label} onSynced={onChanged} />
              <RoleGate need={'edit'}>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  className="size-7"
                  onClick={() => startEdit()}
                  aria-label={t('label.edit', { label })}
                  data-edit-trigger
                >
                  <Pencil className="size-3.5" aria-hidden="true" />
                </Button>
              </RoleGate>
            </div>
          </div>
        ) : recordValue ? (
          <div className="flex items-start gap-3">
            <div className="min-w-0 flex-1 text-[0.8125rem] text-foreground" data-testid="field-value">
              <FieldValue field={field} value={recordValue} />
            </div>
            <div className="flex shrink-0 items-center gap-1">
              <Badge variant="neutral" title={t('row.record_hint')}>
                {t('row.record')}
              </Badge>
              <RoleGate need={'edit'}>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  className="size-7"
                  onClick={() => startEdit(recordValue)}
                  aria-label={t('label.edit', { label })}
                  data-edit-trigger
                >
                  <Pencil className="size-3.5" aria-hidden="true" />
                </Button>
              </RoleGate>
            </div>
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="min-w-0 flex-1 text-[0.8125rem] text-subtle-foreground">{common('not_set')}</span>
            <HistoryPopover label={label} history={history} />
            <SyncFromEntityButton skuId={skuId} fieldKey={field.key} label={label} onSynced={onChanged} />
            <RoleGate need={'edit'}>
              <Button
                variant={blocking ? 'secondary' : 'ghost'}
                size="sm"
                className="h-7"
                onClick={() => startEdit()}
                aria-label={t('label.add', { label })}
                data-edit-trigger
              >
                <Plus aria-hidden="true" />
                {t('add')}
              </Button>
            </RoleGate>
          </div>
        )}

        {suggestions.length ? (
          <ul className="mt-2.5 grid gap-2" aria-label={t('row.suggestions_for', { label })}>
            {suggestions.map((s) => (
              <li
                key={s.id}
                data-testid="suggestion"
                className={cn(
                  'rounded-md border px-3 py-2',
                  s.conflicts_with_current
                    ? 'border-danger/30 bg-danger-soft/50'
                    : 'border-dashed border-border-strong bg-surface-muted/40',
                )}
              >
                <div className="flex flex-wrap items-center gap-1.5 text-xs">
                  <span className="font-medium text-muted-foreground">{valueStatusText('suggested', locale)}</span>
                  <ProvenanceBadge value={s} />
                  {typeof s.confidence === 'number' ? (
                    <span className="text-muted-foreground tabular-nums">{Math.round(s.confidence * 100)} %</span>
                  ) : null}
                  {s.conflicts_with_current ? (
                    <Badge variant="danger" data-testid="conflict-marker">
                      <TriangleAlert aria-hidden="true" />
                      {t('row.disagrees')}
                    </Badge>
                  ) : null}
                </div>
                {s.conflicts_with_current && current ? (
                  // A real disagreement, side by side: what the dossier says and what the document says, each with its source line.
                  <div className="mt-1.5 grid gap-2 sm:grid-cols-2" data-testid="conflict-side-by-side">
                    <div className="rounded border border-border bg-surface px-2 py-1.5">
                      <div className="text-xs text-muted-foreground">
                        {t('row.side_dossier')} · {provenanceLabel(current.source, current.provenance, locale)}
                      </div>
                      <div className="text-[0.8125rem] text-foreground">
                        <FieldValue field={field} value={current.value} />
                      </div>
                      {current.provenance?.quote ? (
                        <blockquote className="mt-1 border-l-2 border-border pl-2 text-xs text-muted-foreground italic">
                          {t('quote', { text: String(current.provenance.quote).slice(0, 200) })}
                        </blockquote>
                      ) : null}
                    </div>
                    <div className="rounded border border-danger/30 bg-surface px-2 py-1.5">
                      <div className="text-xs text-muted-foreground">
                        {t('document')} · {provenanceLabel(s.source, s.provenance, locale)}
                      </div>
                      <div className="text-[0.8125rem] text-foreground">
                        <FieldValue field={field} value={s.value} />
                      </div>
                      {s.provenance?.quote ? (
                        <blockquote className="mt-1 border-l-2 border-danger/40 pl-2 text-xs text-muted-foreground italic">
                          {t('quote', { text: String(s.provenance.quote).slice(0, 200) })}
                        </blockquote>
                      ) : null}
                    </div>
                  </div>
                ) : (
                  <div className="mt-1 text-[0.8125rem] text-foreground">
                    <FieldValue field={field} value={s.value} />
                  </div>
                )}
                <div className="mt-2 flex flex-wrap gap-2">
                  <RoleGate need={'edit'}>
                    <Button
                      size="sm"
                      variant="secondary"
                      className="h-7"
                      onClick={() => decide(s, 'confirm')}
                      loading={busy === `confirm-${s.id}`}
                      disabled={busy !== null}
                    >
                      <Check aria-hidden="true" />
                      {s.conflicts_with_current ? t('row.use_value') : t('confirm')}
                    </Button>
                  </RoleGate>
                  <RoleGate need={'edit'}>
                    <Button
                      size="sm"
                      variant="ghost"
                      className="h-7"
                      onClick={() => decide(s, 'reject')}
                      loading={busy === `reject-${s.id}`}
                      disabled={busy !== null}
                    >
                      <X aria-hidden="true" />
                      {t('reject')}
                    </Button>
                  </RoleGate>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
