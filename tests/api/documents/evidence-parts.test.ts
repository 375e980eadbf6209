/**
 * A document may hold evidence parts: a manual whose last page is a declaration lists it with its page range; a
 * declaration itself has none.
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import * as documentRoute from '@/app/api/documents/[id]/route';
import { call, makeUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { declarationPdf, settleJobs, upload } from './helpers';
import { MANUAL_WITH_DOC_PAGES } from '../../fixtures/classify/manual-with-doc';

/**
 * GET /api/documents/{id} names the evidence inside a document (issue 34): a manual whose last page is
 * its EU declaration of conformity stays a manual and lists the declaration with its pages, once the
 * background extraction has read every page; a plain declaration lists none. Additive field
 * evidence_parts (documents are free-form objects in the contract).
 */
useTestDatabase();

async function pdfOf(pages: string[][]) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage([595, 842]);
    lines.forEach((l, i) => page.drawText(l, { x: 40, y: 780 - i * 20, size: 9, font }));
  }
  return new Uint8Array(await pdf.save());
}

describe('evidence parts on the document', () => {
  it('a manual with a declaration in its last page lists the declaration with its page range', async () => {
    const u = await makeUser();
    const res = await upload(u, [['ts3-manual.pdf', await pdfOf(MANUAL_WITH_DOC_PAGES)]]);
    const id = res.body.results[0].document_id as string;
    await settleJobs(u.workspaceId);
    const doc = (await call(documentRoute, 'GET', `/api/documents/${id}`, { cookie: u.cookie, params: { id } })).body
      .document;
    expect(doc.document_type).toBe('manual');
    expect(doc.evidence_parts).toEqual([
      { type: 'declaration_of_conformity', page_from: 4, page_to: 4, confidence: expect.any(Number) },
    ]);
  });

  it('a declaration of conformity has no parts', async () => {
    const u = await makeUser();
    const res = await upload(u, [['doc.pdf', await declarationPdf()]]);
    const id = res.body.results[0].document_id as string;
    await settleJobs(u.workspaceId);
    const doc = (await call(documentRoute, 'GET', `/api/documents/${id}`, { cookie: u.cookie, params: { id } })).body
      .document;
    expect(doc.document_type).toBe('declaration_of_conformity');
    expect(doc.evidence_parts).toEqual([]);
  });
});
