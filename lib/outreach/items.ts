import type { RequestItem, StoredBlocker } from '@/lib/db/schema';
import { fieldLabel } from '@/lib/model/catalogue';
import { t, type Locale, type MessageKey } from '@/lib/i18n';
import { resolveProfile } from '@/lib/requirements';

/**
 * What a supplier can be asked for, taken from the SKU's open blockers: a missing (or expired)
 * document, with the standards or directives it must cite, or missing dossier fields. Blockers only
 * the seller can clear (target markets, review issues, conflicts, operator links) are not asked.
 * The list is fixed here, before any wording is produced, so nothing else can add requirements.
 */

const SELLER_ONLY = new Set(['TARGET_MARKETS_MISSING']);

const CITE: Record<Locale, string> = {
  en: 'citing {refs}',
  de: 'mit Verweis auf {refs}',
  fr: 'mentionnant {refs}',
  es: 'que cite {refs}',
  it: 'che citi {refs}',
};
const OR: Record<Locale, string> = { en: 'or', de: 'oder', fr: 'ou', es: 'o', it: 'o' };

/** "2009/48/EC", "2009/48/EG", "2009/48/CE" are one directive in three languages: keep the first. */
export function distinctReferences(refs: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const r of refs) {
    const k = r.replace(/\/(EC|EG|CE|EU|UE|EWG|CEE)$/i, '').toUpperCase();
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(r);
  }
  return out;
}

function ruleOf(profileId: string | null, code: string) {
  if (!profileId) return undefined;
  return resolveProfile(profileId)?.rules.find((r) => r.code === code);
}

export function itemLabel(item: Omit<RequestItem, 'label'>, locale: Locale): string {
  if (item.kind === 'document') {
    const types = (item.document_types ?? ['other']).map((d) => t(locale, `doctype.${d}` as MessageKey));
    const base = types.join(` ${OR[locale]} `);
    return item.references?.length
      ? `${base} ${CITE[locale].replace('{refs}', item.references.join(` ${OR[locale]} `))}`
      : base;
  }
  return (item.fields ?? []).map((f) => fieldLabel(f, locale)).join(` ${OR[locale]} `);
}

export function itemsFromBlockers(blockers: StoredBlocker[], profileId: string | null, locale: Locale): RequestItem[] {
  const out: RequestItem[] = [];
  for (const b of blockers) {
    const extra = b as StoredBlocker & { key?: string; legal_basis?: string };
    if (b.severity !== 'blocker' || b.waived || SELLER_ONLY.has(b.code)) continue;
    const key = extra.key ?? b.code;
    const kind = b.fix?.kind;
    let item: Omit<RequestItem, 'label'> | null = null;
    if (kind === 'document' && b.required_document_types?.length) {
      const rule = ruleOf(profileId, b.code);
      const refs =
        rule?.spec.kind === 'document'
          ? (rule.spec.references_any ?? [])
          : rule?.spec.kind === 'document_cites'
            ? rule.spec.any
            : [];
      item = {
        key,
        kind: 'document',
        code: b.code,
        document_types: [...b.required_document_types],
        references: distinctReferences(refs),
        legal_basis: extra.legal_basis ?? null,
      };
    } else if (kind === 'field' && b.required_fields?.length) {
      item = {
        key,
        kind: 'field',
        code: b.code,
        fields: [...b.required_fields],
        legal_basis: extra.legal_basis ?? null,
      };
    }
    if (item && !out.some((o) => o.key === key)) out.push({ ...item, label: itemLabel(item, locale) });
  }
  return out;
}
