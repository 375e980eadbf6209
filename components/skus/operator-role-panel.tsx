'use client';

import * as React from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/toaster';
import { describeError } from '@/components/api/client';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { useCan } from '@/components/team/role-context';
import { useFormat, useLocale, useT } from '@/components/i18n/locale-provider';
import { OPERATOR_ROLES, type OperatorRole } from '@/lib/enums';
import { operatorRoleMessages } from '@/lib/i18n/ui/operator-roles';
import { blockerTitle } from '@/lib/requirements/titles';
import { useSkuPage } from './sku-context';

interface HeldByState {
  rule_id: string;
  code: string;
  status: 'confirmed' | 'open';
  requirement: string;
  legal_basis?: string;
  entity_id?: string;
  entity_name?: string | null;
  confirmed_by?: string;
  confirmed_at?: string;
  held_by_id?: string;
  candidates: { entity_id: string; name: string | null; role: string }[];
}

interface Overview {
  operator_role: OperatorRole;
  operator_role_override: OperatorRole | null;
  workspace_operator_role: OperatorRole;
  states: HeldByState[];
}

async function run(action: () => Promise<unknown>, done: string) {
  try {
    await action();
    toast.success(done);
    return true;
  } catch (e) {
    const { title, description } = describeError(e);
    toast.error(title, { description });
    return false;
  }
}

function HeldByRow({ state, skuId, onChanged }: { state: HeldByState; skuId: string; onChanged: () => void }) {
  const t = useT(operatorRoleMessages);
  const locale = useLocale();
  const fmt = useFormat();
  const review = useCan('review');
  const [entity, setEntity] = React.useState(state.candidates[0]?.entity_id ?? '');
  const [busy, setBusy] = React.useState(false);
  const withdraw = useApiMutation<unknown, void>({
    request: () => ({ path: `/api/skus/${skuId}/held-by/${state.held_by_id}`, method: 'DELETE' }),
  });
  const confirm = useApiMutation<unknown, void>({
    request: () => ({ path: `/api/skus/${skuId}/held-by`, body: { rule_id: state.rule_id, entity_id: entity } }),
  });
  const act = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    if (await run(action, done)) onChanged();
    setBusy(false);
  };
  return (
    <li
      className="grid gap-1.5 px-5 py-3"
      data-testid="held-by-state"
      data-rule-id={state.rule_id}
      data-status={state.status}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={state.status === 'confirmed' ? 'success' : 'warning'}>
          {state.status === 'confirmed' ? '✓' : t('held.open')}
        </Badge>
        <span className="text-sm font-medium">{blockerTitle(state.code, locale)}</span>
        {state.legal_basis ? <span className="text-xs text-muted-foreground">{state.legal_basis}</span> : null}
      </div>
      <p className="text-[0.8125rem] text-muted-foreground">{state.requirement}</p>
      {state.status === 'confirmed' ? (
        <div className="flex flex-wrap items-center gap-2 text-[0.8125rem]">
          <span data-testid="held-by-confirmed">
            {t('held.confirmed', {
              name: state.entity_name ?? '—',
              by: state.confirmed_by ?? '—',
              date: fmt.date(state.confirmed_at),
            })}
          </span>
          {state.held_by_id ? (
            <Button
              size="sm"
              variant="secondary"
              disabled={busy || !review.allowed}
              onClick={() => void act(() => withdraw.run(), t('held.withdrawn'))}
            >
              {t('held.withdraw')}
            </Button>
          ) : null}
        </div>
      ) : state.candidates.length === 0 ? (
        <p className="text-[0.8125rem]">{t('held.no_candidates')}</p>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <label className="text-[0.8125rem] text-muted-foreground" htmlFor={`held-${state.rule_id}`}>
            {t('held.operator')}
          </label>
          <select
            id={`held-${state.rule_id}`}
            className="h-8 rounded-md border border-input bg-surface px-2 text-sm"
            value={entity}
            onChange={(e) => setEntity(e.target.value)}
            data-testid="held-by-entity"
          >
            {state.candidates.map((c) => (
              <option key={c.entity_id} value={c.entity_id}>
                {c.name ?? c.entity_id}
              </option>
            ))}
          </select>
          <Button
            size="sm"
            disabled={busy || !entity || !review.allowed}
            data-testid="held-by-confirm"
            onClick={() => void act(() => confirm.run(), t('held.saved'))}
          >
            {t('held.confirm')}
          </Button>
          {!review.allowed && review.reason ? (
            <span className="text-xs text-muted-foreground">{t('held.ask_reviewer', { reason: review.reason })}</span>
          ) : null}
        </div>
      )}
    </li>
  );
}

/** The seller's role for this SKU and the duties held by another operator (issue 35). */
export function OperatorRolePanel() {
  const { skuId, bump, reloadSku } = useSkuPage();
  const t = useT(operatorRoleMessages);
  const edit = useCan('edit');
  const query = useApiQuery<Overview>(`/api/skus/${skuId}/held-by`);
  const [choice, setChoice] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const setOperatorRole = useApiMutation<{ approval_reset_ids: string[] }, string>({
    request: (role) => ({
      path: `/api/skus/${skuId}/operator-role`,
      method: 'PUT',
      body: { operator_role: role || null },
    }),
  });
  const data = query.data;
  if (!data) return null;
  const selected = choice ?? data.operator_role_override ?? '';
  const changed = async () => {
    setChoice(null);
    await reloadSku();
    bump();
  };
  return (
    <Card className="mb-4 overflow-hidden" data-testid="operator-role-panel" data-operator-role={data.operator_role}>
      <div className="flex flex-wrap items-center gap-2 border-b border-border px-5 py-3">
        <label htmlFor="sku-operator-role" className="text-sm font-semibold">
          {t('sku.title')}
        </label>
        <select
          id="sku-operator-role"
          className="h-8 rounded-md border border-input bg-surface px-2 text-sm"
          value={selected}
          disabled={!edit.allowed || busy}
          onChange={(e) => setChoice(e.target.value)}
          data-testid="sku-operator-role"
        >
          <option value="">{t('sku.follows', { role: t(`role.${data.workspace_operator_role}`) })}</option>
          {OPERATOR_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`role.${r}`)}
            </option>
          ))}
        </select>
        <Button
          size="sm"
          variant="secondary"
          disabled={!edit.allowed || busy || selected === (data.operator_role_override ?? '')}
          onClick={async () => {
            setBusy(true);
            let reset = false;
            const ok = await run(async () => {
              const res = await setOperatorRole.run(selected);
              reset = res.approval_reset_ids.length > 0;
            }, t('sku.saved'));
            if (ok && reset) toast.success(t('sku.reset'));
            if (ok) await changed();
            setBusy(false);
          }}
        >
          {t('sku.save')}
        </Button>
      </div>
      <div className="px-5 pt-3">
        <h3 className="text-sm font-semibold">{t('held.title')}</h3>
        <p className="text-[0.8125rem] text-muted-foreground">
          {data.states.length ? t('held.description') : t('held.none')}
        </p>
      </div>
      <ul className="divide-y divide-border">
        {data.states.map((s) => (
          <HeldByRow key={s.rule_id} state={s} skuId={skuId} onChanged={() => void changed()} />
        ))}
      </ul>
    </Card>
  );
}
