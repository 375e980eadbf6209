import type { Metadata } from 'next';
import { Readiness } from '@/components/dashboard/readiness';
import { PageHeader } from '@/components/ui/page-header';
import { PlanBadge } from '@/components/workspace/plan-badge';
import { requireSession } from '@/lib/workspace/session';

export const metadata: Metadata = { title: 'Dashboard' };

export default async function DashboardPage() {
  const { workspace, user } = await requireSession();

  return (
    <>
      <PageHeader
        eyebrow={
          <span className="inline-flex items-center gap-1.5">
            Workspace <PlanBadge plan={workspace.plan} />
          </span>
        }
        title={
          <>
            Welcome to <span data-testid="dashboard-workspace-name">{workspace.name}</span>
          </>
        }
        description={`Signed in as ${user.email}. How ready your products are for the EU General Product Safety Regulation.`}
      />
      <Readiness />
    </>
  );
}
