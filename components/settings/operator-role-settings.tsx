'use client';

import * as React from 'react';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { describeError } from '@/components/api/client';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { useCan } from '@/components/team/role-context';
import { useT } from '@/components/i18n/locale-provider';
import { OPERATOR_ROLES, type OperatorRole } from '@/lib/enums';
import { operatorRoleMessages } from '@/lib/i18n/ui/operator-roles';

/** The run re-evaluating the SKUs after a role change in a large workspace (its progress and result). */
interface RoleJob {
  id: string;
  status: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
  progress: RoleTally | null;
  result: RoleTally | null;
}
interface RoleTally {
  operator_role: OperatorRole;
  total: number;
  done: number;
  changed: number;
  approval_reset: number;
}

/** 200: re-evaluated in the request; 202: `following` SKUs are re-evaluated by `job`. */
type RoleChange =
  | { operator_role: OperatorRole; recomputed: number; approval_reset_ids: string[]; job: RoleJob | null }
  | { operator_role: OperatorRole; following: number; job: RoleJob };

const LIVE: RoleJob['status'][] = ['queued', 'running'];

/** The workspace's economic-operator role: which duties the compliance check asks of the seller. */
export function OperatorRoleSettings() {
  const t = useT(operatorRoleMessages);
  const manage = useCan('manage');
  // Polled while a re-evaluation runs: the run's progress shows here, and stays after a reload.
  const query = useApiQuery<{ operator_role: OperatorRole; job: RoleJob | null }>('/api/workspace/operator-role', {
    refetchInterval: (d) => (d?.job && LIVE.includes(d.job.status) ? 1000 : false),
  });
  const [choice, setChoice] = React.useState<OperatorRole | null>(null);
  // The outcome is told and the role read again before the mutation settles: the choice stays locked until then.
  const setRole = useApiMutation<RoleChange, OperatorRole>({
    request: (role) => ({ path: '/api/workspace/operator-role', method: 'PUT', body: { operator_role: role } }),
    onSuccess: async (res) => {
      if ('following' in res) toast.success(t('settings.queued', { count: res.following }));
      else toast.success(t('settings.saved', { recomputed: res.recomputed, reset: res.approval_reset_ids.length }));
      setChoice(null);
      await query.reload();
    },
  });
  const saving = setRole.pending;
  const current = query.data?.operator_role;
  const job = query.data?.job ?? null;
  const selected = choice ?? current ?? 'manufacturer';

  async function save() {
    try {
      await setRole.run(selected);
    } catch (e) {
      const { title, description } = describeError(e);
      toast.error(title, { description });
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
        {job ? <RoleJobStatus job={job} /> : null}
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

/** Where the re-evaluation of the last role change stands: under way (done of total), done, or superseded. */
function RoleJobStatus({ job }: { job: RoleJob }) {
  const t = useT(operatorRoleMessages);
  const tally = job.result ?? job.progress;
  const role = tally ? t(`role.${tally.operator_role}`) : '';
  if (LIVE.includes(job.status))
    return (
      <div className="mt-3 grid gap-1.5" data-testid="operator-role-job" data-status={job.status}>
        <p className="text-sm" aria-live="polite">
          {tally && tally.total
            ? t('settings.job_running', { role, done: tally.done, total: tally.total })
            : t('settings.job_queued')}
        </p>
        <Progress value={tally && tally.total ? tally.done / tally.total : null} label={t('settings.job_label')} />
      </div>
    );
  const text =
    job.status === 'completed' && tally && !('superseded_by' in tally)
      ? t('settings.job_done', { role, done: tally.done, reset: tally.approval_reset })
      : job.status === 'failed'
        ? t('settings.job_failed')
        : t('settings.job_superseded');
  return (
    <p className="mt-3 text-sm text-muted-foreground" data-testid="operator-role-job" data-status={job.status}>
      {text}
    </p>
  );
}
