import { Globe2, MapPinOff } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

/** Whether an operator is established in the EU/EEA (derived from its country, never typed in). */
export function EuBadge({ established, country }: { established: boolean; country: string | null | undefined }) {
  if (!country) {
    return (
      <Badge variant="neutral" title="Without a country, EU establishment cannot be decided.">
        Country missing
      </Badge>
    );
  }
  return established ? (
    <Badge variant="success" data-testid="eu-badge" data-eu="true">
      <Globe2 aria-hidden="true" />
      EU-established
    </Badge>
  ) : (
    <Badge variant="warning" data-testid="eu-badge" data-eu="false">
      <MapPinOff aria-hidden="true" />
      Outside the EU
    </Badge>
  );
}
