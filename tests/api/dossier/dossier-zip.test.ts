/**
 * GET /api/skus/{id}/dossier.zip: a streamed ZIP with dossier.pdf in the asked locale and every attached
 * document under safe, unique names; unknown locales 400, other workspaces 404, missing blobs listed, and
 * an unreadable document fails the stream, not the process. Only documents whose link is accepted evidence
 * (issue 33) are listed in the PDF or bundled: proposed, rejected and about-another-product ones are not.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import JSZip from 'jszip';
import yauzl from 'yauzl';
import * as zipRoute from '@/app/api/skus/[id]/dossier.zip/route';
import * as waiversRoute from '@/app/api/skus/[id]/waivers/route';
import { getDb } from '@/lib/db/client';
import { documents, documentSkus } from '@/lib/db/schema';
import { documentEntryNames, safeEntryName } from '@/lib/exports/dossier-zip';
import { t } from '@/lib/i18n/messages';
import { getBlobStore } from '@/lib/storage';
import { call, expectEnvelope, makeUser, ORIGIN, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { addDocument, readySku, setField, withTempBlobStore } from '../skus/fixtures';

useTestDatabase();
withTempBlobStore();

async function download(u: TestUser, id: string, locale?: string) {
  const url = new URL(`/api/skus/${id}/dossier.zip`, ORIGIN);
  if (locale) url.searchParams.set('locale', locale);
  const res = await zipRoute.GET(new Request(url, { headers: { cookie: u.cookie } }), {
    params: Promise.resolve({ id }),
  });
  return res;
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: bytes, useSystemFonts: false, disableFontFace: true } as Parameters<
    typeof pdfjs.getDocument
  >[0]);
  const doc = await task.promise;
  const out: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const content = await page.getTextContent();
    out.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  await task.destroy();
  return out.join('\n');
}

function yauzlEntries(buf: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const names: string[] = [];
      zip.on('entry', (e: yauzl.Entry) => {
        names.push(e.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('downloadSkuDossier — GET /api/skus/{id}/dossier.zip', () => {
  it('streams a ZIP with dossier.pdf (German labels, the product data) and every attached document under safe, unique names', async () => {
    const u = await makeUser();
    const sku = await readySku(u, { product_name: 'Holzeisenbahn Ölbaum' });
    const other = await readySku(u);
    await setField(u, sku.id, 'target_markets', 'DE,FR');
    const waiver = await call(waiversRoute, 'POST', `/api/skus/${sku.id}/waivers`, {
      cookie: u.cookie,
      params: { id: sku.id },
      body: { code: 'WARNINGS_MISSING_FOR_LANGUAGE', reason: 'Französische Etiketten liefert der Händler.' },
    });
    expect(waiver.status, waiver.text).toBe(201);
    const hostile = [
      { filename: '../../etc/passwd', body: 'a' },
      { filename: 'Report.pdf', body: 'b' },
      { filename: 'Report.pdf', body: 'c' },
      { filename: 'C:\\Windows\\CON.pdf', body: 'd' },
      { filename: 'Prüfbericht EN 71 – Teil 1.pdf', body: 'e' },
      { filename: '\u0007\u001b.hidden', body: 'f' },
    ];
    for (const h of hostile)
      await addDocument(u, {
        skuIds: [sku.id],
        type: 'test_report',
        filename: h.filename,
        bytes: new TextEncoder().encode(`%PDF-1.4 ${h.body}`),
      });
    // A document shared through the join table counts as attached too.
    await addDocument(u, {
      skuIds: [other.id, sku.id],
      type: 'declaration_of_conformity',
      filename: 'DoC shared.pdf',
    });

    const res = await download(u, sku.id, 'de');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="dossier-${sku.sku_code}-de.zip"`);
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.body).toBeInstanceOf(ReadableStream);
    const buf = Buffer.from(await res.arrayBuffer());

    const zip = await JSZip.loadAsync(buf);
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(
      [
        'dossier.pdf',
        'documents/01-Risk assessment CB-200.pdf',
        'documents/02-passwd.pdf',
        'documents/03-Report.pdf',
        'documents/04-Report.pdf',
        'documents/05-document_CON.pdf',
        'documents/06-Prüfbericht EN 71 – Teil 1.pdf',
        'documents/07-document.hidden',
        'documents/08-DoC shared.pdf',
      ].sort(),
    );
    for (const n of names) {
      expect(n).not.toMatch(/\.\.|^\/|\\|[\u0000-\u001f]/);
    }
    // yauzl with strict file names agrees the archive is well-formed.
    expect((await yauzlEntries(buf)).sort()).toEqual(names);
    expect(await zip.file('documents/04-Report.pdf')!.async('string')).toBe('%PDF-1.4 c');

    const text = await pdfText(await zip.file('dossier.pdf')!.async('uint8array'));
    expect(text).toContain('Holzeisenbahn Ölbaum');
    expect(text).toContain(t('de', 'pdf.title'));
    expect(text).toContain(t('de', 'pdf.product_name'));
    expect(text).toContain('Holzwerk Müller GmbH');
    expect(text).toContain('Werkstraße 5');
    expect(text).toContain('CB-200');
    expect(text).toContain('Französische Etiketten liefert der Händler.');
    expect(text).toContain('Prüfbericht EN 71');
  });

  it('English by default, Portuguese on request, 400 for an unknown locale, 404 for another workspace, missing blobs listed instead of failing', async () => {
    const u = await makeUser();
    const sku = await readySku(u);
    const doc = await addDocument(u, { skuIds: [sku.id], type: 'manual', filename: 'Gone.pdf' });
    await getBlobStore().delete(doc.storageKey);
    const res = await download(u, sku.id);
    expect(res.status).toBe(200);
    const zip = await JSZip.loadAsync(Buffer.from(await res.arrayBuffer()));
    expect(Object.keys(zip.files).sort()).toEqual([
      'documents/01-Risk assessment CB-200.pdf',
      'dossier.pdf',
      'missing-documents.txt',
    ]);
    expect(await zip.file('missing-documents.txt')!.async('string')).toContain('Gone.pdf');
    const text = await pdfText(await zip.file('dossier.pdf')!.async('uint8array'));
    expect(text).toContain(t('en', 'pdf.title'));
    expect(text).toContain('Gone.pdf');

    expectEnvelope(
      await call(zipRoute, 'GET', `/api/skus/${sku.id}/dossier.zip`, {
        cookie: u.cookie,
        params: { id: sku.id },
        query: { locale: 'ja' },
      }),
      400,
      'VALIDATION_FAILED',
    );
    // Every official EU language is offered (issue 42): Portuguese labels for an authority in Lisbon.
    const pt = await download(u, sku.id, 'pt');
    expect(pt.status).toBe(200);
    const ptZip = await JSZip.loadAsync(Buffer.from(await pt.arrayBuffer()));
    expect(await pdfText(await ptZip.file('dossier.pdf')!.async('uint8array'))).toContain(t('pt', 'pdf.title'));
    const stranger = await makeUser();
    expectEnvelope(
      await call(zipRoute, 'GET', `/api/skus/${sku.id}/dossier.zip`, {
        cookie: stranger.cookie,
        params: { id: sku.id },
      }),
      404,
      'NOT_FOUND',
    );
    const db = await getDb();
    expect((await db.select().from(documents).where(eq(documents.id, doc.id))).length).toBe(1);
  });

  it('lists and bundles only accepted evidence: a rejected, a proposed and an about-another-product document stay out', async () => {
    const u = await makeUser();
    const sku = await readySku(u);
    const db = await getDb();
    const excluded: Record<string, string> = {
      rejected: 'Rejected DoC ZX-9.pdf',
      proposed: 'Proposed test report.pdf',
      about_another_product: 'DoC of PAN-C v2.pdf',
    };
    for (const [status, filename] of Object.entries(excluded)) {
      const doc = await addDocument(u, {
        skuIds: [sku.id],
        type: 'declaration_of_conformity',
        filename,
        evidence: 'proposed',
      });
      await db
        .update(documentSkus)
        .set({ evidenceStatus: status as 'rejected' | 'proposed' | 'about_another_product' })
        .where(and(eq(documentSkus.documentId, doc.id), eq(documentSkus.skuId, sku.id)));
    }
    await addDocument(u, { skuIds: [sku.id], type: 'test_report', filename: 'Accepted EN 71 report.pdf' });

    const res = await download(u, sku.id);
    expect(res.status).toBe(200);
    const zip = await JSZip.loadAsync(Buffer.from(await res.arrayBuffer()));
    expect(Object.keys(zip.files).sort()).toEqual([
      'documents/01-Risk assessment CB-200.pdf',
      'documents/02-Accepted EN 71 report.pdf',
      'dossier.pdf',
    ]);
    const text = await pdfText(await zip.file('dossier.pdf')!.async('uint8array'));
    expect(text).toContain('Accepted EN 71 report.pdf');
    for (const filename of Object.values(excluded)) expect(text).not.toContain(filename);
  });

  it('a document that cannot be read mid-archive fails the stream, not the process', async () => {
    const u = await makeUser();
    const sku = await readySku(u);
    const real = getBlobStore();
    const flaky = {
      ...real,
      getStream: async () => {
        throw new Error('storage went away');
      },
    };
    const { streamDossierZip } = await import('@/lib/exports/dossier-zip');
    const zip = await streamDossierZip(await getDb(), {
      workspaceId: u.workspaceId,
      actor: { userId: u.id, apiKeyId: null, label: u.email },
      id: sku.id,
      store: flaky,
    });
    // A slow client: the failure happens before anyone reads, and must still surface as a stream error.
    await new Promise((r) => setTimeout(r, 300));
    await expect(new Response(zip.stream).arrayBuffer()).rejects.toThrow();
  });

  it('entry names: no directories, reserved names or control characters; unique case-insensitively', () => {
    expect(safeEntryName('../../x/y/..evil.PDF', 'application/pdf')).toBe('evil.pdf');
    expect(safeEntryName('nul', 'text/plain')).toBe('document_nul.txt');
    expect(safeEntryName('', 'application/pdf')).toBe('document.pdf');
    expect(safeEntryName('a<b>c:d|e?.docx', 'x')).toBe('a_b_c_d_e_.docx');
    expect(safeEntryName('x'.repeat(500) + '.pdf', 'application/pdf')).toHaveLength(84);
    expect(
      documentEntryNames([
        { filename: 'A.pdf', mimeType: 'application/pdf' },
        { filename: 'a.pdf', mimeType: 'application/pdf' },
      ]),
    ).toEqual(['documents/01-A.pdf', 'documents/02-a.pdf']);
  });
});
