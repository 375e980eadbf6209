'use client';

import * as React from 'react';
import { cn } from '@/lib/utils/cn';
import { useCan, type Action } from './role-context';

type Gatable = React.ReactElement<{
  onClick?: React.MouseEventHandler;
  'aria-disabled'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
  title?: string;
  tabIndex?: number;
}>;

/**
 * The one way a control the member's role may not use is shown: still visible and focusable, marked
 * aria-disabled, its clicks swallowed, and described by the reason (read out by assistive technology,
 * and shown as text when `showReason` is set, so it is never hover-only). Allowed: the child as is.
 */
export function RoleGate({
  need,
  children,
  showReason = false,
  className,
  ...slotted
}: { need: Action; children: Gatable; showReason?: boolean; className?: string } & Record<string, unknown>) {
  const can = useCan(need);
  const id = React.useId();
  // Props a parent `asChild` trigger puts on the gate (its ref, onClick, aria-expanded) belong to the control.
  const control = Object.keys(slotted).length
    ? React.cloneElement(children, withHandlers(children.props, slotted))
    : children;
  if (can.allowed) return control;
  const described = [children.props['aria-describedby'], id].filter(Boolean).join(' ');
  const gated = React.cloneElement(control, {
    'aria-disabled': true,
    'aria-describedby': described,
    title: can.reason ?? undefined,
    onClick: (e: React.MouseEvent) => {
      e.preventDefault();
      e.stopPropagation();
    },
  });
  return (
    <span className={cn('inline-flex flex-col gap-1', className)} data-role-gate="">
      {gated}
      <span id={id} className={showReason ? 'max-w-xs text-xs text-muted-foreground' : 'sr-only'}>
        {can.reason}
      </span>
    </span>
  );
}

/** The control's own event handlers run first, then the parent's, as Radix's Slot composes them. */
function withHandlers(own: Record<string, unknown>, parent: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...parent };
  for (const [k, v] of Object.entries(parent)) {
    const mine = own[k];
    if (/^on[A-Z]/.test(k) && typeof v === 'function' && typeof mine === 'function') {
      merged[k] = (...args: unknown[]) => {
        (mine as (...a: unknown[]) => unknown)(...args);
        (v as (...a: unknown[]) => unknown)(...args);
      };
    }
  }
  return merged;
}
