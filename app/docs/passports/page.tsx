import type { Metadata } from 'next';
import Link from 'next/link';
import { Card } from '@/components/ui/card';
import { BATTERY_FIELDS, BATTERY_PASS_VERSION } from '@/lib/passports/battery';
import { REGISTRY_FILE_MAX_RECORDS } from '@/lib/passports/registry';
import { PASSPORT_TIERS, TIER_BASIS } from '@/lib/passports/tiers';

export const metadata: Metadata = {
  title: 'Digital product passports',
  description:
    'Passports compiled from the approved dossier: UNTP DPP 0.7 for every product, the battery passport (Battery Pass 1.2.0) for batteries, access tiers and grants, versions, the EU registry export, and how the QR code reaches the public passport.',
};

const code = 'rounded bg-surface-muted px-1 py-0.5 font-mono text-xs';
const pre = 'overflow-x-auto bg-slate-950 px-5 py-4 font-mono text-xs leading-relaxed text-slate-100';

const TIER_WHO: Record<(typeof PASSPORT_TIERS)[number], string> = {
  public: 'Open: no credentials. Linked from the safety page, the resolver and the QR code.',
  legitimate_interest:
    'An API key of the workspace with passports:read, or an access grant for the tier (recyclers, repairers, second-life operators, buyers).',
  authority:
    'An API key with passports-authority:read, or an access grant for the tier (notified bodies, market surveillance authorities, the Commission).',
};

const fetchExample = `# the public tier of the latest version (JSON-LD)
curl https://safety.example.com/p/7k2m9q4x1d/passport

# the battery passport of version 2 for a recycler holding an access grant
curl -H "Authorization: Bearer pgr_…" \\
  "https://safety.example.com/p/7k2m9q4x1d/passport/2?format=battery_pass&tier=legitimate_interest"

# from the GS1 Digital Link printed on the product
curl -i "https://safety.example.com/01/04006381333931?linkType=gs1:sustainabilityInfo"
# 307 Location: https://safety.example.com/p/7k2m9q4x1d/passport`;

