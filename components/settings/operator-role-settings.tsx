'use client';

import * as React from 'react';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { apiFetch, describeError } from '@/components/api/client';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { useCan } from '@/components/team/role-context';
import { useT } from '@/components/i18n/locale-provider';
import { OPERATOR_ROLES, type OperatorRole } from '@/lib/enums';
import { operatorRoleMessages } from '@/lib/i18n/ui/operator-roles';

interface RoleChange {
  operator_role: OperatorRole;
  recomputed: number;
  approval_reset_ids: string[];
}

/** The workspace's economic-operator role: which duties the compliance check asks of the seller. */
export function OperatorRoleSettings() {
  const t = useT(operatorRoleMessages);
  const manage = useCan('manage');
  const query = useApiQuery<{ operator_role: OperatorRole }>('/api/workspace/operator-role');
  const [choice, setChoice] = React.useState<OperatorRole | null>(null);
  const [saving, setSaving] = React.useState(false);
  const current = query.data?.operator_role;
  const selected = choice ?? current ?? 'manufacturer';

  async function save() {
    setSaving(true);
    try {
      const res = await apiFetch<RoleChange>('/api/workspace/operator-role', {
        method: 'PUT',
        body: { operator_role: selected },
      });
      toast.success(t('settings.saved', { recomputed: res.recomputed, reset: res.approval_reset_ids.length }));
      setChoice(null);
      await query.reload();
    } catch (e) {
      const { title, description } = describeError(e);
      toast.error(title, { description });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card data-testid="operator-role-settings">
      <CardHeader>
        <CardTitle>{t('settings.title')}</CardTitle>
        <CardDescription>{t('settings.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.loading ? (
          <Skeleton className="h-32 w-full" />
        ) : query.error && !query.data ? (
          <p className="text-sm text-danger-soft-foreground">{t('settings.load_failed')}</p>
        ) : (
          <fieldset className="grid gap-2" disabled={!manage.allowed || saving}>
            <legend className="sr-only">{t('settings.title')}</legend>
            {OPERATOR_ROLES.map((role) => (
              <label
                key={role}
                className="flex cursor-pointer items-start gap-2.5 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft/40"
              >
                <input
                  type="radio"
                  name="operator_role"
                  value={role}
                  checked={selected === role}
                  onChange={() => setChoice(role)}
                  className="mt-1"
                  data-testid={`operator-role-${role}`}
                />
                <span>
                  <span className="font-medium">{t(`role.${role}`)}</span>
                  <span className="mt-0.5 block text-xs text-muted-foreground">{t(`role.hint.${role}`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        {!manage.allowed && manage.reason ? (
          <p className="mt-2 text-xs text-muted-foreground">{t('settings.ask_admin', { reason: manage.reason })}</p>
        ) : null}
      </CardContent>
      <CardFooter>
        <Button
          onClick={() => void save()}
          disabled={!manage.allowed || saving || !current || selected === current}
          data-testid="operator-role-save"
        >
          {t('settings.save')}
        </Button>
      </CardFooter>
    </Card>
  );
}
