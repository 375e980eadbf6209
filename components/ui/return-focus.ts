'use client';

/**
 * Focus back to what opened a dialog, after Esc, a close button or a finished action. Radix returns
 * focus to the element focused when the dialog opened, which is often gone by then: a menu item (its
 * menu closed), or an "Add" button the saved value replaced. Focus then fell to <body>, and a keyboard
 * user started over at the top of the page. Here the opener is taken from the menu's trigger when it
 * was a menu item, and when it has left the page, the first control of its nearest ancestor still
 * there (the row whose "Add" became "Edit") takes focus.
 */
import * as React from 'react';

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), summary';

/** The last element that had focus outside a dialog: an opener a menu's closing took focus from. */
let lastOutside: HTMLElement | null = null;
let tracking = false;

const inDialog = (el: Element) => Boolean(el.closest('[role="dialog"], [role="alertdialog"]'));

/**
 * Installed when this module loads (the app's providers import it), not when the first dialog mounts:
 * a dialog whose field has `autoFocus` takes focus while React commits, before any effect of the
 * dialog runs, and the focusin of that field is then the only trace of the opener (its relatedTarget).
 */
export function trackFocus() {
  if (tracking || typeof document === 'undefined') return;
  tracking = true;
  document.addEventListener(
    'focusin',
    (e) => {
      const el = e.target;
      if (!(el instanceof HTMLElement)) return;
      // A select's list (portalled outside its dialog) is never an opener.
      if (el.closest('[role="listbox"]')) return;
      if (!inDialog(el)) lastOutside = el;
      else if (e.relatedTarget instanceof HTMLElement && !inDialog(e.relatedTarget)) lastOutside = e.relatedTarget;
    },
    true,
  );
}
trackFocus();

/** A menu item stands for its menu's trigger, which stays on the page. */
function opener(el: HTMLElement | null): HTMLElement | null {
  if (!el || el === document.body) return null;
  const menu = el.closest<HTMLElement>('[role="menu"]');
  if (menu?.id) {
    const trigger = document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`);
    if (trigger) return trigger;
  }
  return el;
}

function focusable(el: HTMLElement): boolean {
  return (
    el.isConnected && !el.matches(':disabled') && !el.closest('[inert], [hidden]') && el.getClientRects().length > 0
  );
}

function restore(target: HTMLElement, ancestors: HTMLElement[]) {
  if (focusable(target)) {
    target.focus();
    return;
  }
  for (const a of ancestors) {
    if (!a.isConnected) continue;
    const next = [...a.querySelectorAll<HTMLElement>(TABBABLE)].find(focusable);
    if (next) {
      next.focus();
      return;
    }
  }
}

/**
 * Handlers for a Radix dialog's Content: `onOpenAutoFocus` notes the opener, `onCloseAutoFocus`
 * sends focus back to it (after the page re-rendered). A caller's own handlers run first; one that
 * prevents the default keeps its own choice.
 */
export function useReturnFocus(props: { onOpenAutoFocus?: (e: Event) => void; onCloseAutoFocus?: (e: Event) => void }) {
  const target = React.useRef<HTMLElement | null>(null);
  const ancestors = React.useRef<HTMLElement[]>([]);
  React.useEffect(trackFocus, []);
  const { onOpenAutoFocus, onCloseAutoFocus } = props;
  const note = React.useCallback((from: HTMLElement | null) => {
    target.current = from;
    ancestors.current = [];
    for (let a = from?.parentElement ?? null; a && a !== document.body; a = a.parentElement) ancestors.current.push(a);
  }, []);
  return {
    onOpenAutoFocus: React.useCallback(
      (e: Event) => {
        const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        // A field of the dialog that took focus by autoFocus is not the opener: the last control outside is.
        const outside = active && active !== document.body && !inDialog(active) ? active : null;
        note(opener(outside ?? lastOutside));
        onOpenAutoFocus?.(e);
      },
      [onOpenAutoFocus, note],
    ),
    onCloseAutoFocus: React.useCallback(
      (e: Event) => {
        onCloseAutoFocus?.(e);
        if (e.defaultPrevented) return;
        // Radix skips the open event when a field of the dialog already had focus (autoFocus): the
        // opener is then the last control focused outside any dialog.
        if (!target.current) note(opener(lastOutside));
        const from = target.current;
        const chain = ancestors.current;
        target.current = null;
        if (!from) return;
        e.preventDefault();
        // The closing may re-render the opener's row (Add → Edit): look once the page has settled.
        requestAnimationFrame(() => restore(from, chain));
      },
      [onCloseAutoFocus, note],
    ),
  };
}
