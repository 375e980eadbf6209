import { PDFDocument, StandardFonts } from 'pdf-lib';
import * as dossierRoute from '@/app/api/skus/[id]/dossier/route';
import * as skuRoute from '@/app/api/skus/[id]/route';
import { EXTRACT_CASES, HOLDOUT } from '@/tests/fixtures/extract';
import { call, type TestUser } from '../../helpers/http';
import { upload } from '../documents/helpers';

export { createSku, settleJobs, upload } from '../documents/helpers';

export const fixtureText = (id: string) => [...EXTRACT_CASES, ...HOLDOUT].find((c) => c.id === id)!.text;

/** A PDF with a text layer, one page per form-feed-separated part, one line per text line (Helvetica, WinAnsi). */
export async function pdfOf(text: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const part of text.split('\f')) {
    // Wide enough that no line runs off the page (text beyond the media box is clipped by the reader).
    const page = pdf.addPage([1000, 842]);
    part
      .split('\n')
      .forEach((line, i) =>
        page.drawText(line.replace(/[^\x20-\x7e\u00a0-\u00ff–’]/g, '?'), { x: 30, y: 810 - i * 12, size: 8, font }),
      );
  }
  return new Uint8Array(await pdf.save());
}

export async function uploadDoc(
  u: TestUser,
  name: string,
  bytes: Uint8Array | string,
  fields: Record<string, string> = {},
) {
  const res = await upload(u, [[name, bytes]], fields);
  if (res.body?.results?.[0]?.status !== 'uploaded') throw new Error(`upload failed: ${res.text}`);
  return res.body.results[0].document_id as string;
}

export const dossier = async (u: TestUser, skuId: string) =>
  (await call(dossierRoute, 'GET', `/api/skus/${skuId}/dossier`, { cookie: u.cookie, params: { id: skuId } })).body
    .fields as {
    field_key: string;
    current: { value: string } | null;
    suggestions: { id: string; value: string; conflicts_with_current: boolean; provenance: Record<string, unknown> }[];
  }[];

export const skuDetail = async (u: TestUser, skuId: string) =>
  (await call(skuRoute, 'GET', `/api/skus/${skuId}`, { cookie: u.cookie, params: { id: skuId } })).body;
export const blockerCodes = async (u: TestUser, skuId: string) =>
  ((await skuDetail(u, skuId)).blockers as { code: string; waived?: boolean }[]).map((b) => b.code);
