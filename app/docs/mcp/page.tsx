import type { Metadata } from 'next';
import Link from 'next/link';
import { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { getEnv } from '@/lib/config/env';
import { MCP_TOOLS } from '@/lib/mcp/tools';
import realAnswers from '@/lib/mcp/examples.generated.json';

/** Text answers recorded from a real workspace by tests/api/mcp/mcp.test.ts (WRITE_MCP_EXAMPLES=1). */
const REAL: Record<string, { arguments: Record<string, unknown>; text: string } | undefined> = realAnswers;
const clip = (t: string) => (t.length > 1400 ? `${t.slice(0, 1400)}\n…` : t);

export const metadata: Metadata = {
  title: 'MCP for AI agents',
  description:
    'Connect an MCP client (Claude, Cursor, VS Code, the MCP Inspector) to your workspace: read-only tools for SKUs, blockers, requirements, documents, imports, entities, export runs and supplier requests.',
};

const code = 'rounded bg-surface-muted px-1 py-0.5 font-mono text-xs';
const pre = 'overflow-x-auto bg-slate-950 px-5 py-4 font-mono text-xs leading-relaxed text-slate-100';

function argumentsOf(schema: z.ZodObject) {
  const json = z.toJSONSchema(schema, { io: 'input' }) as {
    properties?: Record<string, { description?: string; type?: string; enum?: unknown[] }>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, p]) => ({
    name,
    required: json.required?.includes(name) ?? false,
    description: p.description ?? (p.enum ? `One of ${p.enum.join(', ')}.` : ''),
  }));
}

