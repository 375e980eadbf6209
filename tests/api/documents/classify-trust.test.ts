/**
 * POST /api/classify on pages, explainers and letters: HTML read by its main content, explainers stay other at low
 * confidence, letters of certification are certificates.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as classifyRoute from '@/app/api/classify/route';
import * as documentRoute from '@/app/api/documents/[id]/route';
import * as reExtractRoute from '@/app/api/documents/[id]/re-extract/route';
import { CLASSIFIER_VERSION } from '@/lib/classify/cache';
import { findReading } from '@/lib/documents/readings';
import { getDb } from '@/lib/db/client';
import { documentReadings, documents } from '@/lib/db/schema';
import { call, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { form, settleJobs, upload } from './helpers';
import { LABELLED_13 } from '../../fixtures/classify/labelled';

/**
 * Issue 13: classification that holds on real documents. Pages with navigation chrome, texts about a
 * document type, certification and authority letters, scans in French and Chinese, the bulk upload of a
 * scan (pending, then typed by OCR) and the reuse of a reading by content.
 */

useTestDatabase();

const FIXTURES = path.resolve(process.cwd(), 'tests/fixtures/classify');
const fixture = (rel: string) => new Uint8Array(fs.readFileSync(path.join(FIXTURES, rel)));
const textOf = (id: string) => LABELLED_13.find((c) => c.id === id)!.text!;

const classifyFile = (u: TestUser, name: string, bytes: Uint8Array | string) =>
  call(classifyRoute, 'POST', '/api/classify', { cookie: u.cookie, rawBody: form([[name, bytes]], {}, 'file') });

describe('POST /api/classify: pages, explainers and letters', () => {
  it('an HTML DoC on a documentation site is read by its main content, not by the menu naming manuals', async () => {
    const u = await makeUser();
    const res = await classifyFile(u, 'x200-declaration.html', fixture('html/doc-on-docs-site.html'));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      document_type: 'declaration_of_conformity',
      snippetSource: 'html_text',
      detected_language: 'en',
      degraded: false,
    });
    expect(res.body.confidence).toBeGreaterThanOrEqual(0.9);
    // The sidebar's "X100 user manual", "safety data sheet" and "EMC test report" are not in what was read.
    expect(res.body.content_snippet).not.toMatch(/X100 user manual|Contact cleaner safety data sheet/);
    expect(res.body.content_snippet).toMatch(/^X200 Smart Plug – EU Declaration of Conformity/);

    const manual = await classifyFile(u, 'setup.html', fixture('html/manual-on-docs-site.html'));
    expect(manual.body.document_type).toBe('manual');
    expect(manual.body.content_snippet).not.toMatch(/X100 declaration of conformity/);
  });

  it('an explainer about risk assessments (HTML and text) is other at low confidence, never a confident hit', async () => {
    const u = await makeUser();
    const html = await classifyFile(
      u,
      'risikobeurteilung-erklaert.html',
      fixture('html/explainer-risikobeurteilung.html'),
    );
    expect(html.body).toMatchObject({
      document_type: 'other',
      file_intent: 'other',
      detected_language: 'de',
      degraded: true,
    });
    expect(html.body.confidence).toBeLessThan(0.6);
    expect(html.body.reasoning).toMatch(/risk assessment/i);
    expect(html.body.diagnostic).toMatchObject({ code: 'low_confidence_other', next_action: 'confirm_or_choose_type' });

    const txt = await classifyFile(u, 'what-is-a-risk-assessment.txt', textOf('l13-en-explainer-ra'));
    expect(txt.body).toMatchObject({ document_type: 'other', file_intent: 'other' });
    expect(txt.body.confidence).toBeLessThan(0.6);
    // A label with "directions for use" and "disposal" is no manual.
    const label = await classifyFile(u, 'label.txt', textOf('l13-en-label-pesticide'));
    expect(label.body.document_type).toBe('other');
  });

  it('a letter of certification and a letter of authority are certificates, not other or SDS', async () => {
    const u = await makeUser();
    const letter = await classifyFile(u, 'Letter_2024-0331.txt', textOf('l13-en-certification-letter'));
    expect(letter.body).toMatchObject({ document_type: 'certificate', file_intent: 'compliance_document' });
    expect(letter.body.confidence).toBeGreaterThanOrEqual(0.6);
    const authority = await classifyFile(u, 'scan_0193.txt', textOf('l13-en-authority-letter'));
    expect(authority.body.document_type).toBe('certificate');
    expect(authority.body.reasoning).not.toMatch(/Classified as safety data sheet/);
  });
});

