import type { ExtractionResult, ExtractOptions, FileFormat } from './types';
import { EXTRACT_LIMITS } from './types';
import { sniffFormat, MIME_BY_FORMAT } from './sniff';
import { errorMessage, failure, noText, textResult } from './normalise';
import { decodeText } from '@/lib/text/decode';
import { rtfToText } from './rtf';
import { innerFilename, unwrapP7m } from './p7m';

/**
 * Text of any uploaded file, decided by its content, parsed in the calling thread. Only the extraction
 * worker (extract-worker.ts) calls this; the app calls extractText (index.ts), which runs it there under
 * a memory and time budget. It never throws for a bad file: failures come back as status 'failed' /
 * 'no_text' with an issue code and a message.
 */
export async function extractTextInProcess(options: ExtractOptions): Promise<ExtractionResult> {
  try {
    return await dispatch(options);
  } catch (err) {
    // A parser bug must not become a 500 for the upload: report it as an unreadable file.
    const { format } = safeSniff(options);
    return failure(format, { code: 'parse_failed', message: `Unexpected parser error: ${errorMessage(err)}` });
  }
}

function safeSniff(options: ExtractOptions): { format: FileFormat } {
  try {
    return sniffFormat(options.bytes, options.filename, options.mimeType);
  } catch {
    return { format: 'binary' };
  }
}

const UNSUPPORTED_MESSAGES: Partial<Record<FileFormat, string>> = {
  doc: 'Legacy Word 97-2003 (.doc) binary documents are not read; save as .docx or PDF.',
  ppt: 'Legacy PowerPoint (.ppt) binary files are not read; save as .pptx or PDF.',
  cfb_other: 'OLE compound file of an unknown kind.',
  zip: 'Zip archive: use container classification to list and classify its files.',
  tnef: 'Outlook TNEF (winmail.dat) attachment bundles are not decoded.',
  '7z': '7-Zip archives are not supported; upload a .zip.',
  rar: 'RAR archives are not supported; upload a .zip.',
  gzip: 'gzip-compressed files are not supported; upload a .zip.',
  bzip2: 'bzip2-compressed files are not supported; upload a .zip.',
  xz: 'xz-compressed files are not supported; upload a .zip.',
  tar: 'tar archives are not supported; upload a .zip.',
  ar: 'ar archives (.a, .deb) are not supported.',
  wim: 'Windows imaging (.wim) archives are not supported.',
  p7m_other: 'PKCS#7 structure that is neither signed nor enveloped data.',
  binary: 'Binary file of an unrecognised type.',
};

const BINARY_EXTENSIONS = new Set([
  'pdf',
  'docx',
  'docm',
  'xlsx',
  'xlsm',
  'pptx',
  'odt',
  'ods',
  'odp',
  'zip',
  'gz',
  'tgz',
  '7z',
  'rar',
  'doc',
  'xls',
  'ppt',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'tif',
  'tiff',
  'heic',
  'webp',
  'bmp',
  'p7m',
]);