export default function McpDocsPage() {
  const origin = (getEnv().PUBLIC_APP_URL ?? 'https://app.example.com').replace(/\/$/, '');
  const endpoint = `${origin}/api/mcp`;
  const mcpJson = JSON.stringify(
    {
      mcpServers: { 'gpsr-workspace': { type: 'http', url: endpoint, headers: { Authorization: 'Bearer cw_live_…' } } },
    },
    null,
    2,
  );
  const curl = `curl -s ${endpoint} \\
  -H "Authorization: Bearer $API_KEY" \\
  -H "Content-Type: application/json" \\
  -H "Accept: application/json, text/event-stream" \\
  -d '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"readiness_summary","arguments":{"top":3}}}'`;
  const inspector = `MCP_API_KEY=cw_live_… \\
  npm run mcp:inspect -- ${endpoint}`;

  return (
    <main id="main" className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
      <header className="max-w-3xl">
        <p className="text-xs font-medium text-muted-foreground">API documentation</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">MCP for AI agents</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          Agents ask questions such as &ldquo;which of my SKUs can&rsquo;t be sold in France, and why?&rdquo; through
          the Model Context Protocol. The endpoint <code className={code}>/api/mcp</code> speaks MCP over streamable
          HTTP (stateless, JSON responses) and is <strong>read-only</strong>: every tool is marked{' '}
          <code className={code}>readOnlyHint</code>, and nothing it can call writes. It sees exactly one workspace: the
          one of the API key.
        </p>
      </header>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <Card className="overflow-hidden">
          <h2 className="border-b border-border px-5 py-3 text-sm font-semibold">1. Create a key</h2>
          <div className="space-y-2 px-5 py-4 text-[0.8125rem] text-foreground/90">
            <p>
              In Settings &rarr; API keys, create a key with the scope <code className={code}>mcp:read</code> (allowed
              on every plan, trial included). Send it on every request as{' '}
              <code className={code}>Authorization: Bearer &lt;key&gt;</code>.
            </p>
            <p className="text-muted-foreground">
              No key, an unknown, revoked or expired key answers 401 with the{' '}
              <Link href="/docs/errors" className="font-medium text-primary underline underline-offset-2">
                error envelope
              </Link>
              ; a key without <code className={code}>mcp:read</code> answers 403{' '}
              <code className={code}>INSUFFICIENT_SCOPE</code>; requests count against the API rate limit (429{' '}
              <code className={code}>RATE_LIMITED</code>). Errors inside a readable JSON-RPC exchange are answered at
              HTTP 200 as JSON-RPC, as MCP requires: unknown method <code className={code}>-32601</code>, invalid params{' '}
              <code className={code}>-32602</code>. A tool that cannot answer (unknown id, bad cursor, invalid or{' '}
              <strong>unknown</strong> arguments) returns a result with <code className={code}>isError: true</code> and
              the reason, so the agent can correct itself: inputs are closed, an argument a tool does not know is named
              in the error, never ignored.
            </p>
            <p className="text-muted-foreground">
              A request the transport cannot read is an HTTP error and uses the error envelope like every other
              operation (MCP&rsquo;s transport only allows a JSON-RPC body there): malformed JSON 400{' '}
              <code className={code}>INVALID_JSON</code>, a body that is not a JSON-RPC message 400{' '}
              <code className={code}>VALIDATION_FAILED</code>, a Content-Type other than application/json 415{' '}
              <code className={code}>UNSUPPORTED_MEDIA_TYPE</code>; <code className={code}>details.jsonrpc_error</code>{' '}
              carries the JSON-RPC code (<code className={code}>-32700</code>, <code className={code}>-32600</code>).
              Members of a message besides <code className={code}>jsonrpc</code>, <code className={code}>id</code>,{' '}
              <code className={code}>method</code> and <code className={code}>params</code> are ignored, and an{' '}
              <code className={code}>id</code> may be a string, any number or null: the answer carries it back.
            </p>
            <p className="text-muted-foreground">
              <code className={code}>GET /api/mcp</code> with the same header returns the server metadata (version,
              protocol versions, tools) as plain JSON.
            </p>
          </div>
        </Card>
        <Card className="flex flex-col overflow-hidden">
          <h2 className="border-b border-border px-5 py-3 text-sm font-semibold">
            2. Add the server to your client (mcp.json)
          </h2>
          <pre tabIndex={0} className={`flex-1 ${pre}`} data-testid="mcp-json">
            {mcpJson}
          </pre>
        </Card>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card className="flex flex-col overflow-hidden">
          <h2 className="border-b border-border px-5 py-3 text-sm font-semibold">
            Without a client: one JSON-RPC call
          </h2>
          <pre tabIndex={0} className={`flex-1 ${pre}`}>
            {curl}
          </pre>
        </Card>
        <Card className="flex flex-col overflow-hidden">
          <h2 className="border-b border-border px-5 py-3 text-sm font-semibold">
            Check it with the MCP Inspector CLI
          </h2>
          <pre tabIndex={0} className={`flex-1 ${pre}`}>
            {inspector}
          </pre>
          <p className="border-t border-border px-5 py-3 text-[0.8125rem] text-muted-foreground">
            Lists the tools with their schemas. Paged tools return <code className={code}>next_cursor</code>; pass it
            back as <code className={code}>cursor</code>. Resources: <code className={code}>sku://&lt;id&gt;</code>,{' '}
            <code className={code}>document://&lt;id&gt;</code>. Prompt: <code className={code}>audit_catalogue</code>{' '}
            (argument <code className={code}>market</code>).
          </p>
        </Card>
      </div>

      <h2 className="mt-10 text-lg font-semibold tracking-tight">Tools</h2>
      <div className="mt-4 space-y-4">
        {MCP_TOOLS.map((tool) => (
          <Card key={tool.name} id={tool.name} className="overflow-hidden" data-testid="mcp-tool">
            <div className="flex flex-wrap items-center gap-2 border-b border-border px-5 py-3">
              <code className="font-mono text-sm font-semibold">{tool.name}</code>
              <span className="text-sm text-muted-foreground">{tool.title}</span>
              <Badge variant="neutral" className="ml-auto">
                read-only
              </Badge>
              {tool.scope ? <Badge variant="neutral">also needs {tool.scope}</Badge> : null}
            </div>
            <div className="grid gap-4 px-5 py-4 text-[0.8125rem] lg:grid-cols-2">
              <div>
                <p className="text-foreground/90">{tool.description}</p>
                <dl className="mt-3 space-y-1">
                  {argumentsOf(tool.input).map((a) => (
                    <div key={a.name} className="grid grid-cols-[9rem_1fr] gap-2">
                      <dt>
                        <code className="font-mono text-xs">{a.name}</code>
                        {a.required ? <span className="ml-1 text-xs text-danger-soft-foreground">required</span> : null}
                      </dt>
                      <dd className="text-muted-foreground">{a.description}</dd>
                    </div>
                  ))}
                </dl>
              </div>
              <div>
                <p className="text-xs font-medium text-muted-foreground">Example arguments</p>
                <pre tabIndex={0} className={`mt-1 rounded-md ${pre}`}>
                  {JSON.stringify(tool.example.arguments, null, 2)}
                </pre>
                <p className="mt-2 text-muted-foreground">&rarr; {tool.example.says}</p>
              </div>
              {REAL[tool.name] ? (
                <div className="lg:col-span-2">
                  <p className="text-xs font-medium text-muted-foreground">
                    A real answer (text content; structuredContent carries the same facts as JSON) to{' '}
                    <code className="font-mono">{JSON.stringify(REAL[tool.name]!.arguments)}</code>
                  </p>
                  <pre
                    tabIndex={0}
                    className={`mt-1 max-h-80 rounded-md whitespace-pre-wrap ${pre}`}
                    data-testid="mcp-real-answer"
                  >
                    {clip(REAL[tool.name]!.text)}
                  </pre>
                </div>
              ) : null}
            </div>
          </Card>
        ))}
      </div>
    </main>
  );
}
