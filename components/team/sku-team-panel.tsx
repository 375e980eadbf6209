'use client';

import * as React from 'react';
import { MessageSquare, UserCheck } from 'lucide-react';
import { ApiError, describeError } from '@/components/api/client';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toaster';
import { useFormat, useT } from '@/components/i18n/locale-provider';
import { teamMessages } from '@/lib/i18n/ui/team';
import { useCan } from './role-context';
import type { SkuAssignment, SkuComment, SkuCommentCreated } from '@/lib/skus/schemas';
import { useMembers } from '@/components/api/queries/resources';

type Comment = SkuComment;

/** On a SKU page: who the SKU is assigned to, and its comment thread (mention with @email). */
export function SkuTeamPanel({ skuId }: { skuId: string }) {
  const edit = useCan('edit');
  const t = useT(teamMessages);
  const f = useFormat();
  const members = useMembers();
  const assignee = useApiQuery<SkuAssignment>(`/api/skus/${skuId}/assignee`);
  const comments = useApiQuery<{ data: Comment[] }>(`/api/skus/${skuId}/comments`);
  const [body, setBody] = React.useState('');
  const setAssignee = useApiMutation<SkuAssignment, string>({
    request: (userId) => ({ path: `/api/skus/${skuId}/assignee`, method: 'PUT', body: { user_id: userId || null } }),
  });
  const addComment = useApiMutation<SkuCommentCreated, string>({
    request: (text) => ({ path: `/api/skus/${skuId}/comments`, method: 'POST', body: { body: text } }),
    idempotent: true,
  });
  const posting = addComment.pending;

  async function assign(userId: string) {
    try {
      const r = await setAssignee.run(userId);
      assignee.setData(r);
      toast.success(
        r.assignee ? t('panel.assigned_toast', { email: r.assignee.email ?? '' }) : t('panel.unassigned_toast'),
      );
    } catch (e) {
      toast.error(describeError(e).title, { description: describeError(e).description });
    }
  }

  async function post(e: React.FormEvent) {
    e.preventDefault();
    try {
      const r = await addComment.run(body);
      setBody('');
      comments.setData((d) => ({ data: [...(d?.data ?? []), r.data] }));
      if (r.data.notified.length) toast.success(t('panel.mailed', { emails: r.data.notified.join(', ') }));
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : describeError(err).title);
    }
  }

  return (
    <Card className="mb-5" data-testid="sku-team-panel">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserCheck className="size-4 text-primary" aria-hidden="true" /> {t('panel.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <Label htmlFor="sku-assignee">{t('panel.assigned_to')}</Label>
          <select
            id="sku-assignee"
            className="h-9 rounded-md border border-border bg-surface px-2 text-sm"
            value={assignee.data?.assignee?.user_id ?? ''}
            disabled={!edit.allowed || assignee.loading}
            title={edit.reason ?? undefined}
            onChange={(e) => void assign(e.target.value)}
          >
            <option value="">{t('panel.nobody')}</option>
            {(members.data?.data ?? []).map((m) => (
              <option key={m.user_id} value={m.user_id}>
                {m.email}
              </option>
            ))}
          </select>
        </div>
        <ul className="grid gap-3" data-testid="sku-comments">
          {(comments.data?.data ?? []).map((c) => (
            <li key={c.id} className="grid gap-0.5 text-sm">
              <span className="text-xs text-muted-foreground">
                <span className="font-medium text-foreground">{c.author}</span> · {f.dateTime(c.created_at)}
              </span>
              <span className="whitespace-pre-wrap">{c.body}</span>
            </li>
          ))}
        </ul>
        {edit.allowed ? (
          <form onSubmit={post} className="grid gap-2">
            <Label htmlFor="sku-comment">
              <MessageSquare className="mr-1 inline size-3.5" aria-hidden="true" />
              {t('panel.comment')}
            </Label>
            <Textarea
              id="sku-comment"
              value={body}
              onChange={(e) => setBody(e.target.value)}
              maxLength={4000}
              rows={3}
            />
            <div>
              <Button type="submit" size="sm" loading={posting} disabled={!body.trim()}>
                {t('panel.post')}
              </Button>
            </div>
          </form>
        ) : (
          <p className="text-xs text-muted-foreground">{edit.reason}</p>
        )}
      </CardContent>
    </Card>
  );
}
