/**
 * The public product safety page (GPSR Art. 19 block) of one published revision, for a consumer who
 * scanned the QR code: phone first, no client JavaScript of its own, every value rendered as text by
 * React (never as markup), links only to http(s) and mailto.
 */
import { htmlLang } from '@/lib/i18n/public-locales';
import type { PublishedEntity } from '@/lib/publish/art19';
import type { PublicPageView } from '@/lib/publish/public-page';

/** A block's own lang attribute, only where it differs from the page's (a fallback text). */
const textLang = (text: { language: string } | null | undefined, pageLang: string) =>
  text && htmlLang(text.language) !== pageLang ? htmlLang(text.language) : undefined;

/**
 * The visitor's choice among all 26 languages: a plain GET form (the page runs no script of its
 * own), so fixed texts can be read in any of them even where the product texts fall back.
 */
function LanguageChoice({ view }: { view: PublicPageView }) {
  return (
    <form method="get" className="flex flex-wrap items-center gap-2 text-sm">
      <label htmlFor="lang-choice" className="text-muted-foreground">
        {view.text.choose_language}
      </label>
      <select
        id="lang-choice"
        name="lang"
        defaultValue={view.language_choice.find((l) => l.selected)?.code}
        className="rounded-md border border-border bg-surface px-2 py-1 text-foreground"
      >
        {view.language_choice.map((l) => (
          <option key={l.code} value={l.code} lang={l.lang}>
            {l.name}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className="rounded-md border border-border bg-surface px-3 py-1 font-medium text-foreground hover:bg-surface-muted"
      >
        {view.text.show}
      </button>
    </form>
  );
}

const httpUrl = (u: string | null | undefined) => (u && /^https?:\/\//i.test(u) ? u : null);

function Operator({ title, entity, view }: { title: string; entity: PublishedEntity; view: PublicPageView }) {
  const url = httpUrl(entity.url);
  return (
    <section className="rounded-xl border border-border bg-surface p-4" aria-label={title}>
      <h3 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{title}</h3>
      <p className="mt-1 text-base font-semibold text-foreground">{entity.name}</p>
      {entity.address_lines.length > 0 || entity.country ? (
        <address className="mt-1 not-italic leading-relaxed text-foreground">
          {entity.address_lines.map((line, i) => (
            <span key={i} className="block">
              {line}
            </span>
          ))}
          {entity.country ? <span className="block">{view.labels.country(entity.country)}</span> : null}
        </address>
      ) : null}
      <dl className="mt-2 space-y-1 text-sm">
        {entity.email ? (
          <div className="flex gap-2">
            <dt className="text-muted-foreground">{view.labels.email}</dt>
            <dd className="min-w-0 break-all">
              <a className="text-primary underline underline-offset-2" href={`mailto:${entity.email}`}>
                {entity.email}
              </a>
            </dd>
          </div>
        ) : null}
        {entity.url ? (
          <div className="flex gap-2">
            <dt className="text-muted-foreground">{view.labels.website}</dt>
            <dd className="min-w-0 break-all">
              {url ? (
                <a className="text-primary underline underline-offset-2" href={url} rel="nofollow noopener noreferrer">
                  {entity.url}
                </a>
              ) : (
                entity.url
              )}
            </dd>
          </div>
        ) : null}
        {entity.phone ? (
          <div className="flex gap-2">
            <dt className="text-muted-foreground">{view.labels.phone}</dt>
            <dd>{entity.phone}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

function Row({ label, value, lang }: { label: string; value: string | null; lang?: string }) {
  if (!value) return null;
  return (
    <div className="flex flex-col gap-0.5 border-b border-border py-2 last:border-b-0 sm:flex-row sm:gap-4">
      <dt className="text-sm text-muted-foreground sm:w-40 sm:shrink-0">{label}</dt>
      <dd lang={lang} className="min-w-0 break-words font-medium text-foreground">
        {value}
      </dd>
    </div>
  );
}

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n{2,}/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p, i) => (
          <p key={i} className="whitespace-pre-line leading-relaxed">
            {p}
          </p>
        ))}
    </>
  );
}

export function SafetyPage({ view, nonce }: { view: PublicPageView; nonce?: string }) {
  const { block, labels, text } = view;
  const p = block.product;
  return (
    <main lang={view.lang} className="mx-auto w-full max-w-2xl px-4 pb-16 pt-6 sm:pt-10">
      <script type="application/ld+json" nonce={nonce}>
        {view.json_ld}
      </script>

      <header className="flex flex-col gap-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-primary">{block.labels.title}</p>
        <div className="flex items-start gap-4">
          {view.picture ? (
            // eslint-disable-next-line @next/next/no-img-element -- a captured, same-origin file; no optimiser needed
            <img
              src={view.picture.src}
              alt={view.picture.alt}
              className="size-24 shrink-0 rounded-lg border border-border bg-surface object-contain sm:size-32"
            />
          ) : null}
          <div className="min-w-0">
            <h1 className="break-words text-2xl font-semibold leading-tight text-foreground sm:text-3xl">{p.name}</h1>
            {p.brand ? <p className="mt-1 text-muted-foreground">{p.brand}</p> : null}
          </div>
        </div>

        {view.languages.length > 1 ? (
          <nav aria-label={block.labels.language} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-muted-foreground">{block.labels.language}:</span>
            {view.languages.map((l) =>
              l.current ? (
                <span
                  key={l.code}
                  lang={htmlLang(l.code)}
                  aria-current="true"
                  className="rounded-full bg-primary px-3 py-1 font-medium text-primary-foreground"
                >
                  {l.name}
                </span>
              ) : (
                <a
                  key={l.code}
                  lang={htmlLang(l.code)}
                  hrefLang={l.code}
                  href={l.href}
                  className="rounded-full border border-border bg-surface px-3 py-1 text-foreground hover:bg-surface-muted"
                >
                  {l.name}
                </a>
              ),
            )}
          </nav>
        ) : null}
        <LanguageChoice view={view} />
      </header>

      {block.labels.fallback_notice ? (
        <p role="note" className="mt-4 rounded-lg bg-info-soft px-3 py-2 text-sm text-info-soft-foreground">
          {block.labels.fallback_notice}
        </p>
      ) : null}

      <section
        aria-labelledby="warnings"
        className="mt-6 rounded-xl border border-warning bg-warning-soft p-4 text-foreground"
      >
        <h2 id="warnings" className="text-lg font-semibold text-warning-soft-foreground">
          {block.labels.warnings}
        </h2>
        <div className="mt-2 space-y-3" lang={block.warnings ? htmlLang(block.warnings.language) : undefined}>
          {block.warnings ? <Paragraphs text={block.warnings.text} /> : <p>{block.labels.no_safety_info}</p>}
        </div>
      </section>

      {block.instructions ? (
        <section aria-labelledby="instructions" className="mt-6">
          <h2 id="instructions" className="text-lg font-semibold text-foreground">
            {block.labels.instructions}
          </h2>
          <div className="mt-2 space-y-3 text-foreground" lang={htmlLang(block.instructions.language)}>
            <Paragraphs text={block.instructions.text} />
          </div>
        </section>
      ) : null}

      <section aria-labelledby="identification" className="mt-8">
        <h2 id="identification" className="text-lg font-semibold text-foreground">
          {block.labels.identification}
        </h2>
        <dl className="mt-2 rounded-xl border border-border bg-surface px-4">
          <Row label={labels.gtin} value={p.gtin} />
          <Row label={labels.model} value={p.model} />
          <Row
            label={labels.batch}
            value={p.batch_or_serial_scheme}
            lang={textLang(p.texts?.batch_or_serial_scheme, view.lang)}
          />
          <Row label={labels.sku} value={p.sku_code} />
          <Row label={labels.brand} value={p.brand} />
          <Row label={labels.age} value={p.age_grading} lang={textLang(p.texts?.age_grading, view.lang)} />
        </dl>
        {p.description ? (
          <p
            lang={textLang(p.texts?.description, view.lang)}
            className="mt-3 whitespace-pre-line leading-relaxed text-foreground"
          >
            {p.description}
          </p>
        ) : null}
      </section>

      {block.manufacturer || block.responsible_person ? (
        <section aria-labelledby="operators" className="mt-8">
          <h2 id="operators" className="text-lg font-semibold text-foreground">
            {text.operators}
          </h2>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {block.manufacturer ? (
              <Operator title={block.labels.manufacturer} entity={block.manufacturer} view={view} />
            ) : null}
            {block.responsible_person ? (
              <Operator title={block.labels.responsible_person} entity={block.responsible_person} view={view} />
            ) : null}
          </div>
        </section>
      ) : null}

      {view.documents.length > 0 ? (
        <section aria-labelledby="documents" className="mt-8">
          <h2 id="documents" className="text-lg font-semibold text-foreground">
            {block.labels.documents}
          </h2>
          <ul className="mt-2 divide-y divide-border rounded-xl border border-border bg-surface">
            {view.documents.map((d) => (
              <li key={d.id} className="flex items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0">
                  <p className="truncate font-medium text-foreground">{d.name}</p>
                  <p className="text-sm text-muted-foreground">{d.type_label}</p>
                </div>
                <a
                  href={d.href}
                  download
                  className="shrink-0 rounded-lg bg-primary px-3 py-1.5 text-sm font-medium text-primary-foreground hover:bg-primary-hover"
                >
                  {text.download}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="qr" className="mt-8 flex items-center gap-4">
        <svg
          viewBox={view.qr.viewBox}
          role="img"
          aria-labelledby="qr"
          className="size-28 shrink-0 rounded-lg border border-border bg-white"
          shapeRendering="crispEdges"
        >
          <rect width="100%" height="100%" fill="#ffffff" />
          <path d={view.qr.d} fill="#000000" />
        </svg>
        <div className="text-sm">
          <h2 id="qr" className="font-semibold text-foreground">
            {block.labels.qr}
          </h2>
          <p className="mt-1 flex gap-3">
            <a className="text-primary underline underline-offset-2" href={view.qr.svg_href} download>
              SVG
            </a>
            <a className="text-primary underline underline-offset-2" href={view.qr.png_href} download>
              PNG
            </a>
          </p>
        </div>
      </section>

      <footer className="mt-10 border-t border-border pt-4 text-xs text-muted-foreground">
        <p>{block.labels.published}</p>
      </footer>
    </main>
  );
}

/** Shown when a page was withdrawn (the proxy normally answers 410 before this renders). */
export function StatusNotice({ title, body }: { title: string; body: string }) {
  return (
    <main className="mx-auto w-full max-w-xl px-4 py-16">
      <h1 className="text-xl font-semibold text-foreground">{title}</h1>
      <p className="mt-3 leading-relaxed text-muted-foreground">{body}</p>
    </main>
  );
}
