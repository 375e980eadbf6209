/**
 * Every file of the parser corpus (documents, containers) has an expectation and meets it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, shutdownExtractWorkers, type ExtractionResult } from '@/lib/extract';
import { classifyRules } from '@/lib/classify/rules';
import { classifyContainer, listContainerFiles, type ContainerClassification } from '@/lib/containers';
import { corpusFiles, expectClassification, expectContainerShape, itemsByPath, readCorpus } from './helpers';

/**
 * Every file of tests/fixtures/corpus/{documents,containers,emails} against the outcome its MANIFEST.md
 * expects. A corpus file without an expectation here fails the suite, so the table stays complete.
 */

// The per-file time limits below are for parsing: start the extraction workers (loading pdfjs) first.
beforeAll(() => extractText({ bytes: new TextEncoder().encode('warm-up'), filename: 'warm.txt' }), 120_000);
afterAll(() => shutdownExtractWorkers());

const has = (r: ExtractionResult, ...needles: string[]) => {
  for (const n of needles) expect(r.text).toContain(n);
};

type DocCheck = (r: ExtractionResult) => void | Promise<void>;

const DOCUMENTS: Record<string, DocCheck> = {
  'docx-headings-bold-italic-nested-table.docx': (r) => {
    expect(r.format).toBe('docx'); // first zip entry is _rels/, still DOCX by content
    has(r, 'Sample Word Document', 'Nested table', 'More of our nested table');
  },
  'docx-iso29500-strict-namespaces.docx': (r) => expect(r.text).toBe('Test'),
  'docx-password-protected-cfb-encrypted-package.docx': (r) => {
    expect(r.status).toBe('failed');
    expect(r.format).toBe('ooxml_encrypted');
    expect(r.issue?.code).toBe('encrypted');
  },
  'docx-simple-table.docx': (r) => {
    const order = ['Above', 'Top left', 'Top right', 'Bottom left', 'Bottom right', 'Below'].map((s) =>
      r.text.indexOf(s),
    );
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  },
  'docx-textbox-footnote-lists-keywords.docx': (r) =>
    has(r, 'Here is a text box', 'Footnote appears here', 'Number bullet 1'),
  'docx-truncated-corrupt-zip.docx': (r) => {
    expect(r.status).toBe('failed');
    expect(r.issue?.code).toBe('parse_failed');
    expect(r.text).toBe('');
  },
  'docx-with-embedded-pdf-ole-objects.docx': (r) => has(r, 'Test Document with embedded pdf'),
  'docx-xml-parts-with-utf8-bom.docx': (r) => expect(r.text).toBe('This XML has a byte order mark.'),
  'html-misleading-meta-charset-arabic.html': (r) => {
    expect(r.encoding).toBe('windows-1256');
    has(r, 'في قرية من القرى');
    expect(r.text).not.toContain('\ufffd');
    expect(r.warnings.join(' ')).toMatch(/does not match/);
  },
  'html-simple-ascii.html': (r) => {
    expect(r.snippetSource).toBe('html_text');
    has(r, 'Title : Test Indexation Html', 'Indexation du fichier');
  },
  'html-utf16le-bom.html': (r) => {
    expect(r.encoding).toBe('utf-16le');
    has(r, 'This is a sample text');
  },
  'image-heic-hevc-still-with-exif.heic': (r) => {
    expect(r.format).toBe('image_heic');
    expect(r.issue?.code).toBe('unsupported_format');
  },
  'image-jpeg-canon-exif.jpg': (r) => {
    expect(r.format).toBe('image_jpeg');
    expect(r.mimeType).toBe('image/jpeg');
    expect(r.status).not.toBe('failed'); // accepted as an image; a photo has no text
  },
  'image-png-rgba-screenshot-with-text.png': (r) => {
    expect(r.snippetSource).toBe('ocr_text');
    expect(r.text.toLowerCase()).toContain('contains some words');
  },
  'image-tiff-multipage-jpeg-compressed.tif': (r) => {
    expect(r.format).toBe('image_tiff');
    expect(r.pageCount).toBe(2);
    expect(r.status).toBe('no_text');
    expect(r.issue?.code).toBe('scanned_or_empty_text');
  },
  'p7m-cades-signed-pdf-italian-regione-lombardia.pdf.p7m': (r) => {
    expect(r.inner).toMatchObject({ filename: 'p7m-cades-signed-pdf-italian-regione-lombardia.pdf', format: 'pdf' });
    expect(r.pageCount).toBe(1);
    has(r, 'Lorem ipsum');
  },
  'p7m-cades-signed-xml-infocert.xml.p7m': (r) => {
    expect(r.inner?.format).toBe('xml');
    has(r, 'TEST_APP', 'ESTRAZIONE');
  },
  'p7m-enveloped-encrypted-opaque.p7m': (r) => {
    expect(r.status).toBe('failed');
    expect(r.issue?.code).toBe('opaque_p7m_envelope');
  },
  'p7m-signed-text-pem-base64-armoured.p7m': (r) => expect(r.text).toBe('text'),
  'pdf-canon-scanner-300dpi-ocr-layer-trailing-garbage.pdf': (r) => has(r, 'pdf.js'),
  'pdf-image-only-no-text-layer.pdf': async (r) => {
    expect(r.status).toBe('ok');
    expect(r.snippetSource).toBe('ocr_text');
    expect(r.text).toMatch(/Happy New Year 2003/);
    // Without OCR the same file is reported as needing OCR, not as unreadable.
    const noOcr = await extractText({
      bytes: readCorpus('documents', 'pdf-image-only-no-text-layer.pdf'),
      filename: 'x.pdf',
      ocr: false,
    });
    expect(noOcr.status).toBe('no_text');
    expect(noOcr.issue?.code).toBe('scanned_or_empty_text');
  },
  'pdf-portfolio-with-embedded-files.pdf': (r) => has(r, 'Multiple files are bound together in this PDF Package'),
  'pdf-text-layer-firefox-quartz.pdf': (r) => {
    expect(r.snippetSource).toBe('pdf_first_page');
    expect(r.text.startsWith('Apache Tika - Apache Tika')).toBe(true);
  },
  'pdf-text-layer-word2007-tables-images-2pages.pdf': (r) => {
    expect(r.pages).toHaveLength(2);
    has(r, 'This is the header text.', 'Row 1 Col 1', 'ゾルゲと尾崎、淡々と最期');
  },
  'pdf-user-password-required-rc4.pdf': (r) => {
    expect(r.status).toBe('failed');
    expect(r.issue?.code).toBe('encrypted');
  },
  'txt-ebcdic-cp500.txt': (r) => {
    expect(r.encoding).toBe('cp500');
    has(r, 'IntelliStation POWER', 'Hardware');
  },
  'txt-standards-compliance-references.txt': (r) =>
    has(r, 'Publication 222-G Standards', 'Publication 140-2', 'Publication 197'),
  'txt-windows-1252-no-newline.txt': (r) => {
    expect(r.encoding).toBe('windows-1252');
    has(r, 'this is a “windows” encoding');
  },
  'xml-onix-3-product-message.xml': (r) => {
    expect(r.snippetSource).toBe('xml_text');
    has(r, 'Global Bookinfo');
  },
  'xml-xxe-external-doctype.xml': (r) => {
    expect(r.status).not.toBe('failed');
    expect(r.warnings.join(' ')).toMatch(/DOCTYPE ignored/);
  },
};

