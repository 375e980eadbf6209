/**
 * A request mail survives a crash (issue 39, part 4): a child process sends a supplier request through
 * the real route to a loopback SMTP server that holds back its answer to the message, and is killed
 * with SIGKILL meanwhile. The server never confirmed the message (its connection died first), so it
 * delivers nothing. A restarted process reconciles the outbox: the same mail goes again with the same
 * Message-ID, exactly one mail arrives, the request is `sent` and its upload link answers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import PostalMime, { type Email } from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { childDatabase, spawnScript } from '../../helpers/child';

const SCRIPT = 'scripts/outreach-send-crash-child.ts';

/**
 * An SMTP server that waits `holdMs` before answering the end of a message, and keeps the message only
 * if the client is still there to hear the answer (a lost connection before the reply is a failed
 * transaction, RFC 5321 §4.1.1.4 and RFC 1047).
 */
async function holdingSmtp() {
  const mails: Email[] = [];
  const closed = new Set<string>();
  const state = { holdMs: 0, received: 0 };
  let onReceived: () => void = () => {};
  const received = new Promise<void>((r) => (onReceived = r));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        state.received++;
        onReceived();
        await new Promise((r) => setTimeout(r, state.holdMs));
        if (closed.has(session.id)) return cb(new Error('connection lost before the reply'));
        mails.push(await PostalMime.parse(Buffer.concat(chunks)));
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.server.address() as { port: number }).port,
    mails,
    state,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the request outbox under kill -9', () => {
  it(
    'killed while the mail server holds its answer: after a restart exactly one mail, the same Message-ID, sent, a working link',
    async () => {
      const smtp = await holdingSmtp();
      smtp.state.holdMs = 4_000;
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-outbox-crash-'));
      const db = await childDatabase(dataDir, {
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        SMTP_FROM: 'Compliance Desk <outreach@compliance.example>',
        SUPPLIER_SEND_LEASE_SECONDS: '1',
        PUBLIC_APP_URL: 'http://127.0.0.1:3100',
      });
      try {
        const sender = spawnScript(SCRIPT, ['send'], db.env);
        const ready = await sender.waitFor((l) => l.startsWith('READY '));
        const workspaceId = ready.line.split(' ')[1];
        await smtp.received; // the whole message is at the server, which has not answered yet
        sender.proc.kill('SIGKILL');
        expect((await sender.exited).signal).toBe('SIGKILL');
        expect(sender.seen.some((e) => e.line.startsWith('DONE'))).toBe(false);
        await new Promise((r) => setTimeout(r, smtp.state.holdMs + 500));
        expect(smtp.mails).toHaveLength(0);

        smtp.state.holdMs = 0;
        const restarted = spawnScript(SCRIPT, ['reconcile', workspaceId], db.env);
        const exit = await restarted.exited;
        expect(exit.code, restarted.stderr().slice(-3000)).toBe(0);
        const result = JSON.parse(restarted.seen.find((e) => e.line.startsWith('RESULT '))!.line.slice(7));
        // Before: stuck in sending, claimed once by the killed process.
        expect(result.before).toEqual([{ status: 'sending', attempts: 1 }]);
        expect(result.summary).toEqual({ sent: 1, failed: 0 });
        const [request] = result.requests;
        expect(request).toMatchObject({ status: 'sent', send_attempts: 2, link: 'ok' });
        expect(request.timeline).toEqual(['created', 'sent']);

        expect(smtp.state.received).toBe(2);
        expect(smtp.mails).toHaveLength(1);
        expect(smtp.mails[0].messageId).toBe(request.message_id);
        expect(smtp.mails[0].text).toContain(request.upload_url);
        expect(smtp.mails[0].to?.[0]?.address).toBe('compliance@spielwaren.example');
      } finally {
        await db.drop();
        await smtp.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    5 * 60_000,
  );
});
