import { AppShell } from '@/components/workspace/app-shell';
import { requireSession } from '@/lib/workspace/session';
import { MeProvider } from '@/components/team/role-context';
import { Providers } from '@/components/providers';
import { uiLocale } from '@/lib/i18n/ui-locale';

/** Every workspace page requires a session; without one the user goes to /sign-in. */
export default async function WorkspaceLayout({ children }: { children: React.ReactNode }) {
  const session = await requireSession();
  return (
    <Providers locale={await uiLocale()}>
      <AppShell
        session={{
          user: { id: session.user.id, email: session.user.email, isStaff: session.user.isStaff },
          workspace: { id: session.workspace.id, name: session.workspace.name, plan: session.workspace.plan },
          expiresAt: session.expiresAt,
        }}
      >
        <MeProvider me={{ user_id: session.user.id, email: session.user.email, role: session.role }}>
          {children}
        </MeProvider>
      </AppShell>
    </Providers>
  );
}
