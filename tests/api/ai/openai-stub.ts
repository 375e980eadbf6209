import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny OpenAI-compatible server on loopback (POST /v1/chat/completions), so AI features are tested
 * through the real @ai-sdk/openai provider over real HTTP. Each test sets `reply` to decide the answer
 * for a request: a JSON object the assistant "writes", a raw content string, an HTTP error, a delay.
 */

export interface StubReply {
  /** the assistant message content: an object is sent as its JSON text */
  content?: unknown;
  status?: number;
  /** body for an error status */
  error?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
  usage?: { prompt_tokens: number; completion_tokens: number };
}

export interface StubRequest {
  body: any;
  /** the concatenated text of every message */
  prompt: string;
  /** true when the client closed the connection before the answer was sent */
  aborted: boolean;
  receivedAt: number;
}

export interface OpenAiStub {
  url: string;
  requests: StubRequest[];
  reply: (req: StubRequest) => StubReply | Promise<StubReply>;
  close(): Promise<void>;
}

export async function startOpenAiStub(opts: { port?: number } = {}): Promise<OpenAiStub> {
  const stub: OpenAiStub = {
    url: '',
    requests: [],
    reply: () => ({ content: { suggestions: [] } }),
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      let body: any = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        res.writeHead(400).end();
        return;
      }
      const prompt = (body.messages ?? [])
        .map((m: any) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)))
        .join('\n');
      const record: StubRequest = { body, prompt, aborted: false, receivedAt: Date.now() };
      stub.requests.push(record);
      res.on('close', () => {
        if (!res.writableFinished) record.aborted = true;
      });
      const r = await stub.reply(record);
      if (r.delayMs) await new Promise((resolve) => setTimeout(resolve, r.delayMs));
      if (res.destroyed || record.aborted) return;
      if (r.status && r.status >= 400) {
        res
          .writeHead(r.status, { 'content-type': 'application/json', ...r.headers })
          .end(JSON.stringify(r.error ?? { error: { message: `stub error ${r.status}`, type: 'server_error' } }));
        return;
      }
      const content = typeof r.content === 'string' ? r.content : JSON.stringify(r.content ?? {});
      const usage = r.usage ?? {
        prompt_tokens: Math.ceil(prompt.length / 4),
        completion_tokens: Math.ceil(content.length / 4),
      };
      res.writeHead(200, { 'content-type': 'application/json', ...r.headers }).end(
        JSON.stringify({
          id: `chatcmpl-${stub.requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  stub.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return stub;
}
