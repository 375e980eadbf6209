/**
 * Classification routes: POST /api/classify from JSON (five languages, Accept-Language reasoning, AI
 * refinement and fallback) and from multipart files, POST /api/classify/containers for bundles, hostile
 * archives and e-mails; exact contract keys, and 400/413/415 where the contract says.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import JSZip from 'jszip';
import { afterEach, describe, expect, it } from 'vitest';
import * as classifyRoute from '@/app/api/classify/route';
import * as containersRoute from '@/app/api/classify/containers/route';
import { ClassificationResultSchema } from '@/lib/classify/schemas';
import { ContainerClassificationSchema } from '@/lib/containers';
import { call, expectEnvelope, makeUser, type TestUser } from '../../helpers/http';
import { useTestDatabase } from '../../helpers/db';
import { corpus, form, keysOf } from './helpers';

useTestDatabase();

const MB = 1024 * 1024;
const RESULT_KEYS = [
  'file_intent',
  'document_type',
  'document_type_confidence',
  'confidence',
  'detected_language',
  'reasoning',
  'signals_used',
  'content_snippet',
  'snippetSource',
  'degraded',
  'diagnostic',
];

const classifyJson = (u: TestUser, body: unknown, headers: Record<string, string> = {}) =>
  call(classifyRoute, 'POST', '/api/classify', { cookie: u.cookie, body, headers });
const classifyFile = (
  u: TestUser,
  name: string,
  bytes: Uint8Array | string,
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
) =>
  call(classifyRoute, 'POST', '/api/classify', {
    cookie: u.cookie,
    rawBody: form([[name, bytes]], fields, 'file'),
    headers,
  });
const classifyContainer = (u: TestUser, name: string, bytes: Uint8Array, fields: Record<string, string> = {}) =>
  call(containersRoute, 'POST', '/api/classify/containers', {
    cookie: u.cookie,
    rawBody: form([[name, bytes]], fields, 'file'),
  });

/** The contract's "no additional properties": the strict schema parses it, and only known keys appear. */
function expectClassification(body: any) {
  expect(() => ClassificationResultSchema.parse(body)).not.toThrow();
  for (const k of Object.keys(body)) expect(RESULT_KEYS).toContain(k);
}

const savedEnv = { ...process.env };
afterEach(() => {
  for (const k of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'AI_MODEL']) {
    if (savedEnv[k] === undefined) delete process.env[k];
    else process.env[k] = savedEnv[k];
  }
});

