'use client';

import * as React from 'react';
import { Check, Copy } from 'lucide-react';
import { Button, type ButtonProps } from './button';
import { useT } from '@/components/i18n/locale-provider';
import { uiKitMessages } from '@/lib/i18n/ui/ui-kit';

async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall through to the legacy path (permission denied, document not focused).
  }
  // Legacy fallback for non-secure origins: a hidden textarea and execCommand.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'value'> {
  value: string;
  /** Visible text; an icon-only button when omitted (then give it an aria-label). */
  label?: string;
  copiedLabel?: string;
  onCopied?: () => void;
  onCopyFailed?: () => void;
}

/** Copies `value` to the clipboard and confirms with a "Copied" state that screen readers announce. */
export function CopyButton({
  value,
  label,
  copiedLabel,
  onCopied,
  onCopyFailed,
  variant = 'secondary',
  size = 'sm',
  ...props
}: CopyButtonProps) {
  const t = useT(uiKitMessages);
  const [copied, setCopied] = React.useState(false);
  const timer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  React.useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    const ok = await writeClipboard(value);
    if (!ok) {
      onCopyFailed?.();
      return;
    }
    setCopied(true);
    onCopied?.();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), 2000);
  }

  const Icon = copied ? Check : Copy;
  return (
    <Button type="button" variant={variant} size={size} onClick={copy} data-copied={copied || undefined} {...props}>
      <Icon className={copied ? 'text-success' : undefined} aria-hidden="true" />
      {label ? <span>{copied ? (copiedLabel ?? t('copy.copied')) : label}</span> : null}
      <span className="sr-only" role="status" aria-live="polite">
        {copied ? t('copy.announce') : ''}
      </span>
    </Button>
  );
}
