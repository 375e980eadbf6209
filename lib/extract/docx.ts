import mammoth from 'mammoth';
import type { ExtractionResult } from './types';
import { errorMessage, failure, textResult } from './normalise';
import { preflightOfficeZip } from './office-zip';

/**
 * DOCX text with mammoth (handles ISO 29500 Strict namespaces, BOMs in parts, tables, text boxes and
 * footnotes). The archive is size-checked first; mammoth's own messages (unsupported elements) become
 * warnings.
 */
export async function extractDocx(bytes: Uint8Array, maxChars: number): Promise<ExtractionResult> {
  const pre = await preflightOfficeZip(bytes);
  if (!pre.ok) return failure('docx', pre.issue);
  pre.zip.close();
  try {
    const result = await mammoth.extractRawText({
      buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    });
    const warnings = result.messages
      .filter((m) => m.type === 'warning' || m.type === 'error')
      .slice(0, 5)
      .map((m) => m.message.slice(0, 200));
    const r = textResult('docx', 'docx_text', result.value, maxChars);
    r.warnings.push(...warnings);
    return r;
  } catch (err) {
    return failure('docx', { code: 'parse_failed', message: `DOCX could not be read: ${errorMessage(err)}` });
  }
}
