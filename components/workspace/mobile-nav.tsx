'use client';

import * as React from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { Menu, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { SidebarNav } from './sidebar-nav';
import { shellMessages } from '@/lib/i18n/ui/shell';
import { useT } from '@/components/i18n/locale-provider';

/** The sidebar as a drawer on narrow screens. */
export function MobileNav({ header }: { header: React.ReactNode }) {
  const [open, setOpen] = React.useState(false);
  const t = useT(shellMessages);

  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={t('nav.open')}>
          <Menu aria-hidden="true" />
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/35 data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r border-border bg-sidebar p-3 shadow-xl outline-none data-[state=open]:animate-sheet-in"
          aria-describedby={undefined}
        >
          <DialogPrimitive.Title className="sr-only">{t('nav.title')}</DialogPrimitive.Title>
          <div className="mb-3 flex items-start justify-between gap-2">
            <div className="min-w-0 flex-1">{header}</div>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon-sm" aria-label={t('nav.close')}>
                <X aria-hidden="true" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <SidebarNav onNavigate={() => setOpen(false)} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
