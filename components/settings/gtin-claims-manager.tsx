'use client';

import * as React from 'react';
import Link from 'next/link';
import { BookOpen, Plus, Trash2 } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CardListState } from '@/components/ui/card-list-state';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/toaster';
import { describeError } from '@/components/api/client';
import { keyOfPath } from '@/components/api/queries/keys';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { RoleGate } from '@/components/team/role-gate';
import { useFormat, useT } from '@/components/i18n/locale-provider';
import { gtinClaimMessages } from '@/lib/i18n/ui/gtin-claims';
import type { GtinClaim, StaffGtinClaim } from '@/lib/gtin-claims/schemas';

const LIST = '/api/workspace/gtin-claims';
const STAFF = '/api/staff/gtin-claims';
const MANAGE = { operationId: 'createGtinClaim', method: 'POST', path: LIST } as const;

const STATUS_VARIANT = { pending: 'warning', verified: 'success', rejected: 'danger' } as const;

function StatusBadges({ claim }: { claim: Pick<GtinClaim, 'status' | 'disputed'> }) {
  const t = useT(gtinClaimMessages);
  return (
    <span className="flex flex-wrap gap-1">
      <Badge variant={STATUS_VARIANT[claim.status]}>{t(`status.${claim.status}`)}</Badge>
      {claim.disputed ? (
        <Badge variant="danger" title={t('disputed.hint')}>
          {t('disputed')}
        </Badge>
      ) : null}
    </span>
  );
}

