'use client';

import * as React from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { BookOpen, ChevronsUpDown, KeyRound, LogOut, Settings, TriangleAlert, Users } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { toast } from '@/components/ui/toaster';
import { describeError } from '@/components/api/client';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { cn } from '@/lib/utils/cn';
import { WorkspaceSwitchItems } from '@/components/team/workspace-switch-items';
import { shellMessages } from '@/lib/i18n/ui/shell';
import { useT } from '@/components/i18n/locale-provider';
import { LanguageMenuItems } from '@/components/i18n/language-switch';

function initials(email: string): string {
  const local = email.split('@')[0] ?? '';
  const parts = local.split(/[._\-+]+/).filter(Boolean);
  const letters = parts.length >= 2 ? parts[0][0] + parts[1][0] : local.slice(0, 2);
  return letters.toUpperCase() || '?';
}

export function UserMenu({ email, isStaff, compact = false }: { email: string; isStaff: boolean; compact?: boolean }) {
  const router = useRouter();
  const t = useT(shellMessages);
  const [signingOut, setSigningOut] = React.useState(false);
  const signOutRequest = useApiMutation<unknown, void>({ request: () => ({ path: '/api/auth/sign-out' }) });

  async function signOut() {
    setSigningOut(true);
    try {
      await signOutRequest.run();
      router.replace('/sign-in');
      router.refresh();
    } catch (e) {
      setSigningOut(false);
      const { title, description } = describeError(e);
      toast.error(t('menu.sign_out_failed', { reason: title }), { description });
    }
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className={cn(
          'flex items-center gap-2.5 rounded-md text-left transition-colors hover:bg-sidebar-active/60 data-[state=open]:bg-sidebar-active',
          compact ? 'p-1' : 'w-full px-2 py-1.5',
        )}
        data-testid="user-menu-trigger"
      >
        {/* The name is the button's text (the e-mail shown, or only the initials on a phone): a label
            that does not contain the visible text confuses speech input. */}
        <span className="sr-only">
          {t('menu.account_for')} {compact ? email : null}
        </span>
        <span
          className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary-soft text-[0.6875rem] font-semibold text-primary-soft-foreground"
          aria-hidden="true"
        >
          {initials(email)}
        </span>
        {compact ? null : (
          <>
            <span className="min-w-0 flex-1">
              <span className="block truncate text-[0.8125rem] font-medium text-foreground">{email}</span>
              {isStaff ? <span className="block text-[0.6875rem] text-muted-foreground">{t('menu.staff')}</span> : null}
            </span>
            <ChevronsUpDown className="size-4 shrink-0 text-subtle-foreground" aria-hidden="true" />
          </>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent align={compact ? 'end' : 'start'} side={compact ? 'bottom' : 'top'} className="w-60">
        <DropdownMenuLabel className="truncate font-normal">
          {t('menu.signed_in_as')} <span className="font-medium text-foreground">{email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/settings">
            <Settings aria-hidden="true" /> {t('menu.workspace_settings')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/settings/members">
            <Users aria-hidden="true" /> {t('menu.members')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/settings/api-keys">
            <KeyRound aria-hidden="true" /> {t('menu.api_keys')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/docs/api">
            <BookOpen aria-hidden="true" /> {t('menu.api_reference')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/docs/errors">
            <TriangleAlert aria-hidden="true" /> {t('menu.error_codes')}
          </Link>
        </DropdownMenuItem>
        <WorkspaceSwitchItems />
        <DropdownMenuSeparator />
        <LanguageMenuItems />
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={signingOut}
          onSelect={(e) => {
            e.preventDefault();
            void signOut();
          }}
        >
          <LogOut aria-hidden="true" /> {signingOut ? t('menu.signing_out') : t('menu.sign_out')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
