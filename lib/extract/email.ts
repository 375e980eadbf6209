import PostalMime from 'postal-mime';
import type { Address, Email } from 'postal-mime';
import MsgReaderModule from '@kenjiuno/msgreader';
import { parse as parseHtml } from 'node-html-parser';
import chardet from 'chardet';
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

const CODEPAGE_OF: Record<string, number> = { Shift_JIS: 932, Big5: 950, GB18030: 936, 'EUC-KR': 949, 'EUC-JP': 932 };

/**
 * Code page of a non-Unicode message that does not declare one: its strings were decoded as Latin-1, so
 * their bytes are recovered and given to charset detection (CJK code pages are recognisable).
 */
function guessCodepage(data: Record<string, unknown>): number {
  const sample = `${String(data.subject ?? '')}\n${String(data.body ?? '').slice(0, 2000)}`;
  if (!/[\u0080-\u00ff]/.test(sample) || /[^\u0000-\u00ff]/.test(sample)) return 0;
  const guess = chardet.detect(Buffer.from(sample, 'latin1'));
  return guess ? (CODEPAGE_OF[guess] ?? 0) : 0;
}

/** Reads the message; non-Unicode (PT_STRING8) messages are re-read in their own code page. */
function readMsg(Ctor: MsgReaderCtor, bytes: Uint8Array): Record<string, unknown> {
  const data = new Ctor(new Uint8Array(bytes).buffer).getFileData();
  // PT_STRING8 strings are in the Windows code page; the internet code page (e.g. 50220 ISO-2022-JP)
  // is only a fallback, mapped to its Windows counterpart.
  const internet: Record<number, number> = {
    50220: 932,
    50221: 932,
    50222: 932,
    51932: 932,
    20932: 932,
    52936: 936,
    54936: 936,
    51949: 949,
    50225: 949,
    51950: 950,
  };
  const ic = Number(data.internetCodepage ?? 0);
  const cp = Number(data.messageCodepage ?? 0) || guessCodepage(data) || internet[ic] || ic;
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
    const Ctor = ((MsgReaderModule as unknown as { default?: MsgReaderCtor }).default ??
      MsgReaderModule) as unknown as MsgReaderCtor;
    const data = readMsg(Ctor, bytes);
    if (typeof data.error === 'string') {
      return failure('outlook_msg', {
        code: 'parse_failed',
        message: `Outlook message could not be read: ${data.error}`,
      });
    }
    const attachments = Array.isArray(data.attachments)
      ? (data.attachments as { fileName?: string; name?: string }[])
      : [];
    const text = [
      data.subject ? `Subject: ${String(data.subject)}` : '',
      data.senderName || data.senderEmail
        ? `From: ${String(data.senderName ?? '')} <${String(data.senderEmail ?? '')}>`
        : '',
      typeof data.body === 'string' ? data.body : '',
      attachments.length
        ? `Attachments: ${attachments
            .map((a) => a.fileName ?? a.name ?? '')
            .filter(Boolean)
            .join(', ')}`
        : '',
    ]
      .filter(Boolean)
      .join('\n\n');
    const r = textResult('outlook_msg', 'email_text', text, maxChars);
    if (data.messageClass && data.messageClass !== 'IPM.Note')
      r.warnings.push(`Outlook item of class ${String(data.messageClass)}.`);
    return r;
  } catch (err) {
    return failure('outlook_msg', {
      code: 'parse_failed',
      message: `Outlook message could not be read: ${errorMessage(err)}`,
    });
  }
}
