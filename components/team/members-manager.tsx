'use client';

import * as React from 'react';
import { Link2, ShieldCheck, Trash2, UserPlus } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Alert } from '@/components/ui/alert';
import { Checkbox } from '@/components/ui/checkbox';
import { CopyButton } from '@/components/ui/copy-button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/toaster';
import { ApiError, describeError } from '@/components/api/client';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { useFormat, useT } from '@/components/i18n/locale-provider';
import { teamMessages } from '@/lib/i18n/ui/team';
import { useCan, useMe, useRoleLabel } from './role-context';
import {
  AssignableRole,
  type Invitation,
  type InvitationCreated,
  type Member,
  type MemberList,
} from '@/lib/team/schemas';
import type { WorkspaceUpdate } from '@/lib/workspace/schemas';
import { useWorkspace } from '@/components/api/queries/resources';
import type { Role } from '@/lib/auth/roles';

const ASSIGNABLE = AssignableRole.options;
type MembersResponse = MemberList;

function showError(e: unknown) {
  const { title, description } = describeError(e);
  toast.error(title, { description });
}

function FourEyesCard() {
  const manage = useCan('manage');
  const ws = useWorkspace();
  const t = useT(teamMessages);
  const [saving, setSaving] = React.useState(false);
  const update = useApiMutation<WorkspaceUpdate, boolean>({
    request: (next) => ({ path: '/api/workspace', method: 'PATCH', body: { four_eyes_approval: next } }),
  });
  const on = ws.data?.settings.four_eyes_approval ?? false;
  async function toggle(next: boolean) {
    setSaving(true);
    try {
      const r = await update.run(next);
      ws.setData((d) => (d ? { ...d, settings: r.settings } : d));
      toast.success(next ? t('four_eyes.on') : t('four_eyes.off'));
    } catch (e) {
      showError(e);
    } finally {
      setSaving(false);
    }
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-4 text-primary" aria-hidden="true" /> {t('four_eyes.title')}
        </CardTitle>
        <CardDescription>{t('four_eyes.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {ws.loading ? (
          <Skeleton className="h-5 w-64" />
        ) : (
          <label className="flex items-center gap-2.5 text-sm" title={manage.reason ?? undefined}>
            <Checkbox
              checked={on}
              disabled={saving || !manage.allowed}
              onCheckedChange={(v) => void toggle(v === true)}
              data-testid="four-eyes-toggle"
              aria-label={t('four_eyes.require')}
            />
            {t('four_eyes.require')}
            {!manage.allowed ? <span className="text-xs text-muted-foreground">({manage.reason})</span> : null}
          </label>
        )}
      </CardContent>
    </Card>
  );
}

