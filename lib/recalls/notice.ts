/**
 * The recall notice in the structure of the template of Commission Implementing Regulation (EU) 2024/1435
 * (GPSR Art. 36): a "Product safety recall" heading; the product's description and identifiers (name,
 * brand, model/type, batch or serial numbers, barcode, picture, where and when sold); the hazard in plain
 * words; what consumers must do (stop using it at once); the remedy (GPSR Art. 37: repair, replacement or
 * refund); and whom to contact. Templates exist in English, German and French; another market language
 * gets the English text, marked as missing, with a first line naming the language to translate into.
 * Art. 36(3) forbids wording that lessens the perceived risk ("voluntary", "precautionary",
 * "discretionary", "in rare/specific situations", "no accidents reported"): `noticeWarnings` finds it.
 */

export interface NoticeFacts {
  action: 'recall' | 'withdrawal';
  productName: string;
  brand: string | null;
  model: string | null;
  gtin: string | null;
  batches: string[];
  pictureUrl: string | null;
  markets: string[];
  hazard: string;
  contact: {
    name: string | null;
    address: string | null;
    email: string | null;
    phone: string | null;
    url: string | null;
  };
}

interface Words {
  heading: Record<NoticeFacts['action'], string>;
  product: string;
  brand: string;
  model: string;
  batches: string;
  gtin: string;
  picture: string;
  sold: string;
  hazard: string;
  what: string;
  stop: Record<NoticeFacts['action'], string>;
  remedy: string;
  remedyText: Record<NoticeFacts['action'], string>;
  contact: string;
  unknown: string;
}

const WORDS: Record<'en' | 'de' | 'fr', Words> = {
  en: {
    heading: { recall: 'Product safety recall', withdrawal: 'Product safety warning: product withdrawn from sale' },
    product: 'Product',
    brand: 'Brand',
    model: 'Model / type',
    batches: 'Batch / serial numbers concerned',
    gtin: 'Barcode (GTIN)',
    picture: 'Picture',
    sold: 'Sold in',
    hazard: 'Hazard',
    what: 'What you must do',
    stop: {
      recall: 'Stop using this product immediately and keep it out of the reach of children.',
      withdrawal: 'This product is no longer sold. If you have it, stop using it and contact us.',
    },
    remedy: 'Remedy',
    remedyText: {
      recall: 'Contact us to return the product. You will receive a refund, a replacement or a repair, free of charge.',
      withdrawal: 'Contact us: you will receive a refund, a replacement or a repair, free of charge.',
    },
    contact: 'Contact',
    unknown: 'not stated',
  },
  de: {
    heading: {
      recall: 'Produktsicherheitsrückruf',
      withdrawal: 'Produktsicherheitswarnung: Produkt aus dem Verkauf genommen',
    },
    product: 'Produkt',
    brand: 'Marke',
    model: 'Modell / Typ',
    batches: 'Betroffene Chargen- / Seriennummern',
    gtin: 'Strichcode (GTIN)',
    picture: 'Abbildung',
    sold: 'Verkauft in',
    hazard: 'Gefahr',
    what: 'Was Sie tun müssen',
    stop: {
      recall:
        'Verwenden Sie dieses Produkt sofort nicht mehr und bewahren Sie es außerhalb der Reichweite von Kindern auf.',
      withdrawal:
        'Dieses Produkt wird nicht mehr verkauft. Wenn Sie es besitzen, verwenden Sie es nicht mehr und kontaktieren Sie uns.',
    },
    remedy: 'Abhilfe',
    remedyText: {
      recall:
        'Kontaktieren Sie uns, um das Produkt zurückzugeben. Sie erhalten kostenlos eine Erstattung, einen Ersatz oder eine Reparatur.',
      withdrawal: 'Kontaktieren Sie uns: Sie erhalten kostenlos eine Erstattung, einen Ersatz oder eine Reparatur.',
    },
    contact: 'Kontakt',
    unknown: 'nicht angegeben',
  },
  fr: {
    heading: {
      recall: 'Rappel de produit pour raison de sécurité',
      withdrawal: 'Avertissement de sécurité : produit retiré de la vente',
    },
    product: 'Produit',
    brand: 'Marque',
    model: 'Modèle / type',
    batches: 'Numéros de lot / de série concernés',
    gtin: 'Code-barres (GTIN)',
    picture: 'Photo',
    sold: 'Vendu en',
    hazard: 'Danger',
    what: 'Ce que vous devez faire',
    stop: {
      recall: 'Cessez immédiatement d’utiliser ce produit et tenez-le hors de portée des enfants.',
      withdrawal: 'Ce produit n’est plus vendu. Si vous le possédez, cessez de l’utiliser et contactez-nous.',
    },
    remedy: 'Solution',
    remedyText: {
      recall:
        'Contactez-nous pour retourner le produit. Vous recevrez gratuitement un remboursement, un remplacement ou une réparation.',
      withdrawal: 'Contactez-nous : vous recevrez gratuitement un remboursement, un remplacement ou une réparation.',
    },
    contact: 'Contact',
    unknown: 'non indiqué',
  },
};