function ClaimForm() {
  const t = useT(gtinClaimMessages);
  const [kind, setKind] = React.useState<'prefix' | 'gtin'>('prefix');
  const [value, setValue] = React.useState('');
  const [evidence, setEvidence] = React.useState('');
  const create = useApiMutation<{ data: GtinClaim }, void>({
    request: () => ({ path: LIST, body: { kind, value, evidence: evidence || null } }),
    idempotent: true,
    invalidates: [keyOfPath(LIST), keyOfPath(STAFF)],
    onSuccess: () => {
      setValue('');
      setEvidence('');
      toast.success(t('created'));
    },
  });
  const error = create.error ? describeError(create.error) : null;
  return (
    <form
      className="grid gap-4 px-6 pb-6"
      onSubmit={(e) => {
        e.preventDefault();
        create.run().catch(() => undefined);
      }}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t('form.kind')}</legend>
        <div className="flex flex-wrap gap-4">
          {(['prefix', 'gtin'] as const).map((k) => (
            <label key={k} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="gtin-claim-kind"
                value={k}
                checked={kind === k}
                onChange={() => setKind(k)}
                data-testid={`claim-kind-${k}`}
              />
              {t(`kind.${k}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-1.5">
        <Label htmlFor="gtin-claim-value">{t('form.value')}</Label>
        <Input
          id="gtin-claim-value"
          inputMode="numeric"
          required
          maxLength={40}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-describedby="gtin-claim-value-hint"
          className="max-w-xs font-mono"
        />
        <p id="gtin-claim-value-hint" className="text-xs text-muted-foreground">
          {kind === 'prefix' ? t('form.value_hint_prefix') : t('form.value_hint_gtin')}
        </p>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="gtin-claim-evidence">{t('form.evidence')}</Label>
        <Input
          id="gtin-claim-evidence"
          maxLength={1000}
          value={evidence}
          onChange={(e) => setEvidence(e.target.value)}
          aria-describedby="gtin-claim-evidence-hint"
        />
        <p id="gtin-claim-evidence-hint" className="text-xs text-muted-foreground">
          {t('form.evidence_hint')}
        </p>
      </div>
      {error ? (
        <Alert variant="danger" title={error.title}>
          {error.description}
        </Alert>
      ) : null}
      <div>
        <Button type="submit" disabled={create.pending || !value.trim()} data-testid="create-gtin-claim">
          <Plus aria-hidden="true" /> {t('form.submit')}
        </Button>
      </div>
    </form>
  );
}

function StaffReview() {
  const t = useT(gtinClaimMessages);
  const f = useFormat();
  const [filter, setFilter] = React.useState<'pending' | 'disputed' | 'all'>('pending');
  const path = `${STAFF}?status=${filter}`;
  const list = useApiQuery<{ data: StaffGtinClaim[] }>(path);
  const [notes, setNotes] = React.useState<Record<string, string>>({});
  const decide = useApiMutation<{ data: StaffGtinClaim }, { id: string; decision: 'verified' | 'rejected' }>({
    request: ({ id, decision }) => ({
      path: `${STAFF}/${id}/decision`,
      body: { decision, note: notes[id] || null },
    }),
    invalidates: [keyOfPath(STAFF), keyOfPath(LIST)],
    onSuccess: () => {
      toast.success(t('staff.decided'));
    },
  });
  const rows = list.data?.data ?? [];
  return (
    <Card data-testid="gtin-claims-staff">
      <CardHeader>
        <div>
          <CardTitle>{t('staff.title')}</CardTitle>
          <CardDescription>{t('staff.description')}</CardDescription>
        </div>
        <label className="flex items-center gap-2 text-sm">
          {t('staff.filter')}
          <select
            value={filter}
            onChange={(e) => setFilter(e.target.value as typeof filter)}
            className="h-9 rounded-md border border-input bg-surface px-2 text-sm text-foreground"
            data-testid="gtin-claims-staff-filter"
          >
            {(['pending', 'disputed', 'all'] as const).map((v) => (
              <option key={v} value={v}>
                {t(`staff.filter.${v}`)}
              </option>
            ))}
          </select>
        </label>
      </CardHeader>
      <CardListState query={list} count={rows.length} empty={<EmptyState title={t('staff.empty')} />}>
        <Table aria-label={t('staff.title')}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('staff.workspace')}</TableHead>
              <TableHead>{t('list.value')}</TableHead>
              <TableHead>{t('list.status')}</TableHead>
              <TableHead>{t('staff.conflicts')}</TableHead>
              <TableHead>{t('list.actions')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((c) => (
              <TableRow key={c.id} data-testid="gtin-claim-staff-row">
                <TableCell className="text-sm">{c.workspace_name}</TableCell>
                <TableCell>
                  <span className="font-mono text-xs">{c.value}</span>
                  <span className="block text-xs text-muted-foreground">{t(`kind.${c.kind}`)}</span>
                  {c.evidence ? (
                    <span className="block max-w-xs text-xs text-muted-foreground">
                      {t('staff.evidence')}: {c.evidence}
                    </span>
                  ) : null}
                  <time className="block text-xs text-muted-foreground" dateTime={c.created_at}>
                    {f.dateTime(c.created_at)}
                  </time>
                </TableCell>
                <TableCell>
                  <StatusBadges claim={c} />
                </TableCell>
                <TableCell className="max-w-sm text-xs">
                  {c.conflicts.length === 0 ? (
                    <span className="text-muted-foreground">{t('staff.no_conflicts')}</span>
                  ) : (
                    <ul className="grid gap-1">
                      {c.conflicts.map((x, i) => (
                        <li key={i}>
                          {x.kind === 'claim'
                            ? t('staff.conflict_claim', {
                                value: x.value,
                                status: x.status ?? '',
                                workspace: x.workspace_name,
                              })
                            : t('staff.conflict_publication', { value: x.value, workspace: x.workspace_name })}
                        </li>
                      ))}
                    </ul>
                  )}
                </TableCell>
                <TableCell>
                  <div className="grid gap-1">
                    <Input
                      aria-label={t('staff.note', { value: c.value })}
                      value={notes[c.id] ?? ''}
                      maxLength={1000}
                      onChange={(e) => setNotes((n) => ({ ...n, [c.id]: e.target.value }))}
                      className="h-8 text-xs"
                    />
                    <div className="flex gap-1">
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={decide.pending || c.status === 'verified'}
                        onClick={() =>
                          decide
                            .run({ id: c.id, decision: 'verified' })
                            .catch((e) => toast.error(describeError(e).title))
                        }
                        data-testid="verify-gtin-claim"
                      >
                        {t('staff.verify')}
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={decide.pending || c.status === 'rejected'}
                        onClick={() =>
                          decide
                            .run({ id: c.id, decision: 'rejected' })
                            .catch((e) => toast.error(describeError(e).title))
                        }
                      >
                        {t('staff.reject')}
                      </Button>
                    </div>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardListState>
    </Card>
  );
}

/** Settings → GTIN ownership: this workspace's claims and the claim form; for staff, every workspace's claims. */
export function GtinClaimsManager({ isStaff }: { isStaff: boolean }) {
  const t = useT(gtinClaimMessages);
  const f = useFormat();
  const list = useApiQuery<{ data: GtinClaim[] }>(LIST);
  const remove = useApiMutation<unknown, string>({
    request: (id) => ({ path: `${LIST}/${id}`, method: 'DELETE' }),
    invalidates: [keyOfPath(LIST), keyOfPath(STAFF)],
    onSuccess: () => {
      toast.success(t('withdrawn'));
    },
  });
  const claims = list.data?.data ?? [];
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <div>
            <CardTitle>{t('title')}</CardTitle>
            <CardDescription>{t('description')}</CardDescription>
          </div>
          <Button asChild variant="ghost" size="md">
            <Link href="/docs/gs1-resolver">
              <BookOpen aria-hidden="true" /> {t('docs')}
            </Link>
          </Button>
        </CardHeader>
        <CardListState query={list} count={claims.length} empty={<EmptyState title={t('list.empty')} />}>
          <Table aria-label={t('title')}>
            <TableHeader>
              <TableRow>
                <TableHead>{t('list.value')}</TableHead>
                <TableHead>{t('list.kind')}</TableHead>
                <TableHead>{t('list.status')}</TableHead>
                <TableHead>{t('list.created')}</TableHead>
                <TableHead>{t('list.actions')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {claims.map((c) => (
                <TableRow key={c.id} data-testid="gtin-claim">
                  <TableCell className="font-mono text-xs">{c.value}</TableCell>
                  <TableCell className="text-sm">{t(`kind.${c.kind}`)}</TableCell>
                  <TableCell>
                    <StatusBadges claim={c} />
                    {c.decision_note ? <p className="mt-1 text-xs text-muted-foreground">{c.decision_note}</p> : null}
                  </TableCell>
                  <TableCell>
                    <time dateTime={c.created_at}>{f.dateTime(c.created_at)}</time>
                  </TableCell>
                  <TableCell>
                    <RoleGate need={MANAGE}>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={t('action.withdraw')}
                        disabled={remove.pending}
                        onClick={() => {
                          if (window.confirm(t('withdraw.confirm', { value: c.value })))
                            remove.run(c.id).catch((err) => toast.error(describeError(err).title));
                        }}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </RoleGate>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardListState>
      </Card>

      <RoleGate need={MANAGE} showReason>
        <Card>
          <CardHeader>
            <CardTitle>{t('form.title')}</CardTitle>
          </CardHeader>
          <ClaimForm />
        </Card>
      </RoleGate>

      {isStaff ? <StaffReview /> : null}
    </div>
  );
}
