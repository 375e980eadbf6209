'use client';

import * as React from 'react';
import { Building2, Languages, ListFilter } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { languageName, SAFETY_INFO_LANGUAGES } from '@/lib/i18n/languages';
import { MARKET_LANGUAGE_RULES } from '@/lib/model/countries';
import { FACT_FIELDS, profileFactFields } from '@/lib/requirements/profiles';
import { cn } from '@/lib/utils/cn';
import { useFormat, useLocale, useT } from '@/components/i18n/locale-provider';
import { skuDossierMessages } from '@/lib/i18n/ui/sku-dossier';
import { DossierFieldRow } from './dossier-field-row';
import { countryText, roleText, sectionText } from './vocabulary';
import { isMissingRoute, useSkuPage } from './sku-context';
import { useCatalogue, useDossier, useSkuEntityLinks } from '@/components/api/queries/resources';
import type { Blocker, CatalogueField } from './types';

const SECTION_ORDER = ['identification', 'entities', 'safety', 'compliance', 'category'] as const;
type KnownSection = (typeof SECTION_ORDER)[number];
const isKnownSection = (s: string): s is KnownSection => (SECTION_ORDER as readonly string[]).includes(s);
const LOCALIZED_BASES = ['safety_warnings', 'instructions'];
const LOCALIZED_KEY = /^(safety_warnings|instructions)_([a-z]{2})$/;

/** The category each pack field belongs to (notes/catalogue.md), for a catalogue that does not say. */
const CATEGORY_OF_FIELD: Record<string, string> = {
  rated_voltage: 'electrical',
  battery_type: 'batteries',
  cpnp_number: 'cosmetics',
  ingredients_inci: 'cosmetics',
  ufi_code: 'chemicals',
  fibre_composition: 'textiles',
};

interface LanguageNeed {
  lang: string;
  markets: string[];
  /** Either-or groups (Ireland: English or Irish): the other accepted languages. */
  alternatives: string[];
}

/** Languages the target markets need, using a language already filled where a market accepts several. */
function languagesForMarkets(markets: string[], filled: Set<string>): LanguageNeed[] {
  const out = new Map<string, LanguageNeed>();
  for (const m of markets) {
    const rule = MARKET_LANGUAGE_RULES[m];
    if (!rule) continue;
    for (const group of rule.required) {
      const lang = group.find((l) => filled.has(l)) ?? group[0]!;
      const need = out.get(lang) ?? { lang, markets: [], alternatives: group.filter((l) => l !== lang) };
      if (!need.markets.includes(m)) need.markets.push(m);
      out.set(lang, need);
    }
  }
  return [...out.values()];
}

function sectionKey(s: string | { key?: string; code?: string; id?: string }): string {
  return typeof s === 'string' ? s : (s.key ?? s.code ?? s.id ?? '');
}