describe('POST /api/classify (JSON)', () => {
  it('classifies from file name and snippet in five languages, ClassificationResult with no extra keys', async () => {
    const u = await makeUser();
    const cases: [Record<string, unknown>, string, string | null][] = [
      [{ filename: 'EU-Konformitätserklärung_WT-100.pdf' }, 'declaration_of_conformity', null],
      [
        {
          filename: 'scan_0042.pdf',
          mime_type: 'application/pdf',
          content_snippet:
            'Déclaration UE de conformité\nNous, Acme SAS, déclarons sous notre seule responsabilité que le produit est conforme à la directive 2009/48/CE.',
          snippet_source: 'pdf_first_page',
        },
        'declaration_of_conformity',
        'fr',
      ],
      [
        {
          filename: 'doc.pdf',
          content_snippet:
            'Prüfbericht Nr. 2024-118. Prüfgegenstand: Holzeisenbahn. Prüfergebnis: Die Probe erfüllt die Anforderungen der EN 71-3.',
          snippet_source: 'pdf_first_page',
        },
        'test_report',
        'de',
      ],
      [
        {
          filename: 'fds.pdf',
          content_snippet:
            'Fiche de données de sécurité conformément au règlement (CE) n° 1907/2006 (REACH). Rubrique 1: Identification de la substance',
          snippet_source: 'pdf_first_page',
        },
        'safety_data_sheet',
        'fr',
      ],
      [
        {
          filename: 'CPSR_face_cream.pdf',
          content_snippet:
            'Cosmetic Product Safety Report according to Regulation (EC) No 1223/2009, Annex I. Part A – Cosmetic product safety information.',
          snippet_source: 'pdf_first_page',
        },
        'cpsr',
        'en',
      ],
      [
        {
          filename: 'manual.pdf',
          content_snippet:
            'Gebrauchsanleitung. Bitte lesen Sie diese Anleitung vor dem ersten Gebrauch sorgfältig durch und bewahren Sie sie auf. Sicherheitshinweise: Achtung!',
          snippet_source: 'pdf_first_page',
        },
        'manual',
        'de',
      ],
    ];
    for (const [body, type, lang] of cases) {
      const res = await classifyJson(u, body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expectClassification(res.body);
      expect(res.body.document_type, JSON.stringify(body)).toBe(type);
      expect(res.body.file_intent).toBe('compliance_document');
      if (lang) expect(res.body.detected_language).toBe(lang);
    }
    // File name only: says so, degraded, with a diagnostic and next action.
    const nameOnly = await classifyJson(u, { filename: 'IMG_2041.jpg', mime_type: 'image/jpeg' });
    expectClassification(nameOnly.body);
    expect(nameOnly.body).toMatchObject({
      snippetSource: 'filename_only',
      degraded: true,
      diagnostic: { next_action: expect.any(String) },
    });
  });

  it('the reasoning follows Accept-Language', async () => {
    const u = await makeUser();
    const body = { filename: 'EU-Konformitätserklärung.pdf' };
    const en = await classifyJson(u, body);
    const de = await classifyJson(u, body, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(de.body.document_type).toBe(en.body.document_type);
    expect(de.body.reasoning).not.toBe(en.body.reasoning);
  });

  it('400 for unknown keys, a missing filename, content_snippet over 1500, a bad snippet_source; INVALID_JSON, 415, 401', async () => {
    const u = await makeUser();
    let err = expectEnvelope(
      await classifyJson(u, { filename: 'a.pdf', document_type: 'manual' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(err.details.fields[0].keys).toEqual(['document_type']);
    err = expectEnvelope(await classifyJson(u, { mime_type: 'application/pdf' }), 400, 'VALIDATION_FAILED');
    expect(err.details.fields[0].path).toBe('filename');
    err = expectEnvelope(
      await classifyJson(u, { filename: 'a.pdf', content_snippet: 'x'.repeat(1501) }),
      400,
      'VALIDATION_FAILED',
    );
    expect(err.details.fields[0].path).toBe('content_snippet');
    expect((await classifyJson(u, { filename: 'a.pdf', content_snippet: 'x'.repeat(1500) })).status).toBe(200);
    expectEnvelope(await classifyJson(u, { filename: 'a.pdf', snippet_source: 'magic' }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await classifyJson(u, { filename: '' }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await classifyJson(u, '{"filename": '), 400, 'INVALID_JSON');
    expectEnvelope(
      await call(classifyRoute, 'POST', '/api/classify', {
        cookie: u.cookie,
        rawBody: 'filename=a.pdf',
        headers: { 'content-type': 'text/plain' },
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectEnvelope(
      await call(classifyRoute, 'POST', '/api/classify', { body: { filename: 'a.pdf' } }),
      401,
      'UNAUTHORIZED',
    );
  });

  it('with an AI provider configured: its structured answer refines the rules; its failure falls back with ai_unavailable_fallback', async () => {
    const u = await makeUser();
    let seen: any = null;
    const server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        seen = JSON.parse(raw);
        const answer = {
          file_intent: 'compliance_document',
          document_type: 'certificate',
          confidence: 0.93,
          detected_language: 'en',
          reasoning: 'Issued by a notified body: an EC type-examination certificate.',
        };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'chatcmpl-1',
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: 'test-model',
            choices: [
              { index: 0, message: { role: 'assistant', content: JSON.stringify(answer) }, finish_reason: 'stop' },
            ],
            usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
          }),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    try {
      process.env.OPENAI_API_KEY = 'test-key';
      process.env.OPENAI_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
      process.env.AI_MODEL = 'test-model';
      const res = await classifyJson(u, {
        filename: 'cert.pdf',
        content_snippet: 'EC type-examination certificate No. 0123-45, notified body 0123.',
      });
      expect(res.status).toBe(200);
      expectClassification(res.body);
      expect(res.body).toMatchObject({
        document_type: 'certificate',
        confidence: 0.93,
        reasoning: expect.stringMatching(/notified body/),
      });
      expect(seen.model).toBe('test-model');
      expect(JSON.stringify(seen.messages)).toContain('cert.pdf');
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
    // Nothing listens there any more: the rules answer, marked degraded.
    const fallback = await classifyJson(u, { filename: 'EU-Konformitätserklärung.pdf' });
    expect(fallback.status).toBe(200);
    expectClassification(fallback.body);
    expect(fallback.body).toMatchObject({
      document_type: 'declaration_of_conformity',
      degraded: true,
      diagnostic: { code: 'ai_unavailable_fallback' },
    });
  });
});

describe('classifyFile — POST /api/classify (multipart)', () => {
  it('extracts and classifies real files', async () => {
    const u = await makeUser();
    const pdf = await classifyFile(u, 'testPDF.pdf', corpus('documents/pdf-text-layer-firefox-quartz.pdf'));
    expect(pdf.status).toBe(200);
    expectClassification(pdf.body);
    expect(pdf.body).toMatchObject({
      snippetSource: 'pdf_first_page',
      signals_used: expect.arrayContaining(['filename', 'mime_type', 'content_snippet']),
    });
    expect(pdf.body.content_snippet).toContain('Apache Tika');
    expect(pdf.body.content_snippet.length).toBeLessThanOrEqual(1500);
    const doc = await classifyFile(
      u,
      'Konformitätserklärung.txt',
      'EU-Konformitätserklärung\nHersteller: Acme GmbH, Industriestraße 5, 59063 Hamm\nDas Produkt erfüllt die Richtlinie 2009/48/EG.',
    );
    expect(doc.body).toMatchObject({
      document_type: 'declaration_of_conformity',
      detected_language: 'de',
      snippetSource: 'plain_text',
    });
    const scan = await classifyFile(u, 'scan.pdf', corpus('documents/pdf-image-only-no-text-layer.pdf'));
    expectClassification(scan.body);
    expect(scan.body).toMatchObject({ degraded: true, diagnostic: { next_action: expect.any(String) } });
    const empty = await classifyFile(u, 'empty.pdf', new Uint8Array(0));
    expect(empty.status).toBe(200);
    expectClassification(empty.body);
    expect(empty.body.degraded).toBe(true);
  });

  it('a JSON description over 64 KB is 413 before it is parsed; under it, extra text is a 400', async () => {
    const u = await makeUser();
    const big = await classifyJson(u, { filename: 'a.pdf', content_snippet: 'x'.repeat(70 * 1024) });
    expectEnvelope(big, 413, 'PAYLOAD_TOO_LARGE');
    const long = await classifyJson(u, { filename: 'a.pdf', content_snippet: 'x'.repeat(1501) });
    expectEnvelope(long, 400, 'VALIDATION_FAILED');
  });

  it('20 MB + 1 byte is 413 FILE_TOO_LARGE; so is a declared size over the limit; form errors are 400', async () => {
    const u = await makeUser();
    expectEnvelope(await classifyFile(u, 'big.txt', new Uint8Array(20 * MB + 1).fill(0x61)), 413, 'FILE_TOO_LARGE');
    const lying = await call(classifyRoute, 'POST', '/api/classify', {
      cookie: u.cookie,
      rawBody: 'x',
      headers: { 'content-type': 'multipart/form-data; boundary=abc', 'content-length': String(30 * MB) },
    });
    expectEnvelope(lying, 413, 'FILE_TOO_LARGE');
    expectEnvelope(
      await call(classifyRoute, 'POST', '/api/classify', {
        cookie: u.cookie,
        rawBody: form([], { note: 'no file' }, 'file'),
      }),
      400,
      'VALIDATION_FAILED',
    );
    expectEnvelope(
      await call(classifyRoute, 'POST', '/api/classify', {
        cookie: u.cookie,
        rawBody: form([['a.txt', 'a']], {}, 'upload'),
      }),
      400,
      'VALIDATION_FAILED',
    );
    expectEnvelope(
      await call(classifyRoute, 'POST', '/api/classify', {
        cookie: u.cookie,
        rawBody: form(
          [
            ['a.txt', 'a'],
            ['b.txt', 'b'],
          ],
          {},
          'file',
        ),
      }),
      400,
      'VALIDATION_FAILED',
    );
    const err = expectEnvelope(
      await classifyFile(u, 'a.txt', 'a', { document_type: 'manual' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(err.details.fields[0].keys).toEqual(['document_type']);
  });
});

async function nestedZip(levels: number) {
  let inner: Uint8Array = new TextEncoder().encode('Prüfbericht Nr. 7: bestanden.');
  let name = 'bericht.txt';
  for (let i = levels; i >= 1; i--) {
    const zip = new JSZip();
    zip.file(name, inner);
    zip.file(`level-${i}.txt`, `level ${i}`);
    inner = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
    name = `level-${i}.zip`;
  }
  return inner;
}

describe('classifyContainer — POST /api/classify/containers', () => {
  it('a mixed bundle: one part per file with its path, depth and classification; exact contract keys', async () => {
    const u = await makeUser();
    const res = await classifyContainer(
      u,
      'bundle.zip',
      corpus('containers/zip-mixed-office-pdf-html-rtf-xml-bundle.zip'),
    );
    expect(res.status).toBe(200);
    expect(() => ContainerClassificationSchema.parse(res.body)).not.toThrow();
    expect(keysOf(res.body)).toEqual(['parts', 'recursion_limit', 'skipped', 'source_container']);
    expect(res.body).toMatchObject({ source_container: 'bundle.zip', recursion_limit: 3 });
    const all = [
      ...res.body.parts.map((p: any) => p.path_in_container),
      ...res.body.skipped.map((s: any) => s.path_in_container),
    ].sort();
    expect(all).toEqual([
      'testEXCEL.xls',
      'testHTML.html',
      'testOpenOffice2.odt',
      'testPDF.pdf',
      'testPPT.ppt',
      'testRTF.rtf',
      'testTXT.txt',
      'testWORD.doc',
      'testXML.xml',
    ]);
    const pdf = res.body.parts.find((p: any) => p.filename === 'testPDF.pdf');
    expect(pdf).toMatchObject({ source_container: 'bundle.zip', recursion_depth: 0, mime_type: 'application/pdf' });
    expectClassification(pdf.classification);
    for (const s of res.body.skipped) expectClassification(s.diagnostic);
  });

  it('hostile and unreadable containers: bounded, reported in skipped with the reason, names never unsafe', async () => {
    const u = await makeUser();
    const t = Date.now();
    const bomb = await classifyContainer(
      u,
      'zbsm.zip',
      corpus('containers/zip-bomb-overlapping-zbsm-42KB-to-5.4GB.zip'),
    );
    expect(Date.now() - t).toBeLessThan(5000);
    expect(bomb.body.parts).toEqual([]);
    expect(bomb.body.skipped).toHaveLength(1);
    expect(bomb.body.skipped[0]).toMatchObject({
      reason: 'parse_failed',
      message: expect.stringMatching(/overlap|bomb/i),
    });
    for (const f of ['zip-slip-dotdot-unix.zip', 'zip-slip-backslash-windows.zip', 'zip-path-traversal-dotdot.zip']) {
      const res = await classifyContainer(u, f, corpus(`containers/${f}`));
      expect(res.status).toBe(200);
      expect(res.body.parts.map((p: any) => p.filename)).toEqual([
        f === 'zip-path-traversal-dotdot.zip' ? 'b.txt' : 'good.txt',
      ]);
      expect(res.body.skipped).toHaveLength(1);
      expect(res.body.skipped[0].message).toMatch(/traversal/);
      for (const item of [...res.body.parts, ...res.body.skipped])
        expect(item.path_in_container).not.toMatch(/\.\.|\\|^\//);
    }
    const enc = await classifyContainer(u, 'secret.zip', corpus('containers/zip-encrypted-zipcrypto.zip'));
    expect(enc.body.skipped).toEqual([
      expect.objectContaining({
        filename: 'a.txt',
        reason: 'encrypted_archive',
        diagnostic: expect.objectContaining({ degraded: true }),
      }),
    ]);
    const msg = await classifyContainer(u, 'mail.msg', corpus('emails/outlook-compound-embedded-msg.msg'));
    expect(msg.body.parts).toEqual([]);
    expect(msg.body.skipped).toEqual([expect.objectContaining({ reason: 'non_parseable_msg' })]);
    const p7m = await classifyContainer(u, 'x.p7m', corpus('documents/p7m-enveloped-encrypted-opaque.p7m'));
    expect(p7m.body.skipped[0].reason).toBe('opaque_p7m_envelope');
    const empty = await classifyContainer(u, 'empty.zip', corpus('containers/zip-empty-no-entries.zip'));
    expect(empty.body.skipped[0].reason).toBe('empty_container');
    for (const r of [bomb, enc, msg, p7m, empty])
      expect(() => ContainerClassificationSchema.parse(r.body)).not.toThrow();
  });

  it('e-mails: attachments are parts; nesting beyond the recursion limit is skipped with recursion_limit_exceeded', async () => {
    const u = await makeUser();
    const eml = await classifyContainer(
      u,
      'mail.eml',
      corpus('emails/eml-attachments-png-gif-txt-rfc2047-filename.eml'),
    );
    expect(eml.body.parts.map((p: any) => p.filename)).toEqual(
      expect.arrayContaining(['image.png', 'nyan cat ✔.gif', 'notes.txt']),
    );
    const deep = await classifyContainer(u, 'deep.zip', await nestedZip(5));
    expect(deep.status).toBe(200);
    expect(() => ContainerClassificationSchema.parse(deep.body)).not.toThrow();
    expect(Math.max(...deep.body.parts.map((p: any) => p.recursion_depth))).toBe(3);
    expect(deep.body.skipped).toEqual([
      expect.objectContaining({ reason: 'recursion_limit_exceeded', filename: 'level-5.zip', recursion_depth: 3 }),
    ]);
  });

  it('locale sets the language of the reasoning; 413 over 20 MB; form errors are 400', async () => {
    const u = await makeUser();
    const bytes = corpus('containers/zip-windows-explorer-compressed-folder.zip');
    const en = await classifyContainer(u, 'a.zip', bytes);
    const fr = await classifyContainer(u, 'a.zip', bytes, { locale: 'fr' });
    expect(fr.body.parts[0].classification.reasoning).not.toBe(en.body.parts[0].classification.reasoning);
    expectEnvelope(await classifyContainer(u, 'big.zip', new Uint8Array(20 * MB + 1)), 413, 'FILE_TOO_LARGE');
    expectEnvelope(await classifyContainer(u, 'a.zip', bytes, { locale: 'pt' }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await classifyContainer(u, 'a.zip', bytes, { depth: '9' }), 400, 'VALIDATION_FAILED');
    expectEnvelope(
      await call(containersRoute, 'POST', '/api/classify/containers', {
        cookie: u.cookie,
        rawBody: form([], { locale: 'de' }, 'file'),
      }),
      400,
      'VALIDATION_FAILED',
    );
    expectEnvelope(
      await call(containersRoute, 'POST', '/api/classify/containers', { cookie: u.cookie, body: { file: 'x' } }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });
});
