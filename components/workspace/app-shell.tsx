import Link from 'next/link';
import { BrandMark } from '@/components/brand';
import type { Plan } from '@/components/api/types';
import type { CurrentSession } from '@/lib/workspace/session';
import { SidebarNav } from './sidebar-nav';
import { MobileNav } from './mobile-nav';
import { UserMenu } from './user-menu';
import { PlanBadge } from './plan-badge';
import { SessionKeeper } from './session-keeper';
import { getT } from '@/lib/i18n/ui-locale';
import { shellMessages } from '@/lib/i18n/ui/shell';

/** What the shell shows of the signed-in session, as the server layout reads it (lib/workspace/session). */
export type ShellSession = {
  user: Pick<CurrentSession['user'], 'id' | 'email' | 'isStaff'>;
  workspace: Pick<CurrentSession['workspace'], 'id' | 'name' | 'plan'>;
  expiresAt: CurrentSession['expiresAt'];
};

function WorkspaceHeader({ name, plan, planWord }: { name: string; plan: Plan; planWord: string }) {
  return (
    <Link
      href="/dashboard"
      className="flex min-w-0 items-center gap-2.5 rounded-md px-1.5 py-1 hover:bg-sidebar-active/60"
    >
      <BrandMark className="size-7 rounded-md" />
      <span className="min-w-0">
        <span className="block truncate text-sm font-semibold text-foreground" data-testid="workspace-name">
          {name}
        </span>
        <span className="mt-0.5 flex items-center gap-1.5 text-[0.6875rem] text-muted-foreground">
          <PlanBadge plan={plan} className="px-1 py-0 text-[0.625rem] leading-4" />
          <span>{planWord}</span>
        </span>
      </span>
    </Link>
  );
}

/** Sidebar, mobile top bar and the content column of every workspace page. */
export async function AppShell({ session, children }: { session: ShellSession; children: React.ReactNode }) {
  const t = await getT(shellMessages);
  const header = (
    <WorkspaceHeader name={session.workspace.name} plan={session.workspace.plan} planWord={t('shell.plan')} />
  );
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[15.5rem_minmax(0,1fr)]">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-surface px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('shell.skip')}
      </a>

      <aside
        className="hidden border-r border-border bg-sidebar lg:sticky lg:top-0 lg:flex lg:h-dvh lg:flex-col lg:gap-4 lg:p-3"
        aria-label={t('shell.sidebar')}
      >
        {header}
        <SidebarNav />
        <div className="border-t border-border pt-3">
          <UserMenu email={session.user.email} isStaff={session.user.isStaff} />
        </div>
      </aside>

      <header className="sticky top-0 z-40 flex h-13 items-center gap-2 border-b border-border bg-surface/95 px-3 backdrop-blur lg:hidden">
        <MobileNav header={header} />
        <span className="min-w-0 flex-1 truncate text-sm font-semibold">{session.workspace.name}</span>
        <UserMenu email={session.user.email} isStaff={session.user.isStaff} compact />
      </header>

      <main id="main" tabIndex={-1} className="min-w-0 outline-none">
        <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-10 lg:py-9">{children}</div>
      </main>

      <SessionKeeper expiresAt={session.expiresAt} />
    </div>
  );
}
