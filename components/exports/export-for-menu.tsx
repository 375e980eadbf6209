'use client';

import Link from 'next/link';
import { ChevronDown, FileDown } from 'lucide-react';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useT } from '@/components/i18n/locale-provider';
import { exportMessages } from '@/lib/i18n/ui/exports';
import { newExportHref, type ExportTemplate } from './types';
import { useTemplateText } from './template-text';

/** "Export for…" on the SKU page: the current templates, each opening the new-export dialog for this SKU. */
export function ExportForMenu({ skuId }: { skuId: string }) {
  const t = useT(exportMessages);
  const templateText = useTemplateText();
  const templates = useApiQuery<{ data: ExportTemplate[] }>('/api/exports/templates');
  const current = (templates.data?.data ?? []).filter((tpl) => tpl.status === 'valid');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="secondary" size="sm" data-testid="export-for">
          <FileDown aria-hidden="true" />
          {t('menu.trigger')}
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuLabel>{t('menu.label')}</DropdownMenuLabel>
        {current.map((tpl) => (
          <DropdownMenuItem key={tpl.id} asChild>
            <Link href={newExportHref({ skuIds: [skuId], templateId: tpl.id })}>
              {templateText(tpl).name} <span className="ml-auto pl-3 text-xs text-muted-foreground">{tpl.format}</span>
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
