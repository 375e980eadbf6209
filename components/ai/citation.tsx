'use client';

import { ExternalLink, FileText } from 'lucide-react';
import { useT } from '@/components/i18n/locale-provider';
import { aiMessages } from '@/lib/i18n/ui/ai';

/**
 * Where a suggestion is quoted from: the document at the page (the browser's PDF viewer opens at
 * #page and, where it supports it, searches the first words of the quote), with the quote shown and
 * marked.
 */
export function documentLink(documentId: string, page: number | null, quote: string) {
  const words = quote.replace(/\s+/g, ' ').trim().split(' ').slice(0, 6).join(' ');
  const hash = [page ? `page=${page}` : null, words ? `search=${encodeURIComponent(words)}` : null]
    .filter(Boolean)
    .join('&');
  return `/api/documents/${documentId}/file${hash ? `#${hash}` : ''}`;
}

export function Citation({
  documentId,
  documentName,
  sourceUrl,
  page,
  quote,
}: {
  documentId: string | null;
  documentName: string | null;
  sourceUrl?: string | null;
  page: number | null;
  quote: string;
}) {
  const t = useT(aiMessages);
  return (
    <figure className="mt-1.5 grid gap-1" data-testid="ai-citation">
      <blockquote className="border-l-2 border-warning pl-2 text-xs text-muted-foreground">
        <mark className="rounded-sm bg-warning-soft px-0.5 text-foreground" data-testid="ai-quote">
          {quote.length > 400 ? `${quote.slice(0, 399)}…` : quote}
        </mark>
      </blockquote>
      {documentId ? (
        <figcaption>
          <a
            href={documentLink(documentId, page, quote)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-xs font-medium text-primary hover:underline"
            data-testid="ai-citation-link"
          >
            <FileText className="size-3" aria-hidden="true" />
            {documentName ?? t('citation.document')}
            {page ? `, ${t('citation.page', { page })}` : ''}
            <ExternalLink className="size-3" aria-hidden="true" />
          </a>
        </figcaption>
      ) : sourceUrl ? (
        <figcaption>
          <a
            href={sourceUrl}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="inline-flex items-center gap-1 break-all text-xs font-medium text-primary hover:underline"
            data-testid="ai-citation-link"
          >
            {sourceUrl}
            <ExternalLink className="size-3 shrink-0" aria-hidden="true" />
          </a>
        </figcaption>
      ) : null}
    </figure>
  );
}