export function DossierTab() {
  const { skuId, detail, bump, focus, goTo } = useSkuPage();
  const t = useT(skuDossierMessages);
  const fmt = useFormat();
  const locale = useLocale();
  const language = (code: string) => languageName(code, locale);
  const catalogue = useCatalogue();
  const dossier = useDossier(skuId);
  const links = useSkuEntityLinks(skuId);
  const [extraLangs, setExtraLangs] = React.useState<string[]>([]);
  const [attentionOnly, setAttentionOnly] = React.useState(false);
  const [showAllOperatorFields, setShowAllOperatorFields] = React.useState(false);

  const byKey = React.useMemo(() => new Map((dossier.data?.fields ?? []).map((f) => [f.field_key, f])), [dossier.data]);

  const needsByField = React.useMemo(() => {
    const m = new Map<string, Blocker[]>();
    for (const b of detail.blockers) {
      if (b.waived) continue;
      for (const k of b.required_fields ?? []) m.set(k, [...(m.get(k) ?? []), b]);
    }
    return m;
  }, [detail.blockers]);

  if (catalogue.error || dossier.error) {
    const e = catalogue.error ?? dossier.error;
    return (
      <Alert variant={isMissingRoute(e) ? 'warning' : 'danger'} title={t('dossier.load_error')}>
        {isMissingRoute(e) ? t('dossier.unavailable') : e?.message}
      </Alert>
    );
  }
  if (!catalogue.data || !dossier.data) {
    return (
      <Card>
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="grid gap-6 border-b border-border px-5 py-4 last:border-0 md:grid-cols-[15rem_1fr]">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-4 w-72" />
          </div>
        ))}
      </Card>
    );
  }

  const cat = catalogue.data;
  const skuCategory = detail.sku.category_code ?? 'general';
  // The agreed shape says `label`; the catalogue module calls it `labels`: accept both.
  const labelOf = (field: CatalogueField) =>
    field.label?.[locale] ?? (field as { labels?: Partial<Record<string, string>> }).labels?.[locale] ?? field.key;

  // Per-language fields: the languages the markets need, the ones already holding values, and added ones.
  const marketsValue = byKey.get('target_markets')?.current?.value ?? '';
  const markets = marketsValue
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const filledLangs = new Set<string>();
  for (const k of byKey.keys()) {
    const m = LOCALIZED_KEY.exec(k);
    if (m && (byKey.get(k)?.current || byKey.get(k)?.suggestions.length)) filledLangs.add(m[2]!);
  }
  const needs = languagesForMarkets(markets, filledLangs);
  const langOrder = [...needs.map((n) => n.lang)];
  for (const l of [...filledLangs, ...extraLangs]) if (!langOrder.includes(l)) langOrder.push(l);
  const catalogueLangs = (cat.languages ?? []).map((l) => (typeof l === 'string' ? l : l.code));
  const addable = (catalogueLangs.length ? catalogueLangs : [...SAFETY_INFO_LANGUAGES]).filter(
    (l) => !langOrder.includes(l),
  );

  // A catalogue may list per-language fields once (base key, localized) or per language: fold to bases.
  const catalogueFields: CatalogueField[] = [];
  for (const f of cat.fields) {
    const m = LOCALIZED_KEY.exec(f.key);
    if (m) {
      if (!catalogueFields.some((x) => x.key === m[1])) catalogueFields.push({ ...f, key: m[1]!, localized: true });
    } else catalogueFields.push(f);
  }

  const fieldsBySection = new Map<string, CatalogueField[]>();
  // A question is asked only where its answer changes an obligation of this product's profile.
  const askedFacts = profileFactFields(skuCategory);
  for (const f of catalogueFields) {
    if (FACT_FIELDS.has(f.key) && f.section !== 'category' && !askedFacts.has(f.key) && !byKey.get(f.key)?.current)
      continue;
    if (f.section === 'category' || CATEGORY_OF_FIELD[f.key]) {
      const c = f.category ?? CATEGORY_OF_FIELD[f.key];
      if (c && c !== skuCategory) continue;
    }
    const list = fieldsBySection.get(f.section) ?? [];
    list.push(f);
    fieldsBySection.set(f.section, list);
  }
  const sectionOrder = [
    ...SECTION_ORDER,
    ...(cat.sections ?? []).map(sectionKey).filter((s) => s && !isKnownSection(s)),
  ].filter((s) => fieldsBySection.has(s));

  const needsAttention = (key: string) => {
    const e = byKey.get(key);
    return Boolean(needsByField.get(key)?.length || e?.suggestions.length);
  };

  const onChanged = () => bump();
  const focusField = focus?.field;

  const row = (f: CatalogueField, key: string, label: string, recordValue?: string | null) => (
    <DossierFieldRow
      key={key}
      skuId={skuId}
      field={{ ...f, key }}
      label={label}
      entry={byKey.get(key)}
      needs={needsByField.get(key) ?? []}
      highlighted={focusField === key}
      recordValue={recordValue}
      onChanged={onChanged}
    />
  );

  // Counts for the summary line.
  let concreteTotal = 0;
  let filled = 0;
  for (const [section, list] of fieldsBySection) {
    for (const f of list) {
      const keys = f.localized ? langOrder.map((l) => `${f.key}_${l}`) : [f.key];
      for (const k of keys) {
        if (section === 'entities' && !byKey.get(k)?.current) continue;
        concreteTotal++;
        if (byKey.get(k)?.current) filled++;
      }
    }
  }
  const openSuggestions = (dossier.data.fields ?? []).reduce((n, f) => n + f.suggestions.length, 0);
  const conflicts = (dossier.data.fields ?? []).reduce(
    (n, f) => n + f.suggestions.filter((s) => s.conflicts_with_current).length,
    0,
  );

  return (
    <div className="grid gap-5" data-testid="dossier-tab">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-[0.8125rem] text-muted-foreground">
        <span>
          <strong className="font-semibold text-foreground tabular-nums">{fmt.number(filled)}</strong>{' '}
          {t('dossier.filled_of', { total: concreteTotal })}
        </span>
        {openSuggestions ? (
          <Badge variant="violet">{t('dossier.suggestions', { count: openSuggestions })}</Badge>
        ) : null}
        {conflicts ? <Badge variant="danger">{t('dossier.conflicts', { count: conflicts })}</Badge> : null}
        <Button
          variant={attentionOnly ? 'subtle' : 'ghost'}
          size="sm"
          className="ml-auto h-7"
          aria-pressed={attentionOnly}
          onClick={() => setAttentionOnly((v) => !v)}
        >
          <ListFilter aria-hidden="true" />
          {t('dossier.attention_only')}
        </Button>
      </div>

      {sectionOrder.map((section) => {
        const list = fieldsBySection.get(section)!;
        if (section === 'safety') {
          const bases = list
            .filter((f) => f.localized || LOCALIZED_BASES.includes(f.key))
            .map((f) => ({ ...f, localized: true }));
          const others = list.filter((f) => !(f.localized || LOCALIZED_BASES.includes(f.key)));
          return (
            <Card key={section} id="section-safety" data-testid="section-safety">
              <CardHeader>
                <div>
                  <CardTitle className="flex items-center gap-2">
                    <Languages className="size-4 text-primary" aria-hidden="true" />
                    {sectionText('safety', locale)}
                  </CardTitle>
                  <CardDescription>
                    {markets.length
                      ? t('safety.markets_need', {
                          markets: markets.join(', '),
                          languages: needs.map((n) => language(n.lang)).join(', ') || t('safety.no_eea_language'),
                        })
                      : t('safety.set_markets')}
                  </CardDescription>
                </div>
                {addable.length ? (
                  <Select value="" onValueChange={(l) => setExtraLangs((x) => [...x, l])}>
                    <SelectTrigger className="h-8 w-48 text-[0.8125rem]" aria-label={t('safety.add_language')}>
                      <SelectValue placeholder={t('safety.add_language')} />
                    </SelectTrigger>
                    <SelectContent className="max-h-72">
                      {addable.map((l) => (
                        <SelectItem key={l} value={l}>
                          {language(l)} ({l})
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                ) : null}
              </CardHeader>
              {others.map((f) => row(f, f.key, labelOf(f)))}
              {langOrder.length === 0 ? (
                <p className="px-5 py-4 text-[0.8125rem] text-muted-foreground">{t('safety.no_language')}</p>
              ) : null}
              {langOrder.map((lang, index) => {
                const need = needs.find((n) => n.lang === lang);
                const keys = bases.map((b) => `${b.key}_${lang}`);
                if (attentionOnly && !keys.some(needsAttention)) return null;
                return (
                  <section
                    key={lang}
                    aria-label={language(lang)}
                    data-testid="language-group"
                    data-lang={lang}
                    className={cn(index > 0 || others.length > 0 ? 'border-t border-border' : undefined)}
                  >
                    <div className="flex flex-wrap items-center gap-2 bg-surface-muted/50 px-5 py-2 text-xs">
                      <span className="font-semibold text-foreground">{language(lang)}</span>
                      <span className="font-mono text-muted-foreground">{lang}</span>
                      {need ? (
                        <Badge variant="outline">
                          {t('safety.required_for', { markets: need.markets.join(', ') })}
                          {need.alternatives.length
                            ? t('safety.alternatives', { languages: need.alternatives.map(language).join(', ') })
                            : ''}
                        </Badge>
                      ) : (
                        <Badge variant="neutral">{t('safety.additional')}</Badge>
                      )}
                    </div>
                    <div className="divide-y divide-border">
                      {bases.map((b) => row(b, `${b.key}_${lang}`, `${labelOf(b)} (${language(lang)})`))}
                    </div>
                  </section>
                );
              })}
            </Card>
          );
        }

        if (section === 'entities') {
          const linked = links.data?.links ?? [];
          const shown = list.filter((f) => showAllOperatorFields || byKey.get(f.key)?.current || needsAttention(f.key));
          return (
            <Card key={section} data-testid="section-entities">
              <CardHeader>
                <div>
                  <CardTitle className="flex items-center gap-2">
                    <Building2 className="size-4 text-primary" aria-hidden="true" />
                    {sectionText('entities', locale)}
                  </CardTitle>
                  <CardDescription>{t('section_hint.entities')}</CardDescription>
                </div>
                <Button variant="secondary" size="sm" onClick={() => goTo({ tab: 'entities' })}>
                  {t('entities.manage')}
                </Button>
              </CardHeader>
              <div className="flex flex-wrap gap-2 border-b border-border px-5 py-3 text-[0.8125rem]">
                {linked.length === 0 ? (
                  <span className="text-muted-foreground">{t('entities.none_linked')}</span>
                ) : (
                  linked.map((l) => (
                    <span
                      key={l.role}
                      className="inline-flex items-center gap-1.5 rounded-md border border-border bg-surface-muted/60 px-2 py-1"
                    >
                      <span className="text-muted-foreground">{roleText(l.role, locale)}:</span>
                      <span className="font-medium">{l.entity.name}</span>
                      <span className="text-xs text-muted-foreground">{countryText(l.entity.country, locale)}</span>
                    </span>
                  ))
                )}
              </div>
              <div className="divide-y divide-border">
                {shown.filter((f) => !attentionOnly || needsAttention(f.key)).map((f) => row(f, f.key, labelOf(f)))}
              </div>
              {list.length > shown.length || showAllOperatorFields ? (
                <div className="border-t border-border px-5 py-2">
                  <Button
                    variant="link"
                    size="sm"
                    className="text-xs"
                    onClick={() => setShowAllOperatorFields((v) => !v)}
                  >
                    {showAllOperatorFields ? t('entities.show_filled') : t('entities.show_all', { count: list.length })}
                  </Button>
                </div>
              ) : null}
            </Card>
          );
        }

        const visible = list.filter((f) => !attentionOnly || needsAttention(f.key));
        if (attentionOnly && visible.length === 0) return null;
        return (
          <Card key={section} id={`section-${section}`} data-testid={`section-${section}`}>
            <CardHeader>
              <div>
                <CardTitle>{sectionText(section, locale)}</CardTitle>
                <CardDescription>{isKnownSection(section) ? t(`section_hint.${section}`) : ''}</CardDescription>
              </div>
            </CardHeader>
            <div className={cn('divide-y divide-border')}>
              {visible.map((f) => row(f, f.key, labelOf(f), f.key === 'gtin' ? detail.sku.gtin : undefined))}
            </div>
          </Card>
        );
      })}
    </div>
  );
}