async function dispatch(options: ExtractOptions): Promise<ExtractionResult> {
  const { bytes, filename } = options;
  const maxChars = options.maxChars ?? EXTRACT_LIMITS.defaultMaxChars;
  const { format } = sniffFormat(bytes, filename, options.mimeType);
  if (format === 'empty') return noText('empty', { code: 'empty_file', message: 'The file is empty (0 bytes).' });
  if (bytes.length > EXTRACT_LIMITS.maxInputBytes) {
    return failure(format, {
      code: 'too_large',
      message: `The file is larger than ${EXTRACT_LIMITS.maxInputBytes / 1024 / 1024} MB.`,
    });
  }
  // A file named like a binary format whose bytes are plain text is not what it claims to be.
  const ext = filename.toLowerCase().split('.').pop() ?? '';
  if (['text', 'csv', 'tsv', 'json', 'binary'].includes(format) && BINARY_EXTENSIONS.has(ext)) {
    return failure(format, {
      code: 'parse_failed',
      message: `Named .${ext} but the content is ${format === 'binary' ? 'unrecognised binary data' : 'plain text'}; the file is damaged or mislabelled.`,
    });
  }
  const ocr = options.ocr ?? true;
  const ocrTimeoutMs = options.ocrTimeoutMs ?? EXTRACT_LIMITS.defaultOcrTimeoutMs;
  // Each parser is imported when a file needs it: a worker that reads text and Office files never holds
  // pdfjs or SheetJS (tens of MB each), and a worker starts in a fraction of the time.
  switch (format) {
    case 'pdf':
      return (await import('./pdf')).extractPdf(bytes, {
        maxPages: Math.max(
          1,
          Math.min(options.maxPages ?? EXTRACT_LIMITS.defaultMaxPages, EXTRACT_LIMITS.hardMaxPages),
        ),
        maxChars,
        ocr,
        ocrTimeoutMs,
        timeoutMs: options.timeoutMs ?? EXTRACT_LIMITS.defaultTimeoutMs,
      });
    case 'docx':
      return (await import('./docx')).extractDocx(bytes, maxChars);
    case 'pptx':
    case 'odt':
    case 'odp':
      return (await import('./office-xml')).extractOfficeXml(format, bytes, maxChars);
    case 'xlsx':
    case 'xls':
    case 'ods':
      return (await import('./spreadsheet')).extractWorkbook(format, bytes, maxChars);
    case 'csv':
    case 'tsv':
      return (await import('./spreadsheet')).extractDelimited(format, bytes, maxChars);
    case 'ooxml_encrypted':
      return failure(format, {
        code: 'encrypted',
        message:
          'Password-protected Office document (encrypted OOXML package); it cannot be read without the password.',
      });
    case 'outlook_msg':
      return (await import('./email')).extractOutlookMsg(bytes, maxChars);
    case 'eml':
      return (await import('./email')).extractEml(bytes, maxChars);
    case 'html':
      return (await import('./markup')).extractHtml(bytes, maxChars);
    case 'xml':
      return (await import('./markup')).extractXml(bytes, maxChars);
    case 'rtf': {
      const decoded = decodeText(bytes);
      return textResult('rtf', 'office_text', rtfToText(decoded.text), maxChars);
    }
    case 'text':
    case 'json': {
      const decoded = decodeText(bytes);
      const r = textResult(format, 'plain_text', decoded.text, maxChars, { encoding: decoded.encoding });
      if (decoded.replacements > 0) r.warnings.push(`${decoded.replacements} character(s) could not be decoded.`);
      return r;
    }
    case 'p7m_signed':
      return extractP7m(options, maxChars);
    case 'p7m_enveloped':
      return failure(format, {
        code: 'opaque_p7m_envelope',
        message:
          'Encrypted S/MIME envelope (CMS EnvelopedData): only its recipient can open it; ask the sender for the unencrypted file.',
      });
    case 'image_png':
    case 'image_jpeg':
    case 'image_tiff':
    case 'image_gif':
    case 'image_bmp':
    case 'image_webp':
    case 'image_heic':
      return (await import('./image')).extractImage(format, bytes, { ocr, ocrTimeoutMs, maxChars });
    default:
      return failure(format, {
        code: 'unsupported_format',
        message: UNSUPPORTED_MESSAGES[format] ?? 'Unsupported file type.',
      });
  }
}

async function extractP7m(options: ExtractOptions, maxChars: number): Promise<ExtractionResult> {
  const depth = options.envelopeDepth ?? 0;
  const unwrapped = unwrapP7m(options.bytes);
  if (!unwrapped.ok) {
    const code =
      unwrapped.reason === 'enveloped'
        ? 'opaque_p7m_envelope'
        : unwrapped.reason === 'detached'
          ? 'unsupported_format'
          : 'parse_failed';
    return failure('p7m_signed', { code, message: unwrapped.message });
  }
  if (depth >= EXTRACT_LIMITS.maxEnvelopeDepth) {
    return failure('p7m_signed', { code: 'parse_failed', message: 'Signed envelopes nested too deeply.' });
  }
  const filename = innerFilename(options.filename);
  const inner = await extractTextInProcess({
    ...options,
    bytes: unwrapped.content,
    filename,
    mimeType: undefined,
    envelopeDepth: depth + 1,
  });
  return {
    ...inner,
    // The file is the envelope; what was read is its content.
    mimeType: MIME_BY_FORMAT.p7m_signed,
    format: 'p7m_signed',
    inner: { filename, format: inner.format, mimeType: inner.mimeType },
    warnings: [...inner.warnings, 'Signed envelope unwrapped; the signature itself was not verified.'],
    text: inner.text.slice(0, maxChars),
  };
}
