import type { Metadata } from 'next';
import { Link2 } from 'lucide-react';
import { correctedVersions, requirementsDocumentation, type RuleDoc } from '@/lib/requirements/docs';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';

export const metadata: Metadata = {
  title: 'Requirements',
  description:
    'Every requirement the compliance check applies, per product category: its legal basis, severity, what satisfies it and why.',
};

function formatDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

function RuleEntry({ rule }: { rule: RuleDoc }) {
  return (
    <li
      id={rule.anchor}
      className="scroll-mt-16 px-5 py-4 target:bg-primary-soft/40"
      data-testid="requirement-rule"
      data-rule-id={rule.rule_id}
      data-code={rule.code}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={rule.severity === 'blocker' ? 'danger' : 'warning'}>
          {rule.severity === 'blocker' ? 'Blocker' : 'Warning'}
        </Badge>
        <a
          href={`#${rule.anchor}`}
          className="group inline-flex items-center gap-1.5 font-mono text-xs font-medium text-foreground hover:text-primary"
        >
          {rule.code}
          <Link2
            className="size-3 opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
            aria-hidden="true"
          />
          <span className="sr-only">(link to this rule)</span>
        </a>
        {rule.applies_from ? <Badge variant="info">From {formatDay(rule.applies_from)}</Badge> : null}
        {rule.applies_until ? <Badge variant="neutral">Until {formatDay(rule.applies_until)}</Badge> : null}
        {rule.conditions.length ? <Badge variant="violet">Conditional</Badge> : null}
      </div>
      <p className="mt-1.5 text-[0.8125rem] text-foreground">{rule.message.replace(/\{(\w+)\}/g, '…')}</p>
      <dl className="mt-2 grid gap-x-4 gap-y-1.5 text-[0.8125rem] sm:grid-cols-[9rem_minmax(0,1fr)]">
        <dt className="text-muted-foreground">Legal basis</dt>
        <dd>
          {/* A row of at least 24 px per link: WCAG 2.2 2.5.8 target size. */}
          <ul className="grid [&>li]:min-h-6">
            {rule.citations.map((c, i) => (
              <li key={i}>
                <a
                  href={c.url}
                  className="text-primary underline underline-offset-2"
                  rel="noopener noreferrer"
                  target="_blank"
                >
                  {c.text}
                </a>
                {c.unsure ? (
                  <span className="ml-1.5 text-xs text-warning-soft-foreground" data-testid="citation-unsure">
                    (to verify: {c.unsure})
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </dd>
        {rule.sub_citations.length ? (
          <>
            <dt className="text-muted-foreground">Own article of</dt>
            <dd>
              <ul className="grid gap-0.5">
                {rule.sub_citations.map((c) => (
                  <li key={c.code}>
                    <code className="font-mono text-xs">{c.code}</code>: {c.legal_basis}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Roles</dt>
        <dd>
          <ul className="grid gap-0.5" data-testid="requirement-roles">
            {rule.roles.map((r) => (
              <li key={r.role} data-role={r.role} data-duty={r.duty}>
                <span className="font-medium">{r.label}</span>:{' '}
                {r.duty === 'own'
                  ? 'its own duty'
                  : r.duty === 'held_by'
                    ? 'held by another operator, available on request'
                    : 'not asked'}
                {r.severity && r.severity !== rule.severity ? ` (${r.severity})` : ''}
                {r.citations.length ? (
                  <span className="text-muted-foreground">
                    {' '}
                    — {r.citations.map((c) => c.text + (c.unsure ? ' (to verify)' : '')).join('; ')}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </dd>
        {rule.conditions.length ? (
          <>
            <dt className="text-muted-foreground">Applies when</dt>
            <dd>
              <ul className="grid gap-0.5">
                {rule.conditions.map((c) => (
                  <li key={c.field}>
                    <code className="font-mono text-xs">{c.field}</code> = {c.is}. Unknown: the user is asked “
                    {c.question}”
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Satisfied by</dt>
        <dd>{rule.satisfied_by}</dd>
        <dt className="text-muted-foreground">Why</dt>
        <dd className="text-foreground/90">{rule.why}</dd>
      </dl>
    </li>
  );
}

export default function RequirementsDocPage() {
  const categories = requirementsDocumentation();
  const corrected = correctedVersions();
  return (
    <main id="main" className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
      <header className="max-w-3xl">
        <p className="text-xs font-medium text-muted-foreground">Compliance documentation</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">Requirements by product category</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          Each SKU is checked against the pack of its category: the GPSR core plus the rules of the Union acts for that
          kind of product. A <strong className="font-medium text-foreground">blocker</strong> is what the law makes
          mandatory for every product of the kind (or for every product meeting the stated conditions) and stops
          approval; a <strong className="font-medium text-foreground">warning</strong> is good practice. When a rule
          depends on a fact the dossier does not hold, the user is asked for it instead of the rule passing silently.
          Rules with dates apply from or until those dates, judged on the day of evaluation. Citations marked “to
          verify” were written from knowledge of the text and are to be checked against EUR-Lex.
        </p>
        <p className="mt-2 text-sm text-muted-foreground">
          Each rule states, for every economic-operator role (manufacturer, importer, distributor, authorised
          representative, fulfilment service provider), whether the duty is the role’s own, is held by another operator
          and available on request, or is not asked of it, with the article of that role’s duty. A seller that sells a
          product under its own name or trade mark is its manufacturer (GPSR Art. 3(8)); one that substantially modifies
          a product becomes its manufacturer (Art. 13). The role is set for the workspace and, where it differs, per
          SKU. Changing the workspace’s role re-evaluates every SKU that follows it and resets an approval only where
          the SKU’s open blockers or warnings changed: inside the request for up to 200 such SKUs, otherwise as a job
          whose progress the settings page shows (PUT /api/workspace/operator-role answers 202 with the job; a later
          change stops a run still going, and a run interrupted by a restart goes on after its last chunk).
        </p>
        <nav aria-label="Categories" className="mt-4 flex flex-wrap gap-1.5">
          {categories.map((c) => (
            <a
              key={c.category}
              href={`#category-${c.category}`}
              className="rounded-md border border-border px-2 py-0.5 text-xs font-medium text-muted-foreground hover:text-foreground"
            >
              {c.label}
            </a>
          ))}
        </nav>
      </header>

      {categories.map((c) => (
        <Card
          key={c.category}
          id={`category-${c.category}`}
          className="mt-8 scroll-mt-16 overflow-hidden"
          data-testid="requirement-category"
          data-category={c.category}
        >
          <div className="border-b border-border px-5 py-3">
            <h2 className="text-sm font-semibold">
              {c.label} <span className="font-mono text-xs font-normal text-muted-foreground">{c.profile_id}</span>
            </h2>
            <p className="mt-0.5 text-[0.8125rem] text-muted-foreground">{c.title}</p>
            {c.summary ? <p className="mt-1 text-[0.8125rem] text-foreground/90">{c.summary}</p> : null}
            <p className="mt-1 text-xs text-muted-foreground">
              Acts cited:{' '}
              {c.acts.map((a, i) => (
                <span key={a.code}>
                  {i > 0 ? ', ' : ''}
                  <a
                    href={a.url}
                    className="text-primary underline underline-offset-2"
                    rel="noopener noreferrer"
                    target="_blank"
                  >
                    {a.short}
                  </a>{' '}
                  ({a.title})
                </span>
              ))}
            </p>
          </div>
          <ul className="divide-y divide-border">
            {c.rules.map((r) => (
              <RuleEntry key={r.rule_id} rule={r} />
            ))}
          </ul>
        </Card>
      ))}

      <Card className="mt-8 overflow-hidden">
        <h2 className="border-b border-border px-5 py-3 text-sm font-semibold">Corrected versions</h2>
        <p className="px-5 pt-3 text-[0.8125rem] text-muted-foreground">
          SKUs keep the profile version they were evaluated with, except a version found to misread the law: those are
          evaluated with their correction.
        </p>
        <ul className="grid gap-0.5 px-5 py-3 font-mono text-xs">
          {corrected.map((v) => (
            <li key={v.id}>
              {v.id} → {v.corrected_by}
            </li>
          ))}
        </ul>
      </Card>
    </main>
  );
}
