import PostalMime from 'postal-mime';
import type { Attachment, Email } from 'postal-mime';
import { sniffFormat } from '@/lib/extract/sniff';
import type { FileFormat } from '@/lib/extract/types';
import { unwrapP7m, innerFilename } from '@/lib/extract/p7m';
import { emailText, POSTAL_MIME_OPTIONS } from '@/lib/extract/email';
import { openZip } from '@/lib/extract/zip-reader';
import { quoteName, sanitiseEntryName } from '@/lib/extract/zip-entry-names';
import { ContainerBudget, type ContainerLimits } from './limits';

/**
 * Walks an uploaded container (.zip, .eml, RFC 2822 .msg, and signed .p7m envelopes around them) and
 * everything nested in it up to the recursion limit, reporting each file found to a visitor and each
 * thing that cannot be opened as a skip with the contract's reason. Shared by classifyContainer (which
 * classifies every file) and listContainerFiles (which hands the files to the bulk upload).
 *
 * Depth: entries of the uploaded container have recursion_depth 0; a container found at depth d is
 * opened when d + 1 <= maxDepth, else it is skipped with recursion_limit_exceeded.
 */

export const SKIP_REASONS = [
  'encrypted_archive',
  'unsupported_format',
  'recursion_limit_exceeded',
  'opaque_p7m_envelope',
  'non_parseable_msg',
  'parse_failed',
  'empty_container',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export interface WalkLocation {
  /** Safe display name (last path segment). */
  filename: string;
  /** Safe display path from the uploaded container, through nested containers. */
  path: string;
  /** The uploaded file name, or "<upload>/<path of the nested container>". */
  sourceContainer: string;
  depth: number;
}

export interface WalkFile extends WalkLocation {
  bytes: Uint8Array;
  format: FileFormat;
  mimeType: string;
  /** An e-mail's own text (headers and body), not an attachment. */
  isMessageBody?: boolean;
}

export interface WalkSkip extends WalkLocation {
  reason: SkipReason;
  message: string;
}

export interface WalkVisitor {
  file(file: WalkFile): Promise<void>;
  skip(skip: WalkSkip): void;
  /** Message bodies are reported only when this is true. */
  wantsMessageBodies?: boolean;
}

const ARCHIVE_MESSAGES: Partial<Record<FileFormat, string>> = {
  '7z': '7-Zip archive: not supported, only .zip archives are opened.',
  rar: 'RAR archive: not supported, only .zip archives are opened.',
  tar: 'tar archive: not supported, only .zip archives are opened.',
  gzip: 'gzip-compressed file (e.g. .tar.gz): not supported, only .zip archives are opened.',
  bzip2: 'bzip2-compressed file: not supported, only .zip archives are opened.',
  xz: 'xz-compressed file: not supported, only .zip archives are opened.',
  ar: 'ar archive (.a, .deb): not supported.',
  wim: 'Windows imaging archive (.wim): not supported.',
  tnef: 'Outlook TNEF bundle (winmail.dat): its attachments are not decoded; ask the sender to send plain attachments.',
};

const JUNK = /(^|\/)(__MACOSX\/|\._[^/]*$|\.DS_Store$|Thumbs\.db$|desktop\.ini$)/i;

/** What the walker does with a file of this format. */
function containerKind(
  format: FileFormat,
): 'zip' | 'eml' | 'p7m' | 'msg' | 'enveloped' | 'encrypted_office' | 'unsupported_archive' | null {
  if (format === 'zip') return 'zip';
  if (format === 'eml') return 'eml';
  if (format === 'p7m_signed') return 'p7m';
  if (format === 'outlook_msg') return 'msg';
  if (format === 'p7m_enveloped' || format === 'p7m_other') return 'enveloped';
  if (format === 'ooxml_encrypted') return 'encrypted_office';
  if (ARCHIVE_MESSAGES[format]) return 'unsupported_archive';
  return null;
}

/**
 * An OLE/CFB file named .msg that is not a readable Outlook message (damaged or truncated compound
 * file, or one without message streams): the contract's non_parseable_msg, wherever it is found.
 */
function isBrokenOutlookMsg(format: FileFormat, filename: string): boolean {
  return format === 'cfb_other' && /\.msg$/i.test(filename);
}

const opaqueEnvelope = (format: FileFormat) =>
  format === 'p7m_enveloped'
    ? 'Encrypted S/MIME envelope (CMS EnvelopedData): only its recipient can open it.'
    : 'PKCS#7 envelope of a content type other than signed or enveloped data: nothing to unwrap.';
const BROKEN_MSG =
  'Outlook compound (.msg, OLE/CFB) file that cannot be parsed (damaged, truncated or without message streams); forward the message again as .eml.';

class Walker {
  private stopped = false;
  constructor(
    private readonly upload: string,
    private readonly visitor: WalkVisitor,
    private readonly budget: ContainerBudget,
  ) {}

  private get limits(): ContainerLimits {
    return this.budget.limits;
  }

  /** Counts one reported item; false when the item budget or time budget is used up. */
  private take(at: WalkLocation): boolean {
    if (this.stopped) return false;
    if (this.budget.itemsLeft <= 0 || this.budget.timedOut) {
      this.stopped = true;
      this.visitor.skip({
        ...at,
        reason: 'parse_failed',
        message: this.budget.timedOut
          ? `Stopped: the time budget of ${this.limits.timeBudgetMs / 1000} s for this upload was used up; the remaining files were not read.`
          : `Stopped: more than ${this.limits.maxItems} files in this upload; the remaining files were not read.`,
      });
      return false;
    }
    this.budget.itemsLeft--;
    return true;
  }

  skip(at: WalkLocation, reason: SkipReason, message: string) {
    if (this.take(at)) this.visitor.skip({ ...at, reason, message });
  }

  private child(
    parent: { prefix: string; source: string; depth: number },
    rawName: string,
    fallback: string,
  ): WalkLocation & { problems: string[] } {
    const s = sanitiseEntryName(rawName, fallback);
    const path = parent.prefix ? `${parent.prefix}/${s.display}` : s.display;
    return { filename: s.basename, path, sourceContainer: parent.source, depth: parent.depth, problems: s.problems };
  }

  /** Top level: the uploaded file itself must be a container. */
  async root(bytes: Uint8Array, filename: string) {
    const { format } = sniffFormat(bytes, filename);
    const at: WalkLocation = {
      filename: sanitiseEntryName(filename, 'upload').basename,
      path: sanitiseEntryName(filename, 'upload').display,
      sourceContainer: this.upload,
      depth: 0,
    };
    const kind = containerKind(format);
    const frame = { prefix: '', source: this.upload, depth: 0 };
    if (bytes.length === 0) return this.skip(at, 'empty_container', 'The uploaded file is empty.');
    if (kind === 'zip') return this.zip(bytes, at, frame);
    if (kind === 'eml') return this.email(bytes, at, frame);
    if (kind === 'p7m') return this.p7m(bytes, at, frame, true);
    if (kind === 'msg')
      return this.skip(
        at,
        'non_parseable_msg',
        'Outlook compound (.msg, OLE/CFB) files are not unpacked; forward the message as .eml or save its attachments.',
      );
    if (kind === 'enveloped') return this.skip(at, 'opaque_p7m_envelope', opaqueEnvelope(format));
    if (isBrokenOutlookMsg(format, filename)) return this.skip(at, 'non_parseable_msg', BROKEN_MSG);
    if (kind === 'encrypted_office')
      return this.skip(
        at,
        'encrypted_archive',
        'Password-protected Office document; it is not a container and cannot be read.',
      );
    if (kind === 'unsupported_archive') return this.skip(at, 'unsupported_format', ARCHIVE_MESSAGES[format]!);
    const ext = filename.toLowerCase().split('.').pop();
    if (ext === 'zip' || ext === 'eml' || ext === 'msg') {
      return this.skip(
        at,
        'parse_failed',
        `Named .${ext} but the content is not a ${ext === 'zip' ? 'zip archive' : 'e-mail'} (${format}).`,
      );
    }
    return this.skip(at, 'unsupported_format', `Not a container (${format}): classify it as a single file instead.`);
  }

  /** A file found inside a container: recurse into containers, report everything else. */
  private async entry(bytes: Uint8Array, at: WalkLocation, declaredMime?: string) {
    const { format, mimeType } = sniffFormat(bytes, at.filename, declaredMime);
    const kind = containerKind(format);
    const nextFrame = { prefix: at.path, source: `${this.upload}/${at.path}`, depth: at.depth + 1 };
    if (kind === 'zip' || kind === 'eml' || kind === 'p7m') {
      if (kind === 'p7m') return this.p7m(bytes, at, nextFrame, false);
      if (at.depth + 1 > this.limits.maxDepth) {
        return this.skip(
          at,
          'recursion_limit_exceeded',
          `Nested ${kind === 'zip' ? 'archive' : 'message'} at depth ${at.depth + 1}; containers are opened down to ${this.limits.maxDepth} levels.`,
        );
      }
      return kind === 'zip' ? this.zip(bytes, at, nextFrame) : this.email(bytes, at, nextFrame);
    }
    if (kind === 'msg')
      return this.skip(
        at,
        'non_parseable_msg',
        'Outlook compound (.msg, OLE/CFB) file: not unpacked; forward it as .eml or save its attachments.',
      );
    if (kind === 'enveloped') return this.skip(at, 'opaque_p7m_envelope', opaqueEnvelope(format));
    if (isBrokenOutlookMsg(format, at.filename)) return this.skip(at, 'non_parseable_msg', BROKEN_MSG);
    if (kind === 'encrypted_office')
      return this.skip(
        at,
        'encrypted_archive',
        'Password-protected Office document (encrypted OOXML package); it cannot be read without the password.',
      );
    if (kind === 'unsupported_archive') return this.skip(at, 'unsupported_format', ARCHIVE_MESSAGES[format]!);
    if (!this.take(at)) return;
    await this.visitor.file({ ...at, bytes, format, mimeType });
  }

  /** Signed envelope: around a container it is opened like a nested container; around a document it is a file. */
  private async p7m(
    bytes: Uint8Array,
    at: WalkLocation,
    frame: { prefix: string; source: string; depth: number },
    isRoot: boolean,
  ) {
    const unwrapped = unwrapP7m(bytes);
    if (unwrapped.ok) {
      const inner = sniffFormat(unwrapped.content, innerFilename(at.filename));
      const kind = containerKind(inner.format);
      if (kind === 'zip' || kind === 'eml') {
        const depthOk = isRoot || at.depth + 1 <= this.limits.maxDepth;
        if (!depthOk)
          return this.skip(
            at,
            'recursion_limit_exceeded',
            `Nested container at depth ${at.depth + 1} inside a signed envelope; containers are opened down to ${this.limits.maxDepth} levels.`,
          );
        return kind === 'zip' ? this.zip(unwrapped.content, at, frame) : this.email(unwrapped.content, at, frame);
      }
    }
    // Nothing to unwrap (detached signature, encrypted or other CMS content): an opaque envelope.
    if (
      !unwrapped.ok &&
      (unwrapped.reason === 'detached' || unwrapped.reason === 'enveloped' || unwrapped.reason === 'unsupported')
    ) {
      return this.skip(at, 'opaque_p7m_envelope', `Opaque .p7m envelope, nothing to unwrap: ${unwrapped.message}`);
    }
    if (isRoot)
      return this.skip(
        at,
        'unsupported_format',
        'Signed envelope that does not hold a container: classify it as a single file instead.',
      );
    if (!this.take(at)) return;
    const { format, mimeType } = sniffFormat(bytes, at.filename);
    await this.visitor.file({ ...at, bytes, format, mimeType });
  }

  private async zip(bytes: Uint8Array, at: WalkLocation, frame: { prefix: string; source: string; depth: number }) {
    const zip = await openZip(bytes, {
      maxEntries: this.limits.maxEntriesPerArchive,
      maxEntryBytes: this.limits.maxEntryBytes,
      maxRatio: this.limits.maxRatio,
      ratioGraceBytes: this.limits.ratioGraceBytes,
    });
    if (!zip.ok) {
      const reason: SkipReason = zip.reason === 'encrypted' ? 'encrypted_archive' : 'parse_failed';
      return this.skip(at, reason, zip.message);
    }
    try {
      const files = zip.entries.filter((e) => !e.isDirectory);
      if (files.length === 0) return this.skip(at, 'empty_container', 'The archive holds no files.');
      for (const entry of files) {
        if (this.stopped) return;
        const loc = this.child(frame, entry.name, `entry-${entry.index + 1}`);
        if (loc.problems.includes('traversal')) {
          this.skip(
            loc,
            'parse_failed',
            `Entry name ${quoteName(entry.name)} points outside the archive (path traversal); refused, not extracted.`,
          );
          continue;
        }
        if (JUNK.test(entry.name.replace(/\\/g, '/'))) {
          this.skip(
            loc,
            'unsupported_format',
            'Operating-system metadata file (macOS resource fork, .DS_Store, Thumbs.db); not a document.',
          );
          continue;
        }
        const read = await zip.read(entry, this.budget);
        if (!read.ok) {
          const reason: SkipReason =
            read.reason === 'encrypted'
              ? 'encrypted_archive'
              : read.reason === 'unsupported_method'
                ? 'unsupported_format'
                : 'parse_failed';
          this.skip(loc, reason, read.message);
          continue;
        }
        await this.entry(read.bytes, loc);
      }
    } finally {
      zip.close();
    }
  }

  private async email(bytes: Uint8Array, at: WalkLocation, frame: { prefix: string; source: string; depth: number }) {
    let email: Email;
    try {
      email = await PostalMime.parse(bytes, POSTAL_MIME_OPTIONS);
    } catch (err) {
      return this.skip(
        at,
        'parse_failed',
        `E-mail could not be parsed: ${(err instanceof Error ? err.message : String(err)).slice(0, 200)}`,
      );
    }
    const attachments = email.attachments.slice(0, this.limits.maxAttachmentsPerMessage);
    const extraBody: string[] = [];
    const files: { a: Attachment; index: number }[] = [];
    attachments.forEach((a, index) => {
      // Body alternatives and reports are part of the message text, not attachments.
      if (!a.filename && (a.mimeType.startsWith('text/') || a.mimeType === 'message/delivery-status')) {
        if (a.mimeType === 'message/delivery-status' || a.mimeType === 'text/plain')
          extraBody.push(new TextDecoder().decode(a.content as ArrayBuffer));
        return;
      }
      files.push({ a, index });
    });
    if (this.visitor.wantsMessageBodies) {
      const body = [emailText(email, { includeAttachmentNames: true }), ...extraBody].join('\n\n');
      if ((body.match(/[\p{L}\p{N}]/gu) ?? []).length >= 3) {
        const loc = this.child(frame, 'message-body.txt', 'message-body.txt');
        if (this.take(loc)) {
          await this.visitor.file({
            ...loc,
            bytes: new TextEncoder().encode(body),
            format: 'text',
            mimeType: 'text/plain',
            isMessageBody: true,
          });
        }
      }
    }
    if (email.attachments.length > attachments.length) {
      this.skip(
        at,
        'parse_failed',
        `The message has ${email.attachments.length} attachments; only the first ${attachments.length} were read.`,
      );
    }
    for (const { a, index } of files) {
      if (this.stopped) return;
      const content = new Uint8Array(a.content as ArrayBuffer);
      const isMessage = a.mimeType === 'message/rfc822';
      const fallback = isMessage ? `message-${index + 1}.eml` : `attachment-${index + 1}${extensionFor(a.mimeType)}`;
      let name = a.filename ?? fallback;
      if (isMessage && !/\.(eml|msg)$/i.test(name)) name += '.eml';
      const loc = this.child(frame, name, fallback);
      if (/^application\/(x-)?pkcs7-signature$/.test(a.mimeType)) {
        this.skip(loc, 'unsupported_format', 'Detached S/MIME signature of the message: metadata, not a document.');
        continue;
      }
      if (isMessage && content.length === 0) {
        this.skip(loc, 'empty_container', 'Attached message is empty.');
        continue;
      }
      if (isMessage) {
        if (loc.depth + 1 > this.limits.maxDepth) {
          this.skip(
            loc,
            'recursion_limit_exceeded',
            `Nested message at depth ${loc.depth + 1}; containers are opened down to ${this.limits.maxDepth} levels.`,
          );
          continue;
        }
        await this.email(content, loc, {
          prefix: loc.path,
          source: `${this.upload}/${loc.path}`,
          depth: loc.depth + 1,
        });
        continue;
      }
      await this.entry(content, loc, a.mimeType);
    }
  }
}

function extensionFor(mime: string): string {
  const map: Record<string, string> = {
    'application/pdf': '.pdf',
    'image/jpeg': '.jpg',
    'image/png': '.png',
    'image/gif': '.gif',
    'text/plain': '.txt',
    'text/html': '.html',
    'application/zip': '.zip',
    'application/x-gzip': '.gz',
    'application/gzip': '.gz',
  };
  return map[mime] ?? '';
}

export async function walkContainer(
  bytes: Uint8Array,
  filename: string,
  visitor: WalkVisitor,
  limits: ContainerLimits,
): Promise<void> {
  const upload = sanitiseEntryName(filename, 'upload').basename;
  const walker = new Walker(upload, visitor, new ContainerBudget(limits));
  await walker.root(bytes, filename);
}
