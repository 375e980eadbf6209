'use client';

import * as React from 'react';
import { FileQuestion } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { useT } from '@/components/i18n/locale-provider';
import { documentMessages } from '@/lib/i18n/ui/documents';
import { snippetSourceLabel } from './labels';
import type { VaultDocument } from './types';

/** Image types every current browser draws; HEIC and TIFF are not among them. */
const DRAWABLE_IMAGES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/svg+xml',
  'image/bmp',
  'image/avif',
]);

/**
 * The document itself: PDFs in the browser's viewer (an iframe on the file route, which the server
 * sandboxes with a CSP), images as images, anything else as the text the classifier read.
 */
export function DocumentPreview({ doc }: { doc: VaultDocument }) {
  const t = useT(documentMessages);
  const src = `/api/documents/${encodeURIComponent(doc.id)}/file`;
  const mime = (doc.mime_type ?? '').toLowerCase();
  const [imageFailed, setImageFailed] = React.useState(false);
  const snippet = doc.classification?.content_snippet?.trim() ?? '';

  if (mime === 'application/pdf') {
    // The fragment asks the browser's viewer to fit the page width without the thumbnail pane.
    return (
      <iframe
        src={`${src}#view=FitH&navpanes=0`}
        title={t('preview.label', { filename: doc.filename })}
        className="h-[72vh] min-h-96 w-full rounded-b-lg border-0 bg-surface-muted"
        data-testid="pdf-preview"
      />
    );
  }
  if (DRAWABLE_IMAGES.has(mime) && !imageFailed) {
    return (
      <div className="flex max-h-[72vh] justify-center overflow-auto bg-surface-muted p-4">
        {/* eslint-disable-next-line @next/next/no-img-element -- an authenticated API file, not a static asset */}
        <img
          src={src}
          alt={t('preview.label', { filename: doc.filename })}
          className="h-auto max-w-full object-contain shadow-sm"
          onError={() => setImageFailed(true)}
          data-testid="image-preview"
        />
      </div>
    );
  }
  if (snippet) {
    return (
      <div className="p-5" data-testid="text-preview">
        <p className="mb-2 text-xs text-muted-foreground">
          {t('preview.text_intro', {
            source: snippetSourceLabel(doc.snippet_source ?? doc.classification?.snippetSource, t),
          })}
        </p>
        <pre className="max-h-[60vh] overflow-auto rounded-md border border-border bg-surface-muted/60 p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap text-foreground">
          {snippet}
        </pre>
      </div>
    );
  }
  return (
    <EmptyState compact icon={FileQuestion} title={t('preview.none_title')} description={t('preview.none_body')} />
  );
}
