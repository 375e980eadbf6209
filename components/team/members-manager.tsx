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
import { ApiError, apiFetch, describeError } from '@/components/api/client';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { formatDate } from '@/components/format';
import { useCan, useMe } from './role-context';
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
  const [saving, setSaving] = React.useState(false);
  const on = ws.data?.settings.four_eyes_approval ?? false;
  async function toggle(next: boolean) {
    setSaving(true);
    try {
      const r = await apiFetch<WorkspaceUpdate>('/api/workspace', {
        method: 'PATCH',
        body: { four_eyes_approval: next },
      });
      ws.setData((d) => (d ? { ...d, settings: r.settings } : d));
      toast.success(next ? 'Four-eyes approval is on' : 'Four-eyes approval is off');
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
          <ShieldCheck className="size-4 text-primary" aria-hidden="true" /> Approval policy
        </CardTitle>
        <CardDescription>
          With four-eyes approval, a SKU is approved only after its review is complete, and not by the person who last
          changed its confirmed data or completed the review.
        </CardDescription>
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
              aria-label="Require four-eyes approval"
            />
            Require four-eyes approval
            {!manage.allowed ? <span className="text-xs text-muted-foreground">({manage.reason})</span> : null}
          </label>
        )}
      </CardContent>
    </Card>
  );
}

