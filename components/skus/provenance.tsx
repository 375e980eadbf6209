'use client';

import { Bot, Building2, FileSpreadsheet, FileText, History, PenLine } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { useFormat, useLocale, useT } from '@/components/i18n/locale-provider';
import { translator, type UiLocale } from '@/lib/i18n/ui';
import { skuDossierMessages } from '@/lib/i18n/ui/sku-dossier';
import { sourceText, valueStatusText } from './vocabulary';
import type { DossierValue, Provenance } from './types';

function truncate(v: unknown, n: number) {
  const s = String(v);
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

/** Short label of where a value came from: "Manual", "Import row 12", "DoC-BL40.pdf p.3", "AI suggestion", "Entity". */
export function provenanceLabel(source: string, p: Provenance | null | undefined, locale: UiLocale): string {
  const t = translator(skuDossierMessages, locale);
  switch (source) {
    case 'manual':
      return t('prov.manual_badge');
    case 'import':
      return p?.row ? t('prov.import_row', { row: String(p.row) }) : sourceText(source, locale);
    case 'document_extraction':
      // Which document, not just "Document": a SKU often has several.
      return `${p?.document_name ? truncate(p.document_name, 28) : t('document')}${p?.page ? t('prov.page_short', { page: String(p.page) }) : ''}`;
    case 'ai_suggestion':
      return sourceText(source, locale);
    case 'entity_sync':
      return t('prov.entity_badge');
    case 'supplier_answer':
      return t('prov.supplier_badge');
    default:
      return source.replace(/_/g, ' ');
  }
}

const STYLE: Record<string, { variant: 'neutral' | 'info' | 'violet' | 'warning' | 'primary'; icon: typeof PenLine }> =
  {
    manual: { variant: 'neutral', icon: PenLine },
    import: { variant: 'info', icon: FileSpreadsheet },
    document_extraction: { variant: 'violet', icon: FileText },
    ai_suggestion: { variant: 'warning', icon: Bot },
    entity_sync: { variant: 'primary', icon: Building2 },
  };

function ProvenanceDetails({
  source,
  p,
  by,
  at,
  confidence,
}: {
  source: string;
  p: Provenance | null | undefined;
  by?: string | null;
  at?: string | null;
  confidence?: number | null;
}) {
  const t = useT(skuDossierMessages);
  const f = useFormat();
  const lines: string[] = [];
  if (source === 'document_extraction') {
    lines.push(
      `${p?.document_name ? t('prov.from_named_document', { name: truncate(p.document_name, 60) }) : t('prov.from_a_document')}${p?.page ? t('prov.page', { page: String(p.page) }) : ''}.`,
    );
  } else if (source === 'import') {
    lines.push(
      `${t('prov.from_import')}${p?.row ? t('prov.row', { row: String(p.row) }) : ''}${p?.column ? t('prov.column', { column: truncate(p.column, 40) }) : ''}.`,
    );
  } else if (source === 'ai_suggestion') {
    lines.push(t('prov.ai'));
  } else if (source === 'entity_sync') {
    lines.push(t('prov.entity_sync'));
  } else if (source === 'manual') {
    lines.push(t('prov.manual'));
  }
  if (typeof confidence === 'number') lines.push(t('prov.confidence', { percent: Math.round(confidence * 100) }));
  if (p?.note) lines.push(truncate(p.note, 160));
  if (by || at) lines.push([by, at ? f.dateTime(at) : null].filter(Boolean).join(' · '));
  return (
    <div className="grid gap-1">
      {p?.quote ? (
        <blockquote className="border-l-2 border-white/40 pl-2 italic">
          {t('quote', { text: truncate(p.quote, 400) })}
        </blockquote>
      ) : null}
      {lines.map((l) => (
        <span key={l}>{l}</span>
      ))}
    </div>
  );
}

/** Where a dossier value came from, with the document quote (and page) on hover or focus. */
export function ProvenanceBadge({
  value,
}: {
  value: Pick<
    DossierValue,
    'source' | 'provenance' | 'created_by' | 'created_at' | 'confidence' | 'decided_by' | 'decided_at'
  >;
}) {
  const locale = useLocale();
  const style = STYLE[value.source] ?? STYLE.manual!;
  const Icon = style.icon;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          className="rounded-md focus-visible:outline-2 focus-visible:outline-ring"
          data-testid="provenance"
          data-source={value.source}
        >
          <Badge variant={style.variant} className="cursor-help">
            <Icon aria-hidden="true" />
            {provenanceLabel(value.source, value.provenance, locale)}
          </Badge>
        </button>
      </TooltipTrigger>
      <TooltipContent className="max-w-sm">
        <ProvenanceDetails
          source={value.source}
          p={value.provenance}
          by={value.decided_by ?? value.created_by}
          at={value.decided_at ?? value.created_at}
          confidence={value.confidence}
        />
      </TooltipContent>
    </Tooltip>
  );
}

function historyState(
  v: DossierValue,
  t: (key: 'history.replaced') => string,
  locale: UiLocale,
): { label: string; variant: 'neutral' | 'danger' | 'success' } {
  if (v.status === 'rejected') return { label: valueStatusText('rejected', locale), variant: 'danger' };
  if (v.superseded_at) return { label: t('history.replaced'), variant: 'neutral' };
  return { label: locale === 'en' ? v.status : valueStatusText(v.status, locale), variant: 'success' };
}

/** Earlier and rejected values of a field, newest first, in a popover. */
export function HistoryPopover({ label, history }: { label: string; history: DossierValue[] }) {
  const t = useT(skuDossierMessages);
  const f = useFormat();
  const locale = useLocale();
  if (history.length === 0) return null;
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="h-7 px-2 text-xs text-muted-foreground"
          aria-label={t('history.of', { label })}
        >
          <History aria-hidden="true" />
          {history.length}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-96">
        <h4 className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {t('history.title', { label })}
        </h4>
        <ol className="grid gap-2.5">
          {history.map((v) => {
            const st = historyState(v, t, locale);
            return (
              <li key={v.id} className="grid gap-1 border-b border-border pb-2.5 last:border-0 last:pb-0">
                <p className="line-clamp-4 break-words whitespace-pre-wrap text-foreground">{v.value}</p>
                <div className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
                  <Badge variant={st.variant}>{st.label}</Badge>
                  <Badge variant="outline">{provenanceLabel(v.source, v.provenance, locale)}</Badge>
                  <span>
                    {v.decided_by ?? v.created_by ?? t('history.unknown')} ·{' '}
                    {f.dateTime(v.superseded_at ?? v.decided_at ?? v.created_at)}
                  </span>
                </div>
              </li>
            );
          })}
        </ol>
      </PopoverContent>
    </Popover>
  );
}
