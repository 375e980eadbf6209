'use client';

import { Globe2, MapPinOff } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { useT } from '@/components/i18n/locale-provider';
import { entityMessages } from '@/lib/i18n/ui/entities';

/** Whether an operator is established in the EU/EEA (derived from its country, never typed in). */
export function EuBadge({ established, country }: { established: boolean; country: string | null | undefined }) {
  const t = useT(entityMessages);
  if (!country) {
    return (
      <Badge variant="neutral" title={t('eu.country_missing_hint')}>
        {t('eu.country_missing')}
      </Badge>
    );
  }
  return established ? (
    <Badge variant="success" data-testid="eu-badge" data-eu="true">
      <Globe2 aria-hidden="true" />
      {t('eu.established')}
    </Badge>
  ) : (
    <Badge variant="warning" data-testid="eu-badge" data-eu="false">
      <MapPinOff aria-hidden="true" />
      {t('eu.outside')}
    </Badge>
  );
}
