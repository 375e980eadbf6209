import type { Metadata } from 'next';
import { WorkspaceSettings } from '@/components/settings/workspace-settings';

export const metadata: Metadata = { title: 'Settings' };

export default function SettingsPage() {
  return <WorkspaceSettings />;
}
