'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/components/api/client';
import { apiUpload } from '@/components/api/upload';
import type { BulkResultItem } from '@/lib/documents/schemas';
import type { LinkCopy } from '@/lib/outreach/link-copy';

type Result = BulkResultItem;

/** The supplier's file picker: plain multipart POST to the link's upload operation, results listed. */
export function SupplierUploadForm({
  token,
  text,
}: {
  token: string;
  text: Pick<
    LinkCopy,
    | 'choose'
    | 'send'
    | 'sending'
    | 'done'
    | 'failed'
    | 'limits'
    | 'result_uploaded'
    | 'result_duplicate'
    | 'result_error'
    | 'result_skipped_quota'
  >;
}) {
  const router = useRouter();
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<Result[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!files.length) return;
    setBusy(true);
    setError(null);
    const form = new FormData();
    for (const f of files) form.append('files', f, f.name);
    try {
      const body = await apiUpload<{ results: Result[] }>(
        `/api/supplier-email/upload/${encodeURIComponent(token)}`,
        form,
      );
      setResults(body.results);
      setFiles([]);
      // The list of what is asked shows the new states and counts.
      router.refresh();
    } catch (e) {
      // The server's own sentence where it sent one; otherwise the page's wording (in the supplier's language).
      const envelope =
        e instanceof ApiError && !['NETWORK_ERROR', 'UNEXPECTED_RESPONSE', 'INTERNAL_ERROR'].includes(e.code);
      if (e instanceof ApiError && e.code === 'LINK_LIMIT_REACHED') setError(`${text.failed}: ${text.limits}`);
      else
        setError(
          envelope ? e.message : e instanceof ApiError && e.status ? `${text.failed} (${e.status})` : text.failed,
        );
    } finally {
      setBusy(false);
    }
  }

  const stored = results?.filter((r) => r.status === 'uploaded' || r.status === 'duplicate').length ?? 0;
  return (
    <form onSubmit={submit} className="space-y-4" aria-label={text.send}>
      <label className="block">
        <span className="mb-2 block text-sm font-medium">{text.choose}</span>
        <input
          type="file"
          name="files"
          multiple
          data-testid="supplier-files"
          onChange={(e) => setFiles(Array.from(e.target.files ?? []).slice(0, 10))}
          className="block w-full rounded-md border border-border-strong bg-surface p-3 text-sm file:mr-3 file:rounded file:border-0 file:bg-primary-soft file:px-3 file:py-2"
        />
      </label>
      <p className="text-xs text-muted-foreground">{text.limits}</p>
      <Button type="submit" size="lg" className="w-full sm:w-auto" loading={busy} disabled={!files.length || busy}>
        {busy ? text.sending : text.send}
      </Button>
      {error && (
        <p role="alert" className="rounded-md bg-danger-soft p-3 text-sm text-danger-soft-foreground">
          {error}
        </p>
      )}
      {results && (
        <div role="status" className="space-y-2">
          <p className="font-medium">{text.done.replace('{n}', String(stored))}</p>
          <ul className="space-y-1 text-sm">
            {results.map((r, i) => (
              <li key={i} className="break-all">
                {r.filename}: {text[`result_${r.status}`]}
                {r.message ? ` (${r.message})` : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
    </form>
  );
}
