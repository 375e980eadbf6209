'use client';

import { CircleAlert, ScanText, UserCheck } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { SimpleTooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils/cn';
import { useT } from '@/components/i18n/locale-provider';
import { documentMessages } from '@/lib/i18n/ui/documents';
import { confidenceTone, diagnosticBadge, diagnosticExplanation, formatConfidence, nextActionLabel } from './labels';
import type { Diagnostic } from './types';

/** "87 %" in the colour of its tier (green sure, amber check it, red guess). */
export function ConfidenceText({ value, className }: { value: number | null | undefined; className?: string }) {
  const t = useT(documentMessages);
  const tone = confidenceTone(value);
  return (
    <span
      className={cn(
        'text-xs tabular-nums',
        tone === 'success' && 'text-success-soft-foreground',
        tone === 'warning' && 'text-warning-soft-foreground',
        tone === 'danger' && 'text-danger-soft-foreground',
        tone === 'neutral' && 'text-subtle-foreground',
        className,
      )}
      title={t('badge.confidence')}
    >
      {formatConfidence(value)}
    </span>
  );
}

/** The degraded-path badge ("scanned — OCR text", "filename only") with the plain explanation on hover. */
export function DiagnosticBadge({ diagnostic }: { diagnostic: Pick<Diagnostic, 'code' | 'source' | 'next_action'> }) {
  const t = useT(documentMessages);
  const ocr = diagnostic.code === 'scanned_or_empty_text';
  const next = nextActionLabel(diagnostic.next_action, t);
  return (
    <SimpleTooltip
      content={
        <>
          {diagnosticExplanation(diagnostic, t)}
          {next ? <span className="mt-1 block font-medium">{next}</span> : null}
        </>
      }
    >
      <Badge variant="warning" tabIndex={0} data-testid="diagnostic-badge" className="cursor-help">
        {ocr ? <ScanText aria-hidden="true" /> : <CircleAlert aria-hidden="true" />}
        {diagnosticBadge(diagnostic, t)}
      </Badge>
    </SimpleTooltip>
  );
}

/** The "manual" marker of a type a person set. */
export function ManualBadge() {
  const t = useT(documentMessages);
  return (
    <SimpleTooltip content={t('badge.manual_hint')}>
      <Badge variant="primary" data-testid="manual-badge" tabIndex={0}>
        <UserCheck aria-hidden="true" />
        {t('badge.manual')}
      </Badge>
    </SimpleTooltip>
  );
}
