import type { Metadata } from 'next';
import Link from 'next/link';
import { Card } from '@/components/ui/card';
import { MAX_ATTEMPTS, RETRY_GAPS_SECONDS } from '@/lib/webhooks/deliver';
import { WEBHOOK_EVENTS } from '@/lib/events/catalogue';

export const metadata: Metadata = {
  title: 'Webhooks',
  description:
    'Events pushed to your systems: SKU approved, published or withdrawn, import and export finished, supplier answered. Signed the Standard Webhooks way, retried for a day.',
};

const code = 'rounded bg-surface-muted px-1 py-0.5 font-mono text-xs';
const pre = 'overflow-x-auto bg-slate-950 px-5 py-4 font-mono text-xs leading-relaxed text-slate-100';

const gap = (s: number) => (s < 3600 ? `${s / 60} min` : `${s / 3600} h`);

const payload = JSON.stringify(
  {
    id: '0193c4b2-5f1e-7c3a-9d1e-2b6f0e4a8c11',
    type: 'sku.approved',
    timestamp: '2026-11-29T09:14:03.512Z',
    workspace_id: '5a7e0c9d-3b2f-4e61-8a0d-1c2b3d4e5f60',
    data: { sku_id: '8d0f7c1e-0000-4000-8000-000000000001', four_eyes: true },
  },
  null,
  2,
);

const verify = `import crypto from 'node:crypto';

// secret: the whsec_… value shown once when the endpoint was registered.
function verify(secret, headers, rawBody) {
  const id = headers['webhook-id'];
  const ts = Number(headers['webhook-timestamp']);
  if (Math.abs(Date.now() / 1000 - ts) > 300) return false; // replayed or clock far off
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const mac = crypto.createHmac('sha256', key).update(\`\${id}.\${ts}.\${rawBody}\`).digest('base64');
  const expected = Buffer.from(\`v1,\${mac}\`);
  return headers['webhook-signature'].split(' ').some((s) => {
    const got = Buffer.from(s);
    return got.length === expected.length && crypto.timingSafeEqual(got, expected);
  });
}`;

export default function WebhooksDocsPage() {
  return (
    <main id="main" className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
      <header className="max-w-3xl">
        <p className="text-xs font-medium text-muted-foreground">API documentation</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">Webhooks</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          Instead of polling, a shop system, PIM or ERP registers an endpoint and receives an HTTP POST when something
          happens in the workspace. Admins register endpoints in Settings &rarr; Webhooks or with{' '}
          <code className={code}>POST /api/workspace/webhooks</code> (
          <Link href="/docs/api" className="font-medium text-primary underline underline-offset-2">
            API reference
          </Link>
          , which also lists every event under <code className={code}>webhooks</code>).
        </p>
      </header>

      <h2 className="mt-10 text-lg font-semibold tracking-tight">Events</h2>
      <Card className="mt-4 overflow-hidden">
        <dl className="divide-y divide-border text-[0.8125rem]">
          {Object.entries(WEBHOOK_EVENTS).map(([type, what]) => (
            <div key={type} className="grid gap-2 px-5 py-3 sm:grid-cols-[12rem_1fr]">
              <dt>
                <code className="font-mono text-xs font-semibold">{type}</code>
              </dt>
              <dd className="text-muted-foreground">{what}</dd>
            </div>
          ))}
        </dl>
      </Card>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card className="flex flex-col overflow-hidden">
          <h2 className="border-b border-border px-5 py-3 text-sm font-semibold">The request</h2>
          <div className="space-y-2 px-5 py-4 text-[0.8125rem] text-foreground/90">
            <p>
              <code className={code}>POST</code> with <code className={code}>Content-Type: application/json</code> and
              three headers: <code className={code}>webhook-id</code> (the event id, the same on every attempt),{' '}
              <code className={code}>webhook-timestamp</code> (Unix seconds of this attempt) and{' '}
              <code className={code}>webhook-signature</code> (<code className={code}>v1,</code> + base64 of HMAC-SHA256
              over <code className={code}>id.timestamp.body</code>), as the Standard Webhooks specification defines
              them.
            </p>
          </div>
          <pre tabIndex={0} className={`flex-1 ${pre}`}>
            {payload}
          </pre>
        </Card>
        <Card className="flex flex-col overflow-hidden">
          <h2 className="border-b border-border px-5 py-3 text-sm font-semibold">Verify the signature</h2>
          <pre tabIndex={0} className={`flex-1 ${pre}`}>
            {verify}
          </pre>
        </Card>
      </div>

      <Card className="mt-6 overflow-hidden">
        <h2 className="border-b border-border px-5 py-3 text-sm font-semibold">Delivery</h2>
        <ul className="list-disc space-y-2 px-9 py-4 text-[0.8125rem] text-foreground/90">
          <li>
            <strong>At least once.</strong> An event is written to an outbox in the same database transaction as the
            change it reports, so it is neither lost on a restart nor sent for a change that was rolled back. A receiver
            may see an event twice: deduplicate on <code className={code}>webhook-id</code>.
          </li>
          <li>
            <strong>Answer 2xx within 10 s.</strong> Anything else (or no answer) is retried after{' '}
            {RETRY_GAPS_SECONDS.map(gap).join(', ')}: {MAX_ATTEMPTS} attempts over a day. Then the delivery is marked
            failed; it can be re-sent by hand from the delivery log (Settings &rarr; Webhooks, or{' '}
            <code className={code}>POST /api/workspace/webhooks/deliveries/&#123;id&#125;/resend</code>). The log keeps,
            per delivery, the body sent, the status and start of the receiver&rsquo;s answer, the attempts and the next
            one (<code className={code}>GET /api/workspace/webhooks/&#123;id&#125;/deliveries</code>).
          </li>
          <li>
            <strong>Sustained failure disables the endpoint.</strong> After 25 failed attempts in a row the endpoint is
            disabled, its pending deliveries are failed and the workspace&rsquo;s owners and admins get an e-mail.
            Enable it again after fixing the receiver, then re-send what it missed.
          </li>
          <li>
            <strong>Public addresses only.</strong> The URL must be http(s) and resolve to public addresses; private,
            loopback, link-local and metadata addresses are refused when the endpoint is registered (400{' '}
            <code className={code}>URL_NOT_ALLOWED</code>) and again on every delivery, so a DNS change cannot point it
            inside the network. Redirects are not followed.
          </li>
          <li>
            <strong>The secret</strong> (<code className={code}>whsec_…</code>) is shown once, when the endpoint is
            registered; afterwards only its first characters are visible. It is stored as issued, since an HMAC needs
            the secret itself (a hash of it could not sign). Lost it? Register the endpoint again and delete the old
            one.
          </li>
        </ul>
      </Card>
    </main>
  );
}