function InviteForm({ onInvited }: { onInvited: () => void }) {
  const me = useMe();
  const t = useT(teamMessages);
  const roleLabel = useRoleLabel();
  const [email, setEmail] = React.useState('');
  const [role, setRole] = React.useState<Exclude<Role, 'owner'>>('editor');
  const [busy, setBusy] = React.useState(false);
  const [link, setLink] = React.useState<{ url: string; email: string; sent: boolean } | null>(null);
  const [fieldError, setFieldError] = React.useState<string | null>(null);
  const invite = useApiMutation<InvitationCreated, void>({
    request: () => ({ path: '/api/invitations', body: { email: email.trim(), role } }),
  });
  const rank = ['viewer', 'editor', 'reviewer', 'admin', 'owner'];
  const offered = ASSIGNABLE.filter((r) => !me || rank.indexOf(r) <= rank.indexOf(me.role));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setFieldError(null);
    try {
      const r = await invite.run();
      setLink({ url: r.invite_url, email: r.data.email, sent: r.mail.sent });
      setEmail('');
      toast.success(t('invite.created', { email: r.data.email }));
      onInvited();
    } catch (err) {
      const f = err instanceof ApiError ? err.fields.find((x) => x.path === 'email') : undefined;
      if (f) setFieldError(f.message);
      else showError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-3">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3" data-testid="invite-form">
        <div className="grid min-w-64 flex-1 gap-1.5">
          <Label htmlFor="invite-email">{t('invite.email')}</Label>
          <Input
            id="invite-email"
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder={t('invite.email_placeholder')}
            aria-invalid={fieldError ? true : undefined}
          />
          {fieldError ? <p className="text-xs text-danger">{fieldError}</p> : null}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="invite-role">{t('invite.role')}</Label>
          <Select value={role} onValueChange={(v) => setRole(v as Exclude<Role, 'owner'>)}>
            <SelectTrigger id="invite-role" className="w-40" data-testid="invite-role">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {offered.map((r) => (
                <SelectItem key={r} value={r}>
                  {roleLabel(r)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Button type="submit" loading={busy} data-testid="invite-submit">
          <UserPlus aria-hidden="true" /> {t('invite.submit')}
        </Button>
      </form>
      {link ? (
        <Alert
          variant={link.sent ? 'success' : 'warning'}
          title={link.sent ? t('invite.mailed', { email: link.email }) : t('invite.mail_failed', { email: link.email })}
        >
          <p>{link.sent ? t('invite.link_also') : t('invite.link_only')}</p>
          <div className="mt-1.5 flex items-center gap-2">
            <Link2 className="size-4 shrink-0" aria-hidden="true" />
            <code className="min-w-0 flex-1 truncate text-xs" data-testid="invite-link">
              {link.url}
            </code>
            <CopyButton value={link.url} />
          </div>
        </Alert>
      ) : null}
    </div>
  );
}

function OpenInvitations({ onChanged }: { onChanged: () => void }) {
  const invitations = useApiQuery<{ data: Invitation[] }>('/api/invitations');
  const withdrawRequest = useApiMutation<unknown, Invitation>({
    request: (inv) => ({ path: `/api/invitations/${inv.id}`, method: 'DELETE' }),
  });
  const t = useT(teamMessages);
  const roleLabel = useRoleLabel();
  const f = useFormat();
  const pending = (invitations.data?.data ?? []).filter((i) => i.status === 'pending');
  async function withdraw(inv: Invitation) {
    try {
      await withdrawRequest.run(inv);
      toast.success(t('invitations.withdrawn', { email: inv.email }));
      onChanged();
    } catch (e) {
      showError(e);
    }
  }
  if (!pending.length) return null;
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold">{t('invitations.title')}</h3>
      <ul className="grid gap-1.5 text-sm" data-testid="invitations">
        {pending.map((i) => (
          <li key={i.id} className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 flex-1">
              {i.email} <Badge variant="neutral">{roleLabel(i.role)}</Badge>{' '}
              <span className="text-xs text-muted-foreground">
                {t('invitations.expires', { date: f.date(i.expires_at) })}
              </span>
            </span>
            <Button variant="ghost" size="sm" onClick={() => void withdraw(i)}>
              {t('invitations.withdraw')}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function MembersManager() {
  const me = useMe();
  const manage = useCan('manage');
  const t = useT(teamMessages);
  const roleLabel = useRoleLabel();
  const f = useFormat();
  const members = useApiQuery<MembersResponse>('/api/members');
  const [busy, setBusy] = React.useState<string | null>(null);
  const setRole = useApiMutation<unknown, { m: Member; role: Role }>({
    request: ({ m, role }) => ({ path: `/api/members/${m.user_id}`, method: 'PATCH', body: { role } }),
  });
  const removeMember = useApiMutation<unknown, Member>({
    request: (m) => ({ path: `/api/members/${m.user_id}`, method: 'DELETE' }),
  });
  const transferOwnership = useApiMutation<unknown, Member>({
    request: (m) => ({ path: '/api/members/transfer-ownership', body: { user_id: m.user_id } }),
  });
  // Bumped after an invitation changes, remounting the list so it loads again.
  const [invitesVersion, setInvitesVersion] = React.useState(0);

  async function changeRole(m: Member, role: Role) {
    setBusy(m.user_id);
    try {
      await setRole.run({ m, role });
      toast.success(t('members.role_changed', { email: m.email, role: roleLabel(role) }));
      await members.reload();
    } catch (e) {
      showError(e);
    } finally {
      setBusy(null);
    }
  }
  async function remove(m: Member) {
    if (!window.confirm(t('members.remove_confirm', { email: m.email }))) return;
    setBusy(m.user_id);
    try {
      await removeMember.run(m);
      toast.success(t('members.removed', { email: m.email }));
      await members.reload();
    } catch (e) {
      showError(e);
    } finally {
      setBusy(null);
    }
  }
  async function transfer(m: Member) {
    if (!window.confirm(t('members.transfer_confirm', { email: m.email }))) return;
    setBusy(m.user_id);
    try {
      await transferOwnership.run(m);
      toast.success(t('members.transferred', { email: m.email }));
      window.location.reload();
    } catch (e) {
      showError(e);
      setBusy(null);
    }
  }
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{t('members.title')}</CardTitle>
          <CardDescription>
            {members.data
              ? t('members.seats', { total: members.data.seats.total, max: members.data.seats.max })
              : t('members.description')}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          {manage.allowed ? (
            <InviteForm
              onInvited={() => {
                setInvitesVersion((v) => v + 1);
                void members.reload();
              }}
            />
          ) : (
            <p className="text-sm text-muted-foreground">{t('members.ask_admin', { reason: manage.reason ?? '' })}</p>
          )}
          {members.loading ? (
            <Skeleton className="h-24 w-full" />
          ) : members.error ? (
            <Alert variant="danger" title={t('members.load_failed')}>
              {members.error.message}
            </Alert>
          ) : (
            <Table data-testid="members-table">
              <TableHeader>
                <TableRow>
                  <TableHead>{t('members.col_person')}</TableHead>
                  <TableHead>{t('members.col_role')}</TableHead>
                  <TableHead>{t('members.col_joined')}</TableHead>
                  <TableHead className="text-right">{t('members.col_actions')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {members.data!.data.map((m) => {
                  const self = m.user_id === me?.user_id;
                  const editable = manage.allowed && m.role !== 'owner' && !self;
                  return (
                    <TableRow key={m.user_id} data-testid={`member-${m.email}`}>
                      <TableCell>
                        {m.email} {self ? <Badge variant="neutral">{t('members.you')}</Badge> : null}
                      </TableCell>
                      <TableCell>
                        {editable ? (
                          <Select
                            value={m.role}
                            onValueChange={(v) => void changeRole(m, v as Role)}
                            disabled={busy === m.user_id}
                          >
                            <SelectTrigger className="w-40" aria-label={t('members.role_of', { email: m.email })}>
                              <SelectValue />
                            </SelectTrigger>
                            <SelectContent>
                              {ASSIGNABLE.map((r) => (
                                <SelectItem key={r} value={r}>
                                  {roleLabel(r)}
                                </SelectItem>
                              ))}
                            </SelectContent>
                          </Select>
                        ) : (
                          <Badge variant={m.role === 'owner' ? 'primary' : 'neutral'} title={t(`role_desc.${m.role}`)}>
                            {roleLabel(m.role)}
                          </Badge>
                        )}
                      </TableCell>
                      <TableCell>{f.date(m.joined_at)}</TableCell>
                      <TableCell className="text-right">
                        {me?.role === 'owner' && !self ? (
                          <Button variant="ghost" size="sm" onClick={() => void transfer(m)} disabled={busy !== null}>
                            {t('members.make_owner')}
                          </Button>
                        ) : null}
                        {editable ? (
                          <Button
                            variant="ghost"
                            size="sm"
                            onClick={() => void remove(m)}
                            disabled={busy !== null}
                            aria-label={t('members.remove', { email: m.email })}
                          >
                            <Trash2 aria-hidden="true" />
                          </Button>
                        ) : null}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          )}
          {manage.allowed ? (
            <OpenInvitations
              key={invitesVersion}
              onChanged={() => {
                setInvitesVersion((v) => v + 1);
                void members.reload();
              }}
            />
          ) : null}
          {members.data ? (
            <details className="text-sm">
              <summary className="cursor-pointer text-muted-foreground">{t('members.roles_summary')}</summary>
              <dl className="mt-2 grid gap-1.5">
                {members.data.roles.map((r) => (
                  <div key={r.role} className="grid grid-cols-[8rem_1fr] gap-2">
                    <dt className="font-medium">{roleLabel(r.role)}</dt>
                    <dd className="text-muted-foreground">{t(`role_desc.${r.role}`)}</dd>
                  </div>
                ))}
              </dl>
            </details>
          ) : null}
        </CardContent>
      </Card>
      <FourEyesCard />
    </div>
  );
}
