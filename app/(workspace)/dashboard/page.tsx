import type { Metadata } from 'next';
import { Readiness } from '@/components/dashboard/readiness';
import { PageHeader } from '@/components/ui/page-header';
import { PlanBadge } from '@/components/workspace/plan-badge';
import { getT } from '@/lib/i18n/ui-locale';
import { dashboardMessages } from '@/lib/i18n/ui/dashboard';
import { pageMessages } from '@/lib/i18n/ui/pages';
import { requireSession } from '@/lib/workspace/session';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT(pageMessages))('title.dashboard') };
}

export default async function DashboardPage() {
  const { workspace, user } = await requireSession();
  const t = await getT(dashboardMessages);

  return (
    <>
      <PageHeader
        eyebrow={
          <span className="inline-flex items-center gap-1.5">
            {t('page.workspace')} <PlanBadge plan={workspace.plan} />
          </span>
        }
        title={
          <>
            {t('page.welcome')} <span data-testid="dashboard-workspace-name">{workspace.name}</span>
          </>
        }
        description={t('page.description', { email: user.email })}
      />
      <Readiness />
    </>
  );
}