const containers = new Map<string, ContainerClassification>();
async function container(dir: string, file: string): Promise<ContainerClassification> {
  const key = `${dir}/${file}`;
  if (!containers.has(key))
    containers.set(
      key,
      expectContainerShape(await classifyContainer({ bytes: readCorpus(dir, file), filename: file })),
    );
  return containers.get(key)!;
}

type ContainerCheck = (r: ContainerClassification, file: string, dir: string) => void | Promise<void>;

const onlySkipped = (reason: string) => (r: ContainerClassification) => {
  expect(r.parts).toHaveLength(0);
  expect(r.skipped.length).toBeGreaterThan(0);
  expect(r.skipped.every((s) => s.reason === reason)).toBe(true);
};
const partsAre =
  (...paths: string[]) =>
  (r: ContainerClassification) => {
    expect(r.parts.map((p) => p.path_in_container).sort()).toEqual([...paths].sort());
  };

const CONTAINERS: Record<string, ContainerCheck> = {
  'archive-7z-unsupported.7z': onlySkipped('unsupported_format'),
  'archive-rar5-unsupported.rar': onlySkipped('unsupported_format'),
  'archive-tar-gz.tar.gz': onlySkipped('unsupported_format'),
  'zip-absolute-path-leading-slash.zip': partsAre('atxt', 'b.txt'),
  'zip-absolute-path-windows-drive.zip': partsAre('xt', 'b.txt'),
  'zip-bomb-overlapping-zbsm-42KB-to-5.4GB.zip': async (_r, file, dir) => {
    const t = performance.now();
    const r = await classifyContainer({ bytes: readCorpus(dir, file), filename: file });
    expect(performance.now() - t).toBeLessThan(1000);
    expect(r.parts).toHaveLength(0);
    expect(r.skipped).toHaveLength(1);
    expect(r.skipped[0].reason).toBe('parse_failed');
    expect(r.skipped[0].message).toMatch(/overlap/);
  },
  'zip-containing-corrupt-tar.zip': (r) => {
    const { parts, skipped } = itemsByPath(r);
    expect(parts.get('Lorem.txt')?.classification.snippetSource).toBe('plain_text');
    expect(['parse_failed', 'unsupported_format']).toContain(skipped.get('TestDataCorrupt.tar')?.reason);
  },
  'zip-corrupt-bad-deflate-stream.zip': (r) => {
    expect(r.parts).toHaveLength(0);
    expect(itemsByPath(r).skipped.get('index.js')?.reason).toBe('parse_failed');
  },
  'zip-corrupt-claims-4GB-entry.zip': onlySkipped('parse_failed'),
  'zip-corrupt-no-end-of-central-directory.zip': onlySkipped('parse_failed'),
  'zip-corrupt-unexpected-eof.zip': onlySkipped('parse_failed'),
  'zip-empty-no-entries.zip': onlySkipped('empty_container'),
  'zip-encrypted-aes256-winzip.zip': (r) => {
    onlySkipped('encrypted_archive')(r);
    expect(r.skipped).toHaveLength(3);
  },
  'zip-encrypted-strong-encryption-flag.zip': onlySkipped('encrypted_archive'),
  'zip-encrypted-zipcrypto-folders.zip': (r) => {
    onlySkipped('encrypted_archive')(r);
    expect(r.skipped.map((s) => s.path_in_container).sort()).toEqual([
      'TestData/Foo/Bar/Lorem.txt',
      'TestData/Foo/Lorem.txt',
      'TestData/Lorem.txt',
    ]);
  },
  'zip-encrypted-zipcrypto.zip': (r) => {
    onlySkipped('encrypted_archive')(r);
    expect(r.skipped[0].filename).toBe('a.txt');
  },
  'zip-extension-but-plain-text.zip': onlySkipped('parse_failed'),
  'zip-gbk-encoded-chinese-filenames-no-utf8-flag.zip': partsAre(
    '审计压缩包文件检索测试/集团邮件审计系统2021年自动巡检需求文档_V4.0.doc',
  ),
  'zip-high-ratio-435x.zip': async (r, file, dir) => {
    expect(r.skipped.every((s) => s.reason !== 'parse_failed')).toBe(true); // not mistaken for a bomb
    const listing = await listContainerFiles({ bytes: readCorpus(dir, file), filename: file });
    expect(listing.files.map((f) => [f.path, f.bytes.length])).toEqual([['0x21000', 135_168]]);
  },
  'zip-mixed-office-pdf-html-rtf-xml-bundle.zip': (r) => {
    const { parts, skipped } = itemsByPath(r);
    expect(parts.size + skipped.size).toBe(9);
    for (const p of [
      'testPDF.pdf',
      'testHTML.html',
      'testTXT.txt',
      'testXML.xml',
      'testEXCEL.xls',
      'testOpenOffice2.odt',
      'testRTF.rtf',
    ])
      expect(parts.has(p)).toBe(true);
    expect(parts.get('testPDF.pdf')?.classification.content_snippet).toMatch(/^Apache Tika/);
    expect(skipped.get('testWORD.doc')?.reason).toBe('unsupported_format');
    expect(skipped.get('testPPT.ppt')?.reason).toBe('unsupported_format');
  },
  'zip-nested-archives-zip-7z-rar-tar-deb.zip': (r) => {
    const { parts, skipped } = itemsByPath(r);
    const top = [...parts.keys(), ...skipped.keys()].filter((p) => !p.startsWith('TestDataArchives/TestData.zip/'));
    // 14 files at the top level: TestData.zip is opened, the 13 others are parts or skipped.
    expect(top).toHaveLength(13);
    expect(parts.get('TestDataArchives/Lorem.txt')).toBeDefined();
    expect(parts.get('TestDataArchives/EmptyFile.txt')?.classification.diagnostic?.code).toBe('scanned_or_empty_text');
    const inner = [...parts.values()].filter((p) => p.recursion_depth === 1);
    expect(inner.map((p) => p.filename)).toEqual(['Lorem.txt', 'Lorem.txt', 'Lorem.txt']);
    expect(inner[0].source_container).toBe('zip-nested-archives-zip-7z-rar-tar-deb.zip/TestDataArchives/TestData.zip');
    for (const f of [
      'TestData.7z',
      'TestData.rar',
      'TestData.tar',
      'TestData.tar.gz',
      'TestData.tar.bz2',
      'TestData.tar.xz',
      'TestData.wim',
      'TestData.a',
    ]) {
      expect(skipped.get(`TestDataArchives/${f}`)?.reason).toBe('unsupported_format');
    }
    expect(r.skipped.some((s) => s.reason === 'recursion_limit_exceeded')).toBe(false);
  },
  'zip-nested-zip-containing-html.zip': (r) => {
    partsAre('html-within-zip.zip/text.html')(r);
    expect(r.parts[0]).toMatchObject({
      recursion_depth: 1,
      mime_type: 'text/html',
      source_container: 'zip-nested-zip-containing-html.zip/html-within-zip.zip',
    });
    expect(r.parts[0].classification.snippetSource).toBe('html_text');
    expect(r.skipped).toHaveLength(0);
  },
  'zip-partially-encrypted-one-of-two-entries.zip': (r) => {
    const { parts, skipped } = itemsByPath(r);
    expect(parts.get('unencrypted.txt')?.classification.content_snippet).toBe('hello world');
    expect(skipped.get('encrypted.txt')?.reason).toBe('encrypted_archive');
  },
  'zip-path-traversal-dotdot.zip': (r) => {
    partsAre('b.txt')(r);
    expect(r.skipped).toHaveLength(1);
    expect(r.skipped[0].reason).toBe('parse_failed');
    expect(r.skipped[0].message).toMatch(/path traversal/);
  },
  'zip-ppmd-compression-method-98.zip': (r) => {
    onlySkipped('unsupported_format')(r);
    expect(r.skipped[0].message).toMatch(/PPMd/);
  },
  'zip-shift-jis-encoded-filenames.zip': partsAre('文章1.txt', '文章2.txt'),
  'zip-slip-backslash-windows.zip': (r) => {
    partsAre('good.txt')(r);
    expect(r.skipped.map((s) => [s.path_in_container, s.reason])).toEqual([['Temp/evil.txt', 'parse_failed']]);
  },
  'zip-slip-dotdot-unix.zip': (r) => {
    partsAre('good.txt')(r);
    expect(r.skipped.map((s) => [s.path_in_container, s.reason])).toEqual([['tmp/evil.txt', 'parse_failed']]);
  },
  'zip-split-archive-last-segment-only.zip': onlySkipped('parse_failed'),
  'zip-stored-entries-with-data-descriptor.zip': async (r, file, dir) => {
    expect([...r.parts, ...r.skipped].map((i) => i.path_in_container).sort()).toEqual([
      'en0',
      'en1',
      'en2',
      'en3',
      'en4',
    ]);
    expect(r.skipped.every((s) => s.reason !== 'parse_failed')).toBe(true);
    const listing = await listContainerFiles({ bytes: readCorpus(dir, file), filename: file });
    expect(listing.files.map((f) => [f.path, Buffer.from(f.bytes).toString('hex')])).toEqual(
      ['en0', 'en1', 'en2', 'en3', 'en4'].map((n) => [n, '01020304']),
    );
  },
  'zip-unicode-filenames.zip': (r) => {
    expect([...r.parts, ...r.skipped].map((i) => i.path_in_container).sort()).toEqual([
      'Turmion Kätilöt/Hoitovirhe/Rautaketju.mp3',
      'Turmion Kätilöt/Pirun nyrkki/Mistä veri pakenee.mp3',
    ]);
  },
  'zip-windows-explorer-compressed-folder.zip': partsAre('a.txt', 'b.txt'),
  'zip-zip64-format.zip': partsAre('test1.txt', 'test2.txt'),
};

