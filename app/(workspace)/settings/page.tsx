import type { Metadata } from 'next';
import { PublicUrlNotice } from './public-url-notice';
import { WorkspaceSettings } from '@/components/settings/workspace-settings';
import { OperatorRoleSettings } from '@/components/settings/operator-role-settings';
import { getT } from '@/lib/i18n/ui-locale';
import { settingsMessages } from '@/lib/i18n/ui/settings';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT(settingsMessages);
  return { title: t('page.title') };
}

export default function SettingsPage() {
  return (
    <div className="grid gap-5">
      <PublicUrlNotice />
      <WorkspaceSettings />
      <OperatorRoleSettings />
    </div>
  );
}
