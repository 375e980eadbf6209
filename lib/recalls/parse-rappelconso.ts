import { decodeText } from '@/lib/text/decode';
import { parseDelimited, sniffDelimiter } from '@/lib/imports/read/csv';
import { clean, feedDate, FEED_LIMITS, FeedRefused, isoWeek, type ParsedAlert } from './feed-types';

/**
 * France's RappelConso export (data.economie.gouv.fr, datasets rappelconso-v2-gtin-trie / -espaces), as
 * the portal's CSV (";"-separated, a header of the dataset's column names) or JSON (the export's array of
 * records, or the API's { results: [...] }). The V2 columns are read, with the V1 names as fallbacks:
 * numero_fiche (reference_fiche), date_publication, categorie_produit, sous_categorie_produit,
 * marque_produit, modeles_ou_references, libelle, identification_produits, gtin, motif_rappel,
 * risques_encourus, description_complementaire_risque, conduites_a_tenir_par_le_consommateur,
 * nature_juridique_rappel, liens_vers_les_images, lien_vers_la_fiche_rappel. The GTIN-sorted dataset
 * has one row per GTIN: rows of one fiche become one alert with all its GTINs.
 */
export function parseRappelConso(bytes: Uint8Array): { alerts: ParsedAlert[]; periods: string[] } {
  if (bytes.byteLength > FEED_LIMITS.maxBytes)
    throw new FeedRefused('too_large', `The file is larger than ${FEED_LIMITS.maxBytes / 1024 / 1024} MB.`);
  const textAll = decodeText(bytes).text.replace(/^\uFEFF/, '');
  const head = textAll.trimStart()[0];
  const records = head === '[' || head === '{' ? jsonRecords(textAll) : csvRecords(textAll);
  const byRef = new Map<string, ParsedAlert>();
  for (const r of records) {
    const a = toAlert(r);
    if (!a) continue;
    const prior = byRef.get(a.reference);
    if (prior) {
      const codes = new Set([...(prior.barcode?.split(/\s*,\s*/) ?? []), ...(a.barcode?.split(/\s*,\s*/) ?? [])]);
      prior.barcode = [...codes].filter(Boolean).join(', ') || null;
      continue;
    }
    if (byRef.size >= FEED_LIMITS.maxAlerts)
      throw new FeedRefused('too_many_alerts', `The export holds more than ${FEED_LIMITS.maxAlerts} recalls.`);
    byRef.set(a.reference, a);
  }
  const alerts = [...byRef.values()];
  if (!alerts.length)
    throw new FeedRefused(
      'not_a_feed',
      'No recall found: a RappelConso export has the columns numero_fiche (or reference_fiche) and libelle or marque_produit.',
    );
  return { alerts, periods: [...new Set(alerts.map((a) => a.period))].sort() };
}

type Rec = Record<string, unknown>;

function jsonRecords(s: string): Rec[] {
  let v: unknown;
  try {
    v = JSON.parse(s);
  } catch (err) {
    throw new FeedRefused('not_well_formed', `The JSON is not valid: ${(err as Error).message.slice(0, 200)}`);
  }
  const list = Array.isArray(v) ? v : Array.isArray((v as Rec)?.results) ? ((v as Rec).results as unknown[]) : null;
  if (!list) throw new FeedRefused('not_a_feed', 'The JSON is neither an array of recalls nor { results: [...] }.');
  // Explore API v1 wraps each record's columns in "fields".
  return list
    .filter((x): x is Rec => typeof x === 'object' && x !== null)
    .map((x) => (typeof x.fields === 'object' && x.fields !== null ? (x.fields as Rec) : x));
}

function csvRecords(s: string): Rec[] {
  const sniff = sniffDelimiter(s.slice(0, 64 * 1024), false);
  const gen = parseDelimited([s], { delimiter: sniff.delimiter ?? ';', maxCellChars: FEED_LIMITS.maxFieldChars * 5 });
  let header: string[] | null = null;
  const out: Rec[] = [];
  for (;;) {
    const step = gen.next();
    if (step.done) {
      if (!step.value.ok) throw new FeedRefused('cell_too_large', `Row ${step.value.row_number} has a cell too large.`);
      break;
    }
    const cells = step.value.cells;
    if (!header) {
      header = cells.map((c) => c.trim().toLowerCase());
      continue;
    }
    if (out.length > FEED_LIMITS.maxAlerts * 20)
      throw new FeedRefused('too_many_alerts', 'The export holds too many rows.');
    const rec: Rec = {};
    header.forEach((h, i) => (rec[h] = cells[i] ?? ''));
    out.push(rec);
  }
  return out;
}

const pick = (r: Rec, ...keys: string[]) => {
  for (const k of keys) {
    const v = r[k];
    const s = Array.isArray(v) ? clean(v.map((x) => String(x)).join(' | ')) : clean(v);
    if (s) return s;
  }
  return null;
};

function toAlert(r: Rec): ParsedAlert | null {
  const reference = pick(r, 'numero_fiche', 'reference_fiche', 'id');
  if (!reference) return null;
  const name = pick(r, 'libelle', 'noms_des_modeles_ou_references');
  const brand = pick(r, 'marque_produit', 'nom_de_la_marque_du_produit');
  if (!name && !brand) return null;
  const published = feedDate(pick(r, 'date_publication', 'date_de_publication'));
  const sub = pick(r, 'sous_categorie_produit', 'sous_categorie_de_produit');
  const cat = pick(r, 'categorie_produit', 'categorie_de_produit');
  const risk = pick(r, 'risques_encourus', 'risques_encourus_par_le_consommateur');
  const why = pick(r, 'motif_rappel', 'motif_du_rappel');
  const more = pick(r, 'description_complementaire_risque');
  const gtin = pick(r, 'gtin', 'gtins');
  const pictureList = (pick(r, 'liens_vers_les_images') ?? '')
    .split(/\s*\|\s*|\s+/)
    .filter((u) => /^https?:\/\//i.test(u))
    .slice(0, 20);
  return {
    feed: 'rappelconso',
    reference,
    period: published ? isoWeek(new Date(`${published}T00:00:00Z`)) : 'unknown',
    published_on: published,
    case_number: pick(r, 'id', 'rappel_guid'),
    category: [cat, sub].filter(Boolean).join(' / ') || null,
    product: sub,
    brand,
    name,
    model: pick(r, 'modeles_ou_references', 'noms_des_modeles_ou_references'),
    batch: pick(r, 'identification_produits', 'identification_des_produits'),
    barcode: gtin
      ? gtin
          .split(/[\s,;|]+/)
          .filter(Boolean)
          .join(', ')
      : null,
    risk_type: risk,
    danger: [why, more].filter(Boolean).join(' ') || null,
    measures: pick(r, 'conduites_a_tenir_par_le_consommateur')?.replace(/\s*\|\s*/g, '; ') ?? null,
    description: pick(r, 'informations_complementaires_publiques', 'informations_complementaires'),
    notifying_country: 'FR',
    country_of_origin: null,
    risk_level: null,
    alert_type: pick(r, 'nature_juridique_rappel', 'nature_juridique_du_rappel'),
    pictures: pictureList,
    url: pick(r, 'lien_vers_la_fiche_rappel'),
    company_recall_code: null,
    production_dates:
      [pick(r, 'date_debut_commercialisation'), pick(r, 'date_date_fin_commercialisation')]
        .filter(Boolean)
        .join(' – ') || null,
  };
}