function InviteForm({ onInvited }: { onInvited: () => void }) {
  const me = useMe();
  const [email, setEmail] = React.useState('');
  const [role, setRole] = React.useState<Exclude<Role, 'owner'>>('editor');
  const [busy, setBusy] = React.useState(false);
  const [link, setLink] = React.useState<{ url: string; email: string; sent: boolean } | null>(null);
  const [fieldError, setFieldError] = React.useState<string | null>(null);
  const rank = ['viewer', 'editor', 'reviewer', 'admin', 'owner'];
  const offered = ASSIGNABLE.filter((r) => !me || rank.indexOf(r) <= rank.indexOf(me.role));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setFieldError(null);
    try {
      const r = await apiFetch<InvitationCreated>('/api/invitations', {
        method: 'POST',
        body: { email: email.trim(), role },
      });
      setLink({ url: r.invite_url, email: r.data.email, sent: r.mail.sent });
      setEmail('');
      toast.success(`Invitation for ${r.data.email} created`);
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
          <Label htmlFor="invite-email">Email</Label>
          <Input
            id="invite-email"
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="colleague@company.com"
            aria-invalid={fieldError ? true : undefined}
          />
          {fieldError ? <p className="text-xs text-danger">{fieldError}</p> : null}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="invite-role">Role</Label>
          <Select value={role} onValueChange={(v) => setRole(v as Exclude<Role, 'owner'>)}>
            <SelectTrigger id="invite-role" className="w-40" data-testid="invite-role">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {offered.map((r) => (
                <SelectItem key={r} value={r}>
                  {r}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Button type="submit" loading={busy} data-testid="invite-submit">
          <UserPlus aria-hidden="true" /> Invite
        </Button>
      </form>
      {link ? (
        <Alert
          variant={link.sent ? 'success' : 'warning'}
          title={link.sent ? `Invitation mailed to ${link.email}` : `The mail to ${link.email} could not be sent`}
        >
          <p>
            {link.sent
              ? 'You can also pass the link on yourself; it works once and expires in 7 days:'
              : 'Pass this link on yourself; it works once and expires in 7 days:'}
          </p>
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
  const pending = (invitations.data?.data ?? []).filter((i) => i.status === 'pending');
  async function withdraw(inv: Invitation) {
    try {
      await apiFetch(`/api/invitations/${inv.id}`, { method: 'DELETE' });
      toast.success(`Invitation for ${inv.email} withdrawn`);
      onChanged();
    } catch (e) {
      showError(e);
    }
  }
  if (!pending.length) return null;
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold">Open invitations</h3>
      <ul className="grid gap-1.5 text-sm" data-testid="invitations">
        {pending.map((i) => (
          <li key={i.id} className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 flex-1">
              {i.email} <Badge variant="neutral">{i.role}</Badge>{' '}
              <span className="text-xs text-muted-foreground">expires {formatDate(i.expires_at)}</span>
            </span>
            <Button variant="ghost" size="sm" onClick={() => void withdraw(i)}>
              Withdraw
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
  const members = useApiQuery<MembersResponse>('/api/members');
  const [busy, setBusy] = React.useState<string | null>(null);
  // Bumped after an invitation changes, remounting the list so it loads again.
  const [invitesVersion, setInvitesVersion] = React.useState(0);

  async function changeRole(m: Member, role: Role) {
    setBusy(m.user_id);
    try {
      await apiFetch(`/api/members/${m.user_id}`, { method: 'PATCH', body: { role } });
      toast.success(`${m.email} is now ${role}`);
      await members.reload();
    } catch (e) {
      showError(e);
    } finally {
      setBusy(null);
    }
  }
  async function remove(m: Member) {
    if (!window.confirm(`Remove ${m.email}? Their access ends at once and their API keys are revoked.`)) return;
    setBusy(m.user_id);
    try {
      await apiFetch(`/api/members/${m.user_id}`, { method: 'DELETE' });
      toast.success(`${m.email} removed`);
      await members.reload();
    } catch (e) {
      showError(e);
    } finally {
      setBusy(null);
    }
  }
  async function transfer(m: Member) {
    if (!window.confirm(`Make ${m.email} the owner? You become an admin.`)) return;
    setBusy(m.user_id);
    try {
      await apiFetch('/api/members/transfer-ownership', { method: 'POST', body: { user_id: m.user_id } });
      toast.success(`${m.email} owns the workspace now`);
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
          <CardTitle>Members</CardTitle>
          <CardDescription>
            {members.data
              ? `${members.data.seats.total} of ${members.data.seats.max} seats in use (members and open invitations).`
              : 'The people of this workspace and what each may do.'}
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
            <p className="text-sm text-muted-foreground">
              {manage.reason} Ask an admin to invite people or change roles.
            </p>
          )}
          {members.loading ? (
            <Skeleton className="h-24 w-full" />
          ) : members.error ? (
            <Alert variant="danger" title="Members could not be loaded">
              {members.error.message}
            </Alert>
          ) : (
            <Table data-testid="members-table">
              <TableHeader>
                <TableRow>
                  <TableHead>Person</TableHead>
                  <TableHead>Role</TableHead>
                  <TableHead>Joined</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {members.data!.data.map((m) => {
                  const self = m.user_id === me?.user_id;
                  const editable = manage.allowed && m.role !== 'owner' && !self;
                  return (
                    <TableRow key={m.user_id} data-testid={`member-${m.email}`}>
                      <TableCell>
                        {m.email} {self ? <Badge variant="neutral">you</Badge> : null}
                      </TableCell>
                      <TableCell>
                        {editable ? (
                          <Select
                            value={m.role}
                            onValueChange={(v) => void changeRole(m, v as Role)}
                            disabled={busy === m.user_id}
                          >
                            <SelectTrigger className="w-36" aria-label={`Role of ${m.email}`}>
                              <SelectValue />
                            </SelectTrigger>
                            <SelectContent>
                              {ASSIGNABLE.map((r) => (
                                <SelectItem key={r} value={r}>
                                  {r}
                                </SelectItem>
                              ))}
                            </SelectContent>
                          </Select>
                        ) : (
                          <Badge
                            variant={m.role === 'owner' ? 'primary' : 'neutral'}
                            title={members.data!.roles.find((r) => r.role === m.role)?.description}
                          >
                            {m.role}
                          </Badge>
                        )}
                      </TableCell>
                      <TableCell>{formatDate(m.joined_at)}</TableCell>
                      <TableCell className="text-right">
                        {me?.role === 'owner' && !self ? (
                          <Button variant="ghost" size="sm" onClick={() => void transfer(m)} disabled={busy !== null}>
                            Make owner
                          </Button>
                        ) : null}
                        {editable ? (
                          <Button
                            variant="ghost"
                            size="sm"
                            onClick={() => void remove(m)}
                            disabled={busy !== null}
                            aria-label={`Remove ${m.email}`}
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
              <summary className="cursor-pointer text-muted-foreground">What each role may do</summary>
              <dl className="mt-2 grid gap-1.5">
                {members.data.roles.map((r) => (
                  <div key={r.role} className="grid grid-cols-[6rem_1fr] gap-2">
                    <dt className="font-medium">{r.role}</dt>
                    <dd className="text-muted-foreground">{r.description}</dd>
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
