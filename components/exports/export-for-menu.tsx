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
import { newExportHref, type ExportTemplate } from './types';

/** "Export for…" on the SKU page: the current templates, each opening the new-export dialog for this SKU. */
export function ExportForMenu({ skuId }: { skuId: string }) {
  const templates = useApiQuery<{ data: ExportTemplate[] }>('/api/exports/templates');
  const current = (templates.data?.data ?? []).filter((t) => t.status === 'valid');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="secondary" size="sm" data-testid="export-for">
          <FileDown aria-hidden="true" />
          Export for…
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuLabel>Export this SKU for</DropdownMenuLabel>
        {current.map((t) => (
          <DropdownMenuItem key={t.id} asChild>
            <Link href={newExportHref({ skuIds: [skuId], templateId: t.id })}>
              {t.name} <span className="ml-auto pl-3 text-xs text-muted-foreground">{t.format}</span>
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