export default function PassportDocsPage() {
  const batteryModules = [...new Set(BATTERY_FIELDS.map((f) => f.module))];
  return (
    <main id="main" className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
      <header className="max-w-3xl">
        <p className="text-xs font-medium text-muted-foreground">API documentation</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">Digital product passports</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          Every publication of a SKU compiles its passport from the same approved data the safety page shows, never from
          unconfirmed or AI-suggested values. A passport is immutable: each version keeps its documents, their SHA-256
          hashes and the revision it came from. The operations are tagged <em>Passports</em> in the{' '}
          <Link href="/docs/api" className="font-medium text-primary underline underline-offset-2">
            API reference
          </Link>
          ; the SKU page shows them under <strong>Passports</strong>.
        </p>
      </header>

      <section className="mt-8 grid max-w-3xl gap-3 text-sm">
        <h2 className="text-lg font-semibold">Formats</h2>
        <ul className="ml-5 grid list-disc gap-2">
          <li>
            <strong>UN Transparency Protocol Digital Product Passport 0.7</strong> (
            <code className={code}>untp_dpp</code>, JSON-LD, a verifiable credential) for every product: the product and
            its identifiers (the GTIN as a GS1 Digital Link), the operators, conformity claims per legislation and
            standard with the declaration of conformity and test reports as evidence, and the safety information. Each
            value carries its provenance in the credential&apos;s <code className={code}>evidence</code>: the dossier
            field, and the document, page and quote or the person who confirmed it.
          </li>
          <li>
            <strong>The battery passport</strong> (<code className={code}>battery_pass</code>, JSON) on the Battery Pass
            data model {BATTERY_PASS_VERSION}, for batteries of the categories LMT, industrial and EV (Regulation (EU)
            2023/1542 Art. 77) in its modules: {batteryModules.join(', ')}. What the dossier holds is filled; each
            mandatory field it lacks is a <em>passport blocker</em> naming the field and its Annex XIII point. Passport
            blockers never block the SKU&apos;s GPSR approval or publication.
          </li>
        </ul>
        <p>
          Documents are served as RFC 8785 canonical JSON, the exact bytes their hash was computed over (header{' '}
          <code className={code}>x-content-sha256</code>). A version&apos;s <code className={code}>content_sha256</code>{' '}
          is the SHA-256 of the canonical JSON of its <code className={code}>document_hashes</code> (format → tier →
          hash). CI validates compiled passports against the published UNTP and Battery Pass schemas (
          <code className={code}>scripts/validate-passports.ts</code>).
        </p>
      </section>

      <section className="mt-8 grid max-w-3xl gap-3 text-sm">
        <h2 className="text-lg font-semibold">Access tiers</h2>
        <p>
          Annex XIII orders who may read what. Every field is declared with the lowest tier that may read it, and a
          tier&apos;s document holds only the fields at or below it: a lower tier never carries a field of a higher one.
        </p>
        <Card className="overflow-hidden">
          <table className="w-full text-left text-sm">
            <thead className="bg-surface-muted text-xs text-muted-foreground">
              <tr>
                <th className="px-4 py-2 font-medium">Tier</th>
                <th className="px-4 py-2 font-medium">Basis</th>
                <th className="px-4 py-2 font-medium">Who reads it, with what</th>
              </tr>
            </thead>
            <tbody>
              {PASSPORT_TIERS.map((tier) => (
                <tr key={tier} className="border-t border-border align-top">
                  <td className="px-4 py-2">
                    <code className={code}>{tier}</code>
                  </td>
                  <td className="px-4 py-2 text-muted-foreground">{TIER_BASIS[tier]}</td>
                  <td className="px-4 py-2">{TIER_WHO[tier]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      </section>

      <section className="mt-8 grid max-w-3xl gap-3 text-sm">
        <h2 className="text-lg font-semibold">Access grants</h2>
        <p>
          A grant lets one recipient read a tier above the public one of every passport version of a SKU, without an
          account, until it expires (1 to 366 days) or is revoked. Create one on the SKU page (Passports → Access
          grants) or with <code className={code}>POST /api/skus/{'{id}'}/passport-grants</code> (reviewer role). The
          token (<code className={code}>pgr_…</code>) is answered once; the workspace stores only its SHA-256. The
          recipient sends it as <code className={code}>Authorization: Bearer</code>, or opens the link with{' '}
          <code className={code}>?tier=…&amp;access_token=…</code> in a browser. Grants are listed with their state
          (active, expired, revoked) and last use, revoked with{' '}
          <code className={code}>
            DELETE /api/skus/{'{id}'}/passport-grants/{'{grantId}'}
          </code>
          , and both are in the audit log (<code className={code}>passport.grant_created</code>,{' '}
          <code className={code}>passport.grant_revoked</code>). A grant opens nothing for another SKU or workspace:
          presented there it is 403 <code className={code}>FORBIDDEN</code> (
          <code className={code}>details.reason</code> <code className={code}>grant_for_another_passport</code>), as is
          another workspace&rsquo;s API key (<code className={code}>key_of_another_workspace</code>); an unknown,
          expired or revoked token is 401.
        </p>
      </section>

      <section className="mt-8 grid max-w-3xl gap-3 text-sm">
        <h2 className="text-lg font-semibold">Versions and addresses</h2>
        <p>
          Re-publishing makes the next version; older ones stay readable and unchanged. Addresses, with{' '}
          <code className={code}>?format=battery_pass</code> and <code className={code}>?tier=…</code> where needed:
        </p>
        <ul className="ml-5 grid list-disc gap-1">
          <li>
            <code className={code}>/p/{'{public_id}'}/passport</code> the latest version,{' '}
            <code className={code}>
              /p/{'{public_id}'}/passport/{'{version}'}
            </code>{' '}
            one version (JSON-LD or JSON; a browser asking for HTML gets a readable page with the versions);
          </li>
          <li>
            <code className={code}>GET /api/skus/{'{id}'}/passports</code> the versions of a SKU with formats, tiers,
            hashes, blockers and the URL of each document;{' '}
            <code className={code}>
              GET /api/skus/{'{id}'}/passports/{'{version}'}
            </code>{' '}
            one document for the workspace (a session reads every tier, an API key what its scopes open);
          </li>
          <li>
            MCP: <code className={code}>list_passports</code> and <code className={code}>get_passport</code> (see{' '}
            <Link href="/docs/mcp" className="font-medium text-primary underline underline-offset-2">
              MCP
            </Link>
            ) return the same documents, up to the tier the key&apos;s scopes open.
          </li>
        </ul>
        <p>
          <strong>SKUs published before passports existed</strong> have no passport until one is compiled: the SKU page
          offers <em>Compile passport</em>, and <code className={code}>POST /api/passports/backfill</code> compiles
          those of the whole workspace (100 per call, with <code className={code}>?dry_run=true</code> to see which).
          Only a SKU whose approved data is still what was published is compiled; one changed since is skipped and gets
          its passport when published again.
        </p>
      </section>

      <section className="mt-8 grid max-w-3xl gap-3 text-sm">
        <h2 className="text-lg font-semibold">From the QR code to the passport</h2>
        <p>
          The QR code on the label (<code className={code}>/p/{'{public_id}'}/qr.png</code> or{' '}
          <code className={code}>qr.svg</code>) opens the safety page, whose head links the passport (
          <code className={code}>&lt;link rel=&quot;alternate&quot; type=&quot;application/ld+json&quot;&gt;</code>).
          The product&apos;s GS1 Digital Link <code className={code}>/01/{'{gtin}'}</code> answers the link type{' '}
          <code className={code}>gs1:sustainabilityInfo</code> with the public passport, and lists it in its linkset, as
          long as a public passport exists (see{' '}
          <Link href="/docs/gs1-resolver" className="font-medium text-primary underline underline-offset-2">
            GS1 resolver
          </Link>
          ).
        </p>
        <Card className="overflow-hidden p-0">
          <pre tabIndex={0} className={pre}>
            {fetchExample}
          </pre>
        </Card>
      </section>

      <section className="mt-8 grid max-w-3xl gap-3 text-sm">
        <h2 className="text-lg font-semibold">EU registry export</h2>
        <p>
          <code className={code}>GET /api/passports/registry-export</code> reports the record the EU digital product
          passport registry takes for each SKU&apos;s latest passport (unique product identifier, operator, passport
          URL, commodity code, facility, version and content hash), in upload files of at most{' '}
          {REGISTRY_FILE_MAX_RECORDS} records; <code className={code}>?part=n</code> downloads file n. The
          registry&apos;s own template is not public: records follow the CIRPASS-2 mock registry schema and are checked
          against it; a passport that cannot pass is listed under <code className={code}>skipped</code> with its
          problems.
        </p>
      </section>

      <section className="mt-8 grid gap-3 text-sm">
        <h2 className="text-lg font-semibold">Battery passport fields</h2>
        <p className="max-w-3xl">
          Each field of the battery passport with its Annex XIII point, the lowest tier that reads it, and the dossier
          field that supplies it (none: the passport lists it as missing).
        </p>
        {/* Scrolls sideways on a narrow screen: reachable with the keyboard, named for a screen reader. */}
        <Card className="overflow-x-auto" tabIndex={0} aria-label="Battery passport fields">
          <table className="w-full text-left text-sm">
            <thead className="bg-surface-muted text-xs text-muted-foreground">
              <tr>
                <th className="px-4 py-2 font-medium">Module and field</th>
                <th className="px-4 py-2 font-medium">Annex XIII</th>
                <th className="px-4 py-2 font-medium">Tier</th>
                <th className="px-4 py-2 font-medium">Dossier field</th>
              </tr>
            </thead>
            <tbody>
              {BATTERY_FIELDS.map((f) => (
                <tr key={`${f.module}.${f.path}`} className="border-t border-border align-top">
                  <td className="px-4 py-1.5">
                    <code className={code}>
                      {f.module}.{f.path}
                    </code>
                  </td>
                  <td className="px-4 py-1.5">{f.annex_xiii}</td>
                  <td className="px-4 py-1.5">{f.tier}</td>
                  <td className="px-4 py-1.5 text-muted-foreground">
                    {f.dossier ? <code className={code}>{f.dossier}</code> : f.itemLevel ? 'per battery item' : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      </section>
    </main>
  );
}