const body = (r: ContainerClassification, prefix = '') =>
  r.parts.find((p) => p.path_in_container === `${prefix}message-body.txt`);
const outlookCompound: ContainerCheck = async (r, file, dir) => {
  onlySkipped('non_parseable_msg')(r);
  expect(r.skipped[0].diagnostic.diagnostic?.code).toBe('unsupported_file_type');
  // As a single file its subject and body are still readable.
  const single = await extractText({ bytes: readCorpus(dir, file), filename: file });
  expect(single.status).toBe('ok');
  expect(single.snippetSource).toBe('email_text');
};

const EMAILS: Record<string, ContainerCheck> = {
  'eml-apple-mail-inline-pdf-in-alternative.eml': (r) => {
    expect(body(r)?.classification.snippetSource).toBe('email_text');
    const pdf = r.parts.find((p) => p.filename === 'tzora-titan-4-hummer-xl-manual.pdf');
    expect(pdf?.classification.diagnostic?.code).toBe('scanned_or_empty_text'); // 0-byte attachment
    expect(r.parts).toHaveLength(2); // html alternatives are not attachments
  },
  'eml-attachments-png-gif-txt-rfc2047-filename.eml': (r) => {
    expect(r.parts.filter((p) => p.filename !== 'message-body.txt').map((p) => p.filename)).toEqual([
      'image.png',
      'nyan cat ✔.gif',
      'notes.txt',
    ]);
  },
  'eml-bounce-dsn-with-nested-rfc822.eml': (r) => {
    expect(body(r)?.classification.content_snippet).toMatch(/delivery|undeliverable|returned/i);
    const nested = r.parts.filter((p) => p.recursion_depth === 1);
    expect(nested).toHaveLength(1);
    expect(nested[0].classification.content_snippet).toContain('Proovikiri');
  },
  'eml-empty-nested-rfc822-part-8bit-latin1.eml': (r) => {
    expect(body(r)?.classification.content_snippet).toContain('Note: forwarded message attached.');
    expect(r.skipped.map((s) => s.reason)).toEqual(['empty_container']);
  },
  'eml-gmail-calendar-invite-ics-attachment.eml': (r) => {
    expect(r.parts.filter((p) => p.filename !== 'message-body.txt').map((p) => p.filename)).toEqual(['invite.ics']);
  },
  'eml-gmail-encrypted-zip-attachment.eml': (r) => {
    expect(body(r)).toBeDefined();
    expect(r.skipped.map((s) => [s.path_in_container, s.reason])).toEqual([['test.zip/text.txt', 'encrypted_archive']]);
  },
  'eml-mime-torture-multiple-nested-rfc822.eml': (r) => {
    const messages = new Set(
      [...r.parts, ...r.skipped]
        .map((i) => i.source_container)
        .filter((s) => s.includes('.eml/') || /message-\d+\.eml$/.test(s)),
    );
    expect(messages.size).toBe(11);
    expect(Math.max(...[...r.parts, ...r.skipped].map((i) => i.recursion_depth))).toBe(2);
    const names = [...r.parts, ...r.skipped].map((i) => i.filename);
    for (const n of ['foo.gz', 'blah.gz', 'blah1.gz', 'htmlfile.html', 'smiley-3.png', 'dot.gif', 'signature.asc'])
      expect(names).toContain(n);
    expect(names.some((n) => /^attachment-\d+\.gz$/.test(n))).toBe(true); // the unnamed .gz
    expect(r.skipped.some((s) => s.reason === 'recursion_limit_exceeded')).toBe(false);
  },
  'eml-thunderbird-smime-multipart-signed-jpeg-attachment.eml': (r) => {
    expect(r.parts.map((p) => p.filename)).toContain('signed.jpg');
    expect(r.parts.map((p) => p.filename)).not.toContain('smime.p7s');
    expect(itemsByPath(r).skipped.get('smime.p7s')?.reason).toBe('unsupported_format');
  },
  'outlook-compound-2003-eleven-jpeg-attachments.msg': outlookCompound,
  'outlook-compound-ansi-codepage-932.msg': async (r, file, dir) => {
    await outlookCompound(r, file, dir);
    const single = await extractText({ bytes: readCorpus(dir, file), filename: file });
    expect(single.text).toContain('日本語 Non Unicode タイトル');
  },
  'outlook-compound-appointment-not-a-note.msg': outlookCompound,
  'outlook-compound-attachment-and-inline-cid-image.msg': outlookCompound,
  'outlook-compound-big5-chinese-body.msg': async (r, file, dir) => {
    await outlookCompound(r, file, dir);
    const single = await extractText({ bytes: readCorpus(dir, file), filename: file });
    expect(single.text).toContain('MSG 格式測試');
  },
  'outlook-compound-doc-and-txt-attachments.msg': outlookCompound,
  'outlook-compound-embedded-msg-two-levels.msg': outlookCompound,
  'outlook-compound-embedded-msg.msg': outlookCompound,
  'outlook-compound-exchange-embedded-msg-and-pdf.msg': outlookCompound,
  'outlook-compound-three-image-attachments.msg': outlookCompound,
  'rfc2822-text-base64-encoded-nested-rfc822.msg': (r) => {
    const innermost = r.parts.find((p) => p.recursion_depth === 2);
    expect(innermost?.path_in_container).toBe('message-1.eml/message-1.eml/message-body.txt');
    expect(innermost?.classification.content_snippet).toContain('Text body');
  },
  'rfc2822-text-forwarded-as-attachment.msg': (r) => {
    expect(body(r, 'Courbe Sprint.eml/')).toBeDefined();
    expect(itemsByPath(r).skipped.get('Courbe Sprint.eml/Sprint-2015-05-18.ods')?.reason).toBe('parse_failed');
  },
  'rfc2822-text-gmail-dkim-signed.msg': (r) => {
    partsAre('message-body.txt')(r);
    expect(r.skipped).toHaveLength(0);
  },
  'rfc2822-text-simple-attachment.msg': (r) => {
    partsAre('message-body.txt')(r);
    expect(itemsByPath(r).skipped.get('data.bin')?.reason).toBe('unsupported_format');
  },
  'winmail-dat-tnef-five-attachments.dat': onlySkipped('unsupported_format'),
};

