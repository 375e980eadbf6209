'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { ArrowLeftRight } from 'lucide-react';
import { describeError } from '@/components/api/client';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { toast } from '@/components/ui/toaster';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import type { Membership } from '@/lib/team/schemas';
import { teamMessages } from '@/lib/i18n/ui/team';
import { useT } from '@/components/i18n/locale-provider';
import { useRoleLabel } from './role-context';

/** Menu items switching to the other workspaces the person belongs to (rendered while the menu is open). */
export function WorkspaceSwitchItems() {
  const router = useRouter();
  const t = useT(teamMessages);
  const roleLabel = useRoleLabel();
  const switchTo = useApiMutation<unknown, Membership>({
    request: (m) => ({ path: '/api/workspace/switch', body: { workspace_id: m.workspace.id } }),
  });
  const list = useApiQuery<{ data: Membership[] }>('/api/workspace/switch').data?.data ?? [];
  const others = list.filter((m) => !m.active);
  if (!others.length) return null;
  async function go(m: Membership) {
    try {
      await switchTo.run(m);
      router.push('/dashboard');
      router.refresh();
    } catch (e) {
      toast.error(describeError(e).title);
    }
  }
  return (
    <>
      <DropdownMenuSeparator />
      <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">{t('switch.title')}</DropdownMenuLabel>
      {others.map((m) => (
        <DropdownMenuItem key={m.workspace.id} onSelect={() => void go(m)} data-testid="switch-workspace">
          <ArrowLeftRight aria-hidden="true" /> <span className="truncate">{m.workspace.name}</span>{' '}
          <span className="ml-auto text-xs text-muted-foreground">{roleLabel(m.role)}</span>
        </DropdownMenuItem>
      ))}
    </>
  );
}
