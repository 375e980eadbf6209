import PostalMime from 'postal-mime';
import type { Address, Email } from 'postal-mime';
import MsgReaderModule from '@kenjiuno/msgreader';
import { parse as parseHtml } from 'node-html-parser';
import type { ExtractionResult } from './types';
import { errorMessage, failure, textResult } from './normalise';

/**
 * E-mail as text: the headers a reader looks at, the body (plain text, else HTML reduced to text) and
 * the names of the attachments. RFC 822 messages go through postal-mime; Outlook compound (.msg) files
 * through msgreader for their subject and body only (as containers they are not unpacked: see
 * lib/containers).
 */

export const POSTAL_MIME_OPTIONS = {
  forceRfc822Attachments: true, // nested messages stay separate, the container walk recurses into them
  attachmentEncoding: 'arraybuffer' as const,
  maxNestingDepth: 64,
  maxHeadersSize: 1024 * 1024,
};

export function formatAddresses(a: Address | Address[] | undefined): string {
  const list = Array.isArray(a) ? a : a ? [a] : [];
  return list
    .flatMap((x) => ('group' in x && x.group ? x.group : [x]))
    .map((m) => (m.name ? `${m.name} <${m.address ?? ''}>` : (m.address ?? '')))
    .join(', ');
}

export function htmlToText(html: string): string {
  const root = parseHtml(html, { blockTextElements: { script: false, style: false, noscript: false, pre: true } });
  return (root.querySelector('body') ?? root).structuredText;
}

/** The readable text of a parsed message: headers, body, attachment names. */
export function emailText(email: Email, options: { includeAttachmentNames?: boolean } = {}): string {
  const lines: string[] = [];
  if (email.subject) lines.push(`Subject: ${email.subject}`);
  const from = formatAddresses(email.from);
  if (from) lines.push(`From: ${from}`);
  const to = formatAddresses(email.to);
  if (to) lines.push(`To: ${to}`);
  if (email.date) lines.push(`Date: ${email.date}`);
  const body = email.text?.trim() ? email.text : email.html ? htmlToText(email.html) : '';
  const names = email.attachments.map((a) => a.filename).filter((n): n is string => !!n);
  return [
    lines.join('\n'),
    body,
    options.includeAttachmentNames !== false && names.length ? `Attachments: ${names.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

export async function extractEml(bytes: Uint8Array, maxChars: number): Promise<ExtractionResult> {
  try {
    const email = await PostalMime.parse(bytes, POSTAL_MIME_OPTIONS);
    return textResult('eml', 'email_text', emailText(email), maxChars);
  } catch (err) {
    return failure('eml', { code: 'parse_failed', message: `E-mail could not be parsed: ${errorMessage(err)}` });
  }
}

type MsgReaderInstance = { getFileData(): Record<string, unknown>; parserConfig?: { ansiEncoding?: string } };
type MsgReaderCtor = new (buf: ArrayBuffer) => MsgReaderInstance;

/** Reads the message; non-Unicode (PT_STRING8) messages are re-read in their own code page. */
function readMsg(Ctor: MsgReaderCtor, bytes: Uint8Array): Record<string, unknown> {
  const data = new Ctor(new Uint8Array(bytes).buffer).getFileData();
  const cp = Number(data.messageCodepage ?? data.internetCodepage ?? 0);
  if (cp && cp !== 1252 && cp !== 65001 && cp !== 1200 && typeof data.error !== 'string') {
    try {
      const again = new Ctor(new Uint8Array(bytes).buffer);
      again.parserConfig = { ansiEncoding: String(cp) };
      return again.getFileData();
    } catch {
      return data;
    }
  }
  return data;
}

export function extractOutlookMsg(bytes: Uint8Array, maxChars: number): ExtractionResult {
  try {
    const Ctor = ((MsgReaderModule as unknown as { default?: MsgReaderCtor }).default ?? MsgReaderModule) as unknown as MsgReaderCtor;
    const data = readMsg(Ctor, bytes);
    if (typeof data.error === 'string') {
      return failure('outlook_msg', { code: 'parse_failed', message: `Outlook message could not be read: ${data.error}` });
    }
    const attachments = Array.isArray(data.attachments) ? (data.attachments as { fileName?: string; name?: string }[]) : [];
    const text = [
      data.subject ? `Subject: ${String(data.subject)}` : '',
      data.senderName || data.senderEmail ? `From: ${String(data.senderName ?? '')} <${String(data.senderEmail ?? '')}>` : '',
      typeof data.body === 'string' ? data.body : '',
      attachments.length ? `Attachments: ${attachments.map((a) => a.fileName ?? a.name ?? '').filter(Boolean).join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('\n\n');
    const r = textResult('outlook_msg', 'email_text', text, maxChars);
    if (data.messageClass && data.messageClass !== 'IPM.Note') r.warnings.push(`Outlook item of class ${String(data.messageClass)}.`);
    return r;
  } catch (err) {
    return failure('outlook_msg', { code: 'parse_failed', message: `Outlook message could not be read: ${errorMessage(err)}` });
  }
}
