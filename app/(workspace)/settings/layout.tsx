import { PageHeader } from '@/components/ui/page-header';
import { SettingsNav } from '@/components/settings/settings-nav';
import { getT } from '@/lib/i18n/ui-locale';
import { settingsMessages } from '@/lib/i18n/ui/settings';

export default async function SettingsLayout({ children }: { children: React.ReactNode }) {
  const t = await getT(settingsMessages);
  return (
    <>
      <PageHeader title={t('page.title')} description={t('page.description')} className="pb-4" />
      <SettingsNav />
      {children}
    </>
  );
}
