/**
 * Opaque PKCS#7 envelopes (encrypted, detached signatures) are told apart from signed envelopes with content,
 * uploaded or inside a zip.
 */
import { describe, expect, it } from 'vitest';
import PostalMime from 'postal-mime';
import { classifyContainer } from '@/lib/containers';
import { zipOf } from './fixtures';
import { expectContainerShape, readCorpus } from './helpers';

/**
 * The two container skip reasons of the contract that used to come out as unsupported_format /
 * parse_failed: an opaque .p7m (encrypted, detached: nothing to unwrap) and an Outlook compound .msg
 * that cannot be parsed. Real files only: the detached envelope is the S/MIME signature carried by a
 * real Thunderbird message, the broken .msg the first half of a real Outlook file (a cut-off download).
 */

async function detachedSignature(): Promise<Uint8Array> {
  const eml = readCorpus('emails', 'eml-thunderbird-smime-multipart-signed-jpeg-attachment.eml');
  const mail = await PostalMime.parse(eml, { attachmentEncoding: 'arraybuffer' });
  const sig = mail.attachments.find((a) => a.mimeType === 'application/pkcs7-signature');
  if (!sig) throw new Error('corpus message lost its S/MIME signature');
  return new Uint8Array(sig.content as ArrayBuffer);
}

const outlook = readCorpus('emails', 'outlook-compound-three-image-attachments.msg');
const truncatedMsg = outlook.subarray(0, Math.floor(outlook.length / 2));

async function directAndZipped(name: string, bytes: Uint8Array) {
  const direct = expectContainerShape(await classifyContainer({ bytes, filename: name }));
  const zipped = expectContainerShape(
    await classifyContainer({
      bytes: await zipOf([
        [name, bytes],
        ['readme.txt', 'Gebrauchsanleitung des Spielzeugs'],
      ]),
      filename: 'bundle.zip',
    }),
  );
  return { direct, zipped };
}

function expectOnlySkip(
  r: Awaited<ReturnType<typeof classifyContainer>>,
  reason: string,
  path: string,
  messagePart: RegExp,
) {
  expect(r.skipped.map((s) => [s.reason, s.path_in_container])).toEqual([[reason, path]]);
  expect(r.skipped[0].message).toMatch(messagePart);
  // The diagnostic is a filename-only classification saying why nothing could be read.
  expect(r.skipped[0].diagnostic.diagnostic?.code).toMatch(
    /^(text_extraction_failed_filename_only|unsupported_file_type)$/,
  );
  expect(r.skipped[0].diagnostic.reasoning).toEqual(expect.any(String));
}

describe('containers: opaque_p7m_envelope', () => {
  it('an encrypted CMS envelope, uploaded or inside a zip', async () => {
    const { direct, zipped } = await directAndZipped(
      'offer.p7m',
      readCorpus('documents', 'p7m-enveloped-encrypted-opaque.p7m'),
    );
    expectOnlySkip(direct, 'opaque_p7m_envelope', 'offer.p7m', /EnvelopedData/);
    expectOnlySkip(zipped, 'opaque_p7m_envelope', 'offer.p7m', /EnvelopedData/);
    expect(zipped.parts.map((p) => p.filename)).toEqual(['readme.txt']);
  });

  it('a detached signature (SignedData without content), uploaded or inside a zip, is not unsupported_format', async () => {
    const { direct, zipped } = await directAndZipped('declaration.pdf.p7m', await detachedSignature());
    expectOnlySkip(direct, 'opaque_p7m_envelope', 'declaration.pdf.p7m', /Detached signature/);
    expectOnlySkip(zipped, 'opaque_p7m_envelope', 'declaration.pdf.p7m', /Detached signature/);
    expect(zipped.parts).toHaveLength(1);
  });

  it('a signed envelope with content is still unwrapped inside a zip', async () => {
    const r = expectContainerShape(
      await classifyContainer({
        bytes: await zipOf([
          ['doc.pdf.p7m', readCorpus('documents', 'p7m-cades-signed-pdf-italian-regione-lombardia.pdf.p7m')],
        ]),
        filename: 'b.zip',
      }),
    );
    expect(r.skipped).toEqual([]);
    expect(r.parts.map((p) => p.filename)).toEqual(['doc.pdf.p7m']);
  });
});

describe('containers: non_parseable_msg', () => {
  it('a damaged Outlook compound .msg: non_parseable_msg uploaded directly (was parse_failed) and inside a zip (was unsupported_format)', async () => {
    const { direct, zipped } = await directAndZipped('order-confirmation.msg', truncatedMsg);
    expectOnlySkip(direct, 'non_parseable_msg', 'order-confirmation.msg', /cannot be parsed/);
    expectOnlySkip(zipped, 'non_parseable_msg', 'order-confirmation.msg', /cannot be parsed/);
  });

  it('an intact Outlook compound .msg keeps its reason, and RFC 2822 .msg files are still unpacked', async () => {
    const { direct } = await directAndZipped('welcome.msg', outlook);
    expect(direct.skipped.map((s) => s.reason)).toEqual(['non_parseable_msg']);
    const rfc = expectContainerShape(
      await classifyContainer({
        bytes: readCorpus('emails', 'rfc2822-text-simple-attachment.msg'),
        filename: 'simple.msg',
      }),
    );
    expect(rfc.parts.map((p) => p.filename)).toContain('message-body.txt');
    expect(rfc.skipped.map((s) => s.reason)).not.toContain('non_parseable_msg');
  });

  it('a compound file that is not named .msg (e.g. a legacy .doc) is not reported as a message', async () => {
    const r = expectContainerShape(
      await classifyContainer({ bytes: await zipOf([['notes.doc', truncatedMsg]]), filename: 'b.zip' }),
    );
    expect(r.skipped.map((s) => s.reason)).not.toContain('non_parseable_msg');
  });
});