export const NOTICE_TEMPLATE_LANGUAGES = Object.keys(WORDS) as (keyof typeof WORDS)[];

const LANGUAGE_NAMES: Record<string, string> = {
  bg: 'Bulgarian',
  cs: 'Czech',
  da: 'Danish',
  de: 'German',
  el: 'Greek',
  en: 'English',
  es: 'Spanish',
  et: 'Estonian',
  fi: 'Finnish',
  fr: 'French',
  ga: 'Irish',
  hr: 'Croatian',
  hu: 'Hungarian',
  is: 'Icelandic',
  it: 'Italian',
  lt: 'Lithuanian',
  lv: 'Latvian',
  mt: 'Maltese',
  nl: 'Dutch',
  no: 'Norwegian',
  pl: 'Polish',
  pt: 'Portuguese',
  ro: 'Romanian',
  sk: 'Slovak',
  sl: 'Slovenian',
  sv: 'Swedish',
};

export const languageName = (code: string) => LANGUAGE_NAMES[code] ?? code;

export interface GeneratedNotice {
  title: string;
  body: string;
  generated_from: string;
  missing_template: boolean;
}

export function generateNotice(language: string, f: NoticeFacts): GeneratedNotice {
  const template = (NOTICE_TEMPLATE_LANGUAGES as string[]).includes(language) ? (language as keyof typeof WORDS) : 'en';
  const w = WORDS[template];
  const v = (x: string | null | undefined) => (x && x.trim() ? x.trim() : w.unknown);
  const lines: string[] = [];
  if (template !== language)
    lines.push(
      `[No template in ${languageName(language)} (${language}): this is the English text. Translate it into ${languageName(language)} before publishing.]`,
      '',
    );
  lines.push(`${w.heading[f.action].toUpperCase()}`, '');
  lines.push(`${w.product}: ${f.productName}`);
  lines.push(`${w.brand}: ${v(f.brand)}`);
  lines.push(`${w.model}: ${v(f.model)}`);
  lines.push(`${w.batches}: ${f.batches.length ? f.batches.join(', ') : v(null)}`);
  lines.push(`${w.gtin}: ${v(f.gtin)}`);
  if (f.pictureUrl) lines.push(`${w.picture}: ${f.pictureUrl}`);
  if (f.markets.length) lines.push(`${w.sold}: ${f.markets.join(', ')}`);
  lines.push('', `${w.hazard}`, v(f.hazard));
  lines.push('', `${w.what}`, w.stop[f.action]);
  lines.push('', `${w.remedy}`, w.remedyText[f.action]);
  const c = f.contact;
  lines.push('', `${w.contact}`, [c.name, c.address, c.phone, c.email, c.url].filter(Boolean).join('\n') || v(null));
  return {
    title: `${w.heading[f.action]}: ${f.productName}${f.brand ? ` (${f.brand})` : ''}`,
    body: lines.join('\n'),
    generated_from: template,
    missing_template: template !== language,
  };
}

const FORBIDDEN: { re: RegExp; word: string }[] = [
  { re: /\bvoluntar(y|ily)\b/i, word: 'voluntary' },
  { re: /\bprecaution(ary)?\b/i, word: 'precautionary' },
  { re: /\bdiscretionary\b/i, word: 'discretionary' },
  { re: /\bin (rare|specific|certain) (situations|cases)\b/i, word: 'in rare/specific situations' },
  {
    re: /\bno (reported )?(accidents|incidents|injuries)( have been| were)?( reported)?\b/i,
    word: 'no accidents reported',
  },
  { re: /\bfreiwillig/i, word: 'freiwillig' },
  { re: /\bvorsorglich/i, word: 'vorsorglich' },
  { re: /\bin (seltenen|bestimmten) (Fällen|Situationen)\b/i, word: 'in seltenen/bestimmten Fällen' },
  { re: /\bkeine (Unfälle|Verletzungen)\b/i, word: 'keine Unfälle bekannt' },
  { re: /\bvolontaire/i, word: 'volontaire' },
  { re: /\b(par )?(précaution|préventi(f|ve))/i, word: 'par précaution / préventif' },
  { re: /\bdiscrétionnaire/i, word: 'discrétionnaire' },
  { re: /\bdans (de rares|certains) cas\b/i, word: 'dans de rares/certains cas' },
  { re: /\baucun accident\b/i, word: 'aucun accident' },
];

/** Wording GPSR Art. 36(3) does not allow in a recall notice (it lessens the perceived risk). */
export function noticeWarnings(text: string): string[] {
  return FORBIDDEN.filter((f) => f.re.test(text)).map(
    (f) => `"${f.word}" lessens the perceived risk; GPSR Art. 36(3) does not allow it in a recall notice.`,
  );
}
