import path from 'node:path';
import { createRequire } from 'node:module';
import yazl from 'yazl';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import * as XLSX from '@e965/xlsx';

/** Generated test files (built in the test, so every case states what it contains). */

export function zipOf(files: [string, string | Uint8Array][], options: { compress?: boolean } = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const z = new yazl.ZipFile();
    for (const [name, content] of files)
      z.addBuffer(Buffer.from(content), name, { compress: options.compress ?? true });
    z.end();
    const chunks: Buffer[] = [];
    z.outputStream
      .on('data', (c: Buffer) => chunks.push(c))
      .on('end', () => resolve(Buffer.concat(chunks)))
      .on('error', reject);
  });
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A minimal valid DOCX with one paragraph per line; `prolog` goes before the root element. */
export function docxOf(paragraphs: string[], prolog = ''): Promise<Buffer> {
  const body = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(p)}</w:t></w:r></w:p>`).join('');
  const doc = `<?xml version="1.0" encoding="UTF-8"?>${prolog}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;
  return zipOf([
    ['[Content_Types].xml', CONTENT_TYPES],
    ['_rels/.rels', RELS],
    ['word/document.xml', doc],
  ]);
}

/** A PDF with a text layer, one string array per page. */
export async function pdfOf(pages: string[][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([595, 842]);
    lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 18, size: 12, font }));
  }
  return doc.save();
}

/** A PNG of rendered text (a "scan"), drawn with DejaVu Sans on @napi-rs/canvas. */
export async function pngOfText(lines: string[], width = 1400, lineHeight = 70): Promise<Buffer> {
  const { createCanvas, GlobalFonts } = await import('@napi-rs/canvas');
  const require = createRequire(import.meta.url);
  const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  GlobalFonts.registerFromPath(path.join(fontDir, 'DejaVuSans.ttf'), 'DejaVu Sans');
  const canvas = createCanvas(width, lineHeight * (lines.length + 1));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000000';
  ctx.font = '44px "DejaVu Sans"';
  lines.forEach((l, i) => ctx.fillText(l, 40, lineHeight * (i + 1)));
  return canvas.toBuffer('image/png');
}

/** A PDF whose only page is an image of text: no text layer at all. */
export async function scannedPdfOf(lines: string[]): Promise<Uint8Array> {
  const png = await pngOfText(lines);
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(png);
  const page = doc.addPage([595, 842]);
  const scale = 545 / image.width;
  page.drawImage(image, { x: 25, y: 842 - 40 - image.height * scale, width: 545, height: image.height * scale });
  return doc.save();
}

export function xlsxOf(sheets: Record<string, (string | number)[][]>, hidden: string[] = []): Buffer {
  const wb = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets))
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), name);
  wb.Workbook = {
    Sheets: wb.SheetNames.map((name) => ({ name, Hidden: hidden.includes(name) ? 1 : 0 })),
  } as XLSX.WorkBook['Workbook'];
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** An RFC 822 message with attachments, built by nodemailer's composer. */
export async function emlOf(options: {
  subject: string;
  text: string;
  attachments?: { filename: string; content: Buffer | string; contentType?: string }[];
}): Promise<Buffer> {
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer/index.js');
  const mail = new MailComposer({
    from: 'Supplier <supplier@example.com>',
    to: 'compliance@example.com',
    subject: options.subject,
    text: options.text,
    attachments: options.attachments,
  });
  return new Promise((resolve, reject) =>
    mail.compile().build((err: Error | null, msg: Buffer) => (err ? reject(err) : resolve(msg))),
  );
}
