import type { Metadata } from 'next';
import { PublicUrlNotice } from './public-url-notice';
import { WorkspaceSettings } from '@/components/settings/workspace-settings';

export const metadata: Metadata = { title: 'Settings' };

export default function SettingsPage() {
  return (
    <div className="grid gap-5">
      <PublicUrlNotice />
      <WorkspaceSettings />
    </div>
  );
}