describe('OCR in more languages, and the bulk upload of a scan', () => {
  it('French and Chinese scans are read in their own language and typed', async () => {
    const u = await makeUser();
    const fr = await classifyFile(u, 'scan_fr.png', fixture('scans/fr-declaration-scan.png'));
    expect(fr.body).toMatchObject({
      document_type: 'declaration_of_conformity',
      detected_language: 'fr',
      snippetSource: 'ocr_text',
    });
    expect(fr.body.content_snippet).toMatch(/D[EÉ]CLARATION UE DE CONFORMIT[EÉ]/);
    const zh = await classifyFile(u, 'scan_zh.png', fixture('scans/zh-test-report-scan.png'));
    expect(zh.body).toMatchObject({ document_type: 'test_report', detected_language: 'zh', snippetSource: 'ocr_text' });
    expect(zh.body.content_snippet).toMatch(/检测报告/);
  }, 120_000);

  it('bulk: a scan is stored processing with an honest note and a pending type, then typed by OCR; the reading is reused', async () => {
    const u = await makeUser();
    const db = await getDb();
    const bytes = fixture('scans/zh-test-report-scan.png');
    const res = await upload(u, [['IMG_0815.png', bytes]]);
    expect(res.status, res.text).toBe(200);
    const [item] = res.body.results;
    expect(item.status).toBe('uploaded');
    expect(item.message).toMatch(/OCR in the background/);
    expect(item.message).not.toMatch(/not requested/);
    const id = item.document_id as string;
    const [stored] = await db.select().from(documents).where(eq(documents.id, id));
    // The job may already have run on a server with a live worker; before it, the type is open.
    if (stored.status === 'processing') {
      expect(stored.classificationConfidence).toBeNull();
      expect((stored.classification as any).diagnostic.message).toMatch(/OCR/);
      const shown = await call(documentRoute, 'GET', `/api/documents/${id}`, { cookie: u.cookie, params: { id } });
      expect(shown.body.document).toMatchObject({ status: 'processing', classification_confidence: null });
    }

    await settleJobs(u.workspaceId, 120_000);
    const after = await call(documentRoute, 'GET', `/api/documents/${id}`, { cookie: u.cookie, params: { id } });
    expect(after.body.document).toMatchObject({
      status: 'ready',
      document_type: 'test_report',
      detected_language: 'zh',
      snippet_source: 'ocr_text',
    });
    expect(after.body.document.classification_confidence).toBeGreaterThan(0.5);
    expect(after.body.document.extractions[0].method).toBe('rules+ocr');
    expect(await findReading(db, { workspaceId: u.workspaceId, sha256: stored.sha256 })).toMatchObject({
      ocr: true,
      snippetSource: 'ocr_text',
    });

    // The same bytes again: re-extraction and POST /api/classify reuse the reading (no second OCR).
    await call(reExtractRoute, 'POST', `/api/documents/${id}/re-extract`, { cookie: u.cookie, params: { id } });
    await settleJobs(u.workspaceId);
    const again = await call(documentRoute, 'GET', `/api/documents/${id}`, { cookie: u.cookie, params: { id } });
    const methods = again.body.document.extractions.map((e: any) => e.method).sort();
    expect(methods).toEqual(['rules+ocr', 'rules+reused']);
    const started = performance.now();
    const cls = await classifyFile(u, 'copy.png', bytes);
    expect(performance.now() - started).toBeLessThan(1500);
    expect(cls.body).toMatchObject({ document_type: 'test_report', snippetSource: 'ocr_text' });

    // Deleted: its reading (the OCR text) is forgotten with it, so the same bytes uploaded again are read anew.
    await call(documentRoute, 'DELETE', `/api/documents/${id}`, { cookie: u.cookie, params: { id } });
    expect(await findReading(db, { workspaceId: u.workspaceId, sha256: stored.sha256 })).toBeNull();
    const re = await upload(u, [['IMG_0815.png', bytes]]);
    expect(re.body.results[0].status).toBe('uploaded');
    expect(re.body.results[0].message).toMatch(/OCR in the background/);
    await settleJobs(u.workspaceId, 120_000);

    // Readings stay in their workspace and their classifier version.
    const other = await makeUser();
    expect(await findReading(db, { workspaceId: other.workspaceId, sha256: stored.sha256 })).toBeNull();
    expect(
      await findReading(db, {
        workspaceId: u.workspaceId,
        sha256: stored.sha256,
        version: `${CLASSIFIER_VERSION}-next`,
      }),
    ).toBeNull();
    const rows = await db
      .select()
      .from(documentReadings)
      .where(and(eq(documentReadings.workspaceId, u.workspaceId), eq(documentReadings.sha256, stored.sha256)));
    expect(rows).toHaveLength(1);
  }, 180_000);
});