describe('corpus: documents/', () => {
  it('has an expectation for every file', () =>
    expect(corpusFiles('documents')).toEqual(Object.keys(DOCUMENTS).sort()));
  for (const file of corpusFiles('documents')) {
    it(file, async () => {
      const started = performance.now();
      const r = await extractText({ bytes: readCorpus('documents', file), filename: file });
      expect(performance.now() - started).toBeLessThan(15_000);
      if (!DOCUMENTS[file]) throw new Error(`no expectation for ${file}`);
      await DOCUMENTS[file](r);
      // Whatever happened, classification of the outcome is a contract-valid result.
      const c = expectClassification(
        classifyRules({
          filename: file,
          mimeType: r.mimeType,
          snippet: r.text,
          snippetSource: r.snippetSource,
          extractionIssue: r.issue ?? null,
        }),
      );
      if (r.status !== 'ok') expect(c.degraded).toBe(true);
    });
  }
});

describe('corpus: containers/', () => {
  it('has an expectation for every file', () =>
    expect(corpusFiles('containers')).toEqual(Object.keys(CONTAINERS).sort()));
  for (const file of corpusFiles('containers')) {
    it(file, async () => {
      if (!CONTAINERS[file]) throw new Error(`no expectation for ${file}`);
      await CONTAINERS[file](await container('containers', file), file, 'containers');
    });
  }
});

describe('corpus: emails/', () => {
  it('has an expectation for every file', () => expect(corpusFiles('emails')).toEqual(Object.keys(EMAILS).sort()));
  for (const file of corpusFiles('emails')) {
    it(file, async () => {
      if (!EMAILS[file]) throw new Error(`no expectation for ${file}`);
      await EMAILS[file](await container('emails', file), file, 'emails');
    });
  }
});
