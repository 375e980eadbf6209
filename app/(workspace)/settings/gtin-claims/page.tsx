import type { Metadata } from 'next';
import { GtinClaimsManager } from '@/components/settings/gtin-claims-manager';
import { getT } from '@/lib/i18n/ui-locale';
import { gtinClaimMessages } from '@/lib/i18n/ui/gtin-claims';
import { requireSession } from '@/lib/workspace/session';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT(gtinClaimMessages);
  return { title: t('title') };
}

export default async function GtinClaimsPage() {
  const session = await requireSession();
  return <GtinClaimsManager isStaff={session.user.isStaff} />;
}
