import { PageHeader } from '@/components/ui/page-header';
import { SettingsNav } from '@/components/settings/settings-nav';

export default function SettingsLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <PageHeader
        title="Settings"
        description="Your workspace, its plan, and the API keys that let other systems read it."
        className="pb-4"
      />
      <SettingsNav />
      {children}
    </>
  );
}
