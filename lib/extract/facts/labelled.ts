import { pairedColumns, type FactSet, type Line } from './lines';
import { COMPANY_SUFFIX, splitNameAddress } from './parties';
import { notAModel } from './not-a-model';
import { AFTER_MODEL } from './product';

/**
 * Values under their labels, in the layouts documents use: "Label: value", "Label ：: value", a
 * test-report cover's "Label ........ : value", "Label:" with the value on the next line (after a blank
 * line or a lone ":"), a label wrapped over two lines ("Certificate's / Holder :"), a table row that lost
 * its rule ("Name of the Product Nnao II 65W", "Model No. A2663": only labels that cannot start a
 * sentence), and several labels on one line ("Title: Compliance Manager Function: Compliance"). Labels in
 * the EU languages; each value checked for what it must look like (a product name is no sentence, a
 * report number has a digit, a signatory is a person's name).
 */

export type LabelledKey =
  | 'product_name'
  | 'model_number'
  | 'brand'
  | 'certificate_number'
  | 'test_report_number'
  | 'test_laboratory'
  | 'signatory_name'
  | 'signatory_function'
  | 'place_of_issue'
  | 'certificate_holder'
  | 'applicant';

interface LabelDef {
  key: LabelledKey;
  /** Alternatives on the folded (lower-case, unaccented) text. */
  words: string[];
  /** Also without a colon, the value right after the label ("Model No. A2663"). */
  bare?: string[];
  confidence: number;
}

const LABELS: LabelDef[] = [
  {
    key: 'product_name',
    words: [
      'product name',
      'name of (?:the )?product',
      'product designation',
      'product description',
      'description of (?:the )?product',
      'product identifier',
      'identification of the product(?: covered by (?:this|the) declaration)?',
      'object of the declaration',
      'gegenstand der erklarung',
      'objet de la declaration',
      'objeto de la declaracion',
      'oggetto della dichiarazione',
      'voorwerp van de verklaring',
      'material name',
      'produktidentifikator',
      'identificateur de produit',
      'identificador del producto',
      'identificatore del prodotto',
      'productidentificatie',
      'produktbeteckning',
      'identificador do produto',
      'product identification',
      'trade ?name',
      'commercial name',
      'name of equipment',
      'equipment name',
      'equipment',
      'test item description',
      'sample name',
      'sample description',
      'name of (?:the )?sample',
      'eut description',
      'products?',
      'produkt(?:name|bezeichnung)?',
      'handelsname',
      'artikelbezeichnung',
      'bezeichnung',
      'nom du produit',
      'nom commercial',
      'designation(?: du produit| commerciale)?',
      'produit',
      'nombre (?:del producto|comercial)',
      'producto',
      'denominacion(?: comercial)?',
      'nome (?:del )?prodotto',
      'nome commerciale',
      'prodotto',
      'denominazione(?: commerciale)?',
      'productnaam',
      'handelsnaam',
      'produktnamn',
      'handelsnamn',
      'nazwa (?:produktu|handlowa)',
      'nome do produto',
      'nome comercial',
    ],
    bare: [
      'product name',
      'name of (?:the )?product',
      'product designation',
      'product',
      'produktname',
      'produktbezeichnung',
      'nom du produit',
      'nombre del producto',
      'nome del prodotto',
      'trade ?name',
    ],
    confidence: 0.8,
  },
  {
    key: 'model_number',
    words: [
      'models?(?:\\s*\\(s\\))?',
      'model(?:\\s*/\\s*|\\s+or\\s+)type(?: reference)?',
      'type(?:\\s*/\\s*| )model',
      'model\\/type reference',
      'model (?:no\\.?|number|name|designation)(?:\\s*\\(s\\))?',
      'product models?(?:\\s*\\(s\\))?',
      'test model',
      'trade model',
      'type (?:no\\.?|number|reference|designation)',
      'type designation',
      'typ(?:e?nbezeichnung)?',
      'modell(?:bezeichnung|nummer)?',
      'mod[eè]le',
      'modelo',
      'modello',
    ],
    bare: [
      'model (?:no\\.?|number)',
      'model\\s*/\\s*type',
      'type\\s*/\\s*model',
      'model(?:\\s*\\(s\\))?',
      'typ',
      'modell',
      'modelo',
      'modello',
    ],
    confidence: 0.85,
  },
  {
    key: 'brand',
    words: ['trade ?mark', 'brand(?: name)?', 'marke', 'handelsmarke', 'marque', 'marca(?: comercial)?', 'merk'],
    bare: ['trade ?mark', 'brand name', 'brand'],
    confidence: 0.8,
  },
  {
    key: 'certificate_number',
    words: [
      'certificate (?:no\\.?|number|n[°o]|#|reference)',
      "certificate'?s? (?:no\\.?|number)",
      'cert\\.? no\\.?',
      'certification (?:no\\.?|number)',
      'zertifikat(?:s)?(?:-| )?(?:nr\\.?|nummer)',
      'n[°o]\\.? (?:de|du) certificat',
      'numero (?:de|del) certificado',
      'numero (?:del )?certificato',
      'certificato n[°o.]?',
    ],
    confidence: 0.85,
  },
  {
    key: 'test_report_number',
    words: [
      '(?:test )?report (?:no\\.?|number|n[°o]|#|ref(?:erence)?(?:\\s*no\\.?)?)',
      'test report',
      'report reference no\\.?',
      'based on (?:the )?test report(?: no\\.?| number)?',
      'prufbericht(?:-| )?(?:nr\\.?|nummer)?',
      'berichts?(?:-| )?(?:nr\\.?|nummer)',
      'rapport (?:d.essai )?n[°o]\\.?',
      "n[°o]\\.? (?:du|de) rapport(?: d'essai)?",
      'informe (?:de ensayo )?n[°o.]?',
      'rapporto (?:di prova )?n[°o.]?',
    ],
    confidence: 0.85,
  },
  {
    key: 'test_laboratory',
    words: [
      'testing laboratory(?: name)?',
      'test(?:ing)? lab(?:oratory)?(?: name)?',
      'laboratory(?: name)?',
      'testing contact',
      'tested by',
      'test(?:ing)? (?:house|facility)',
      'prufstelle',
      'prufinstitut',
      'pruflabor(?:atorium)?',
      "laboratoire(?: d'essais)?",
      'laboratorio(?: de ensayo| di prova)?',
    ],
    confidence: 0.8,
  },
  {
    key: 'signatory_name',
    words: [
      'signatory',
      'name of (?:the )?signatory',
      'name',
      'nom',
      'nombre',
      'nome',
      'signed by',
      'approved by(?:\\s*\\([^)]*\\))?',
      'signature name',
      'printed name',
      'name and (?:title|function|position)',
      'name,? (?:title|function|position)',
      'authori[sz]ed signatory',
      'unterzeichnet von',
      'name des unterzeichners',
      'nom du signataire',
      'nombre del firmante',
      'nome del firmatario',
    ],
    confidence: 0.8,
  },
  {
    key: 'signatory_function',
    words: [
      'title',
      'function',
      'position',
      'job title',
      'funktion',
      'stellung',
      'fonction',
      'qualite',
      'cargo',
      'funzione',
      'qualifica',
    ],
    confidence: 0.75,
  },
  {
    key: 'place_of_issue',
    words: [
      'place of issue',
      'place',
      'issued (?:at|in)',
      'the location this declaration was issued',
      'location',
      'ort(?: der ausstellung)?',
      'ausstellungsort',
      "lieu(?: d'emission| d'etablissement)?",
      'lugar(?: de (?:emision|expedicion))?',
      'luogo(?: di emissione)?',
      'city',
    ],
    confidence: 0.75,
  },
  {
    key: 'certificate_holder',
    words: [
      "certificate'?s? holder",
      'holder(?: of (?:the |this )?certificate)?',
      'zertifikatsinhaber',
      'inhaber',
      'titulaire',
    ],
    confidence: 0.8,
  },
  {
    key: 'applicant',
    words: [
      "applicant(?:'?s)?(?: name)?",
      'client',
      'prepared for',
      'consignor',
      'antragsteller',
      'auftraggeber',
      'demandeur',
      'solicitante',
      'richiedente',
    ],
    confidence: 0.8,
  },
];

/** Lower case and unaccented, one character for one (so offsets in it are offsets in the original). */
export const fold1 = (s: string) => (/^[\x00-\x7f]*$/.test(s) ? s.toLowerCase().replace(/[`]/g, "'") : foldChars(s));
const foldChars = (s: string) =>
  [...s]
    .map((c) => {
      const f = c.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
      return f.length === 1 ? f : c.length === 1 ? c.toLowerCase() : c;
    })
    .join('')
    .replace(/[’‘`´]/g, "'");

const NUM = '(?:\\d{1,2}(?:\\.\\d{1,2})*\\s*[.)]\\s*(?:-\\s*)?)?';
const SEP = '(?:\\s*(?:[:：]\\s*)+|\\s*\\.{2,}\\s*[:：]?\\s*|\\s*#\\s*|\\s+[-–]\\s+)';
const compiled = LABELS.map((d) => ({
  ...d,
  re: new RegExp(`^${NUM}(?:${d.words.join('|')})${SEP}`),
  bareRe: d.bare ? new RegExp(`^${NUM}(?:${d.bare.join('|')})\\s+`) : null,
}));

/** Any "Label:" line: never the value of the label above it. */
const LABEL_LINE = /^[\p{L}][\p{L}\p{N} .'’/()&-]{1,40}\s?[:：]+(?:\s|$)/u;

/** A line that is only codes ("HHT905, HHT906, HHT202"): the rest of a list above it. */
const CODE_LIST = /^(?:[A-Z0-9][A-Za-z0-9._/-]*\d[A-Za-z0-9._/-]*(?:\s*\([^)]{1,20}\))?\s*(?:[,;]\s*|$))+$/;

const BARE_NOT_VALUE =
  /^(?:use|description|category|type|model|name|family|group|code|number|no\b|details|information|identification|safety|standard|specification|class|range|features?|overview|image|images|photo|picture|list|manual|guide|support|page|documentation|safety)\b/i;

interface Hit {
  def: (typeof compiled)[number];
  value: string;
  lines: Line[];
}

/** Words that begin a two-word label ("Issue Date:", "Test Report:"). */
const LABEL_FIRST = /^(?:issue|test|report|model|expiry|product|trade|place|postal|zip|e|web|job|company|date)$/i;

function valueOn(text: string, from: number): string {
  let v = text
    .slice(from)
    .trim()
    .replace(/^[:：\s]+/, '');
  // Another label later on the line ends the value: its last word (two after "Issue", "Test"…) before a colon.
  const colon = /\s?(?:[:：]|\.{3,})\s+\S/.exec(v);
  if (colon && colon.index > 0) {
    const before = v.slice(0, colon.index).trimEnd();
    const words = before.split(/\s+/);
    if (words.length >= 2 && /^\p{Lu}/u.test(words.at(-1)!)) {
      const take = words.length >= 3 && LABEL_FIRST.test(words.at(-2)!) ? 2 : 1;
      v = words.slice(0, words.length - take).join(' ');
    }
  }
  // An empty label ending the line ("City: Hong Kong Signature:") is not part of the value.
  return v
    .replace(/(?:\s*[.…_]{2,}|\s*…)+$/, '')
    .replace(/\s+\p{Lu}[\p{L}]+\s?[:：]$/u, '')
    .trim();
}

function hitsOn(lines: Line[], line: Line): Hit[] {
  const out: Hit[] = [];
  const next = lines[line.index + 1];
  const sameBlock = next && next.page === line.page;
  // A label wrapped over two lines ("Certificate's" / "Holder :"; "Tested" / "according to").
  const texts: { text: string; used: Line[] }[] = [{ text: line.text, used: [line] }];
  if (sameBlock && line.text.length <= 24 && !/[:：\d]/.test(line.text))
    texts.push({ text: `${line.text} ${next.text}`, used: [line, next] });
  for (const { text, used } of texts) {
    const folded = fold1(text);
    for (const def of compiled) {
      const m = def.re.exec(folded);
      let value = '';
      let valueLines = used;
      if (m) value = valueOn(text, m[0].length);
      else if (def.bareRe) {
        const bm = def.bareRe.exec(folded);
        // The value of a label without its colon starts with a capital or a digit ("Model No. A2663").
        if (!bm || !/[\p{Lu}\d]/u.test(text[bm[0].length] ?? '')) continue;
        value = valueOn(text, bm[0].length);
        // "Product Use The configurable…", "Model Number(s)": another label's word, not a value.
        if (!value || BARE_NOT_VALUE.test(value)) continue;
      } else continue;
      if (!value && m) {
        // The value below the label: the next line (a lone ":" before it is layout).
        const below = lines[used.at(-1)!.index + 1];
        if (!below || below.page !== line.page || LABEL_LINE.test(below.text)) continue;
        const t = below.text.replace(/^[:：]\s*/, '').trim();
        if (!t) continue;
        value = t;
        valueLines = [...used, below];
      }
      // A list of codes runs on over the next lines ("Model(s): HHT202-2C, HHT203-A," / "HHT905, HHT906").
      if (value && (def.key === 'model_number' || def.key === 'test_report_number')) {
        for (let i = valueLines.at(-1)!.index + 1; i < lines.length && valueLines.length < 6; i++) {
          const l = lines[i];
          if (l.page !== line.page || (l.blankBefore && !/[,/-]$/.test(value)) || !CODE_LIST.test(l.text)) break;
          // A code cut at its hyphen ("HK-UNI-" / "30") is one code; otherwise the line's codes need letters.
          if (/[A-Za-z0-9]-$/.test(value)) value = `${value}${l.text.replace(/[,\s]+$/, '')}`;
          else if (l.text.split(/[,;]\s*/).every((t) => !t || /\p{L}/u.test(t)))
            value = `${value.replace(/[,\s]+$/, '')}, ${l.text.replace(/[,\s]+$/, '')}`;
          else break;
          valueLines = [...valueLines, l];
        }
      }
      if (value) out.push({ def, value, lines: valueLines });
    }
    if (out.length) break;
  }
  return out;
}

const PRODUCT_NOT_NAME =
  /\b(?:identifier|identifikator|identification|identificador|identificatore|identificatie|product (?:number|code|type)|produktcode|verpakking|packaging|verpackung|emballage|envase|imballaggio)\b|^(?:number|code|type|version|revision|page|n\/a)$|^(?:version|form|synonym|revision|page)\b|[:：]/;
const WORDS = (s: string) => s.split(/\s+/).filter(Boolean).length;
const SENTENCE =
  /[.!?]$|\b(?:is|are|the|der|die|das|le|la|el|il|est|ist|has|have|which|that|und|and)\b.*\b(?:is|are|ist|sind|est|sont)\b/i;
const NONE = /^(?:n\/?a|none|-+|\/|see (?:above|below|attached|page).*|siehe .*|voir .*|\(?blank\)?|tbd|xxx+)$/i;
const PERSON =
  /^(?:(?:dr|prof|dipl|ing|mr|mrs|ms|mag|herr|frau|m|mme|sr|sra|sig|dott)\.?(?:-ing\.?)?\s+)*\p{Lu}[\p{L}'’.-]+(?:\s+\p{Lu}[\p{L}'’.-]*){1,3}$/u;
const FUNCTION_WORDS =
  /\b(?:director|manager|ceo|cto|cfo|coo|president|engineer|officer|head|chief|owner|founder|partner|representative|geschaftsfuhrer|geschaeftsfuehrer|leiter|prokurist|inhaber|vorstand|gerant|directeur|directrice|responsable|president|presidente|amministratore|direttore|gerente|responsabile|legale|quality|compliance|managing|general|technical|supervisor|engineering|certification|manger|kierownik|prezes|vd)\b/i;
const REF_NUMBER = /^[A-Z0-9][A-Z0-9 ./_#-]{2,40}$/i;

/** The value as the fact it is, or null when it does not look like one. */
function accept(key: LabelledKey, raw: string): string | null {
  let v = raw.replace(/[;,]+$/, '').trim();
  if (!v || NONE.test(v) || v.length > 160) return null;
  switch (key) {
    case 'product_name':
      // "KIBO Robot Kit, Model P7012 (…)": the model is a fact of its own.
      v = v.replace(/\s*[,;(]?\s*\b(?:model|type|modell|modele|modèle|modelo|modello|art\.?\s?no\.?)\b.*$/i, '').trim();
      if (v.length < 2 || v.length > 90 || WORDS(v) > 10 || SENTENCE.test(v) || !/\p{L}{2}/u.test(v)) return null;
      if (/^(?:see|siehe|voir|ver|vedi)\b/i.test(v) || /^\d+(?:\.\d+)+\.?\s/.test(v)) return null;
      // "Espruino Puck.js, Espruino Puck.js 2": variants of one product; its name is what they share.
      {
        const items = v.split(/\s*,\s*/);
        if (items.length > 1 && items.every((x) => x.startsWith(items[0]))) v = items[0];
      }
      // Another label's words, as a sheet's jumbled columns put them where the value should be.
      if (PRODUCT_NOT_NAME.test(fold1(v))) return null;
      return v;
    case 'brand':
      if (v.length > 40 || WORDS(v) > 4 || !/\p{L}/u.test(v)) return null;
      return v;
    case 'model_number': {
      // Commas inside brackets belong to the item: "DR-15-X (X=5,12,15,24)".
      const items = v
        .replace(AFTER_MODEL, '')
        .split(/\s*(?:[,;]|\s\/\s|\band\b|\bund\b|\bet\b)\s*(?![^()]*\))/)
        .map((x) => x.trim().replace(/^["']+|[."']+$/g, ''))
        .map((x) => (x.includes('(') ? x : x.replace(/^\(|\)$/g, '')))
        .filter((x) => x && x.length <= 40 && WORDS(x) <= 4 && /[\p{L}\d]/u.test(x) && !notAModel(x));
      if (!items.length || items.length > 30) return null;
      // A model is a code or a short name: "Block V", "PiKVM V4 Mini", not "See attached".
      if (!items.every((x) => /\d|\p{Lu}{2}|\p{L}-\p{L}/u.test(x))) return null;
      return items.join(', ');
    }
    case 'certificate_number':
    case 'test_report_number': {
      const items = v
        .split(/\s*[,;]\s*|\s+(?:and|und|et|y)\s+/)
        .map((x) => x.trim().replace(/[.]+$/, ''))
        .filter((x) => REF_NUMBER.test(x) && /\d/.test(x) && x.replace(/\D/g, '').length >= 3);
      // "Page 1 of 54" and dates are no numbers of a report.
      const good = items.filter((x) => !/^(?:page|seite)\b/i.test(x) && !/^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/.test(x));
      // "168347750a 001": a number with its issue suffix is one number; other words after it are not.
      return good.length ? good.map((x) => (/^\S+\s\d{1,4}$/.test(x) ? x : x.split(/\s+/)[0])).join(', ') : null;
    }
    case 'test_laboratory':
    case 'certificate_holder':
    case 'applicant': {
      const { name } = splitNameAddress(v);
      if (
        name.length < 3 ||
        name.length > 120 ||
        !/\p{L}{3}/u.test(name) ||
        /^(?:see|same|siehe|wie|voir)\b/i.test(name)
      )
        return null;
      return name.replace(/[,;]+$/, '');
    }
    case 'signatory_name':
      return PERSON.test(v) && !FUNCTION_WORDS.test(v) ? v : null;
    case 'signatory_function':
      return v.length <= 70 && WORDS(v) <= 8 && FUNCTION_WORDS.test(v) && !/\d/.test(v) ? v : null;
    case 'place_of_issue': {
      const p = v
        .replace(/\s*(?:,|\bon\b|\bam\b|\ble\b|\bel\b|\bil\b)?\s*\d{1,4}[./-]\d{1,2}[./-]\d{1,4}.*$/, '')
        .replace(/[,;\s]+$/, '')
        .trim();
      if (p.length < 2 || p.length > 60 || /\d{3,}/.test(p) || !/^\p{Lu}/u.test(p) || WORDS(p) > 6) return null;
      return p;
    }
  }
}

/** A signature's neighbourhood: the lines where "Name:" and "Title:" are the signatory's. */
const SIGN_CONTEXT =
  /\b(?:signature|signed|sign|unterschrift|unterzeichnet|firma|signe|date of issue|place and date|ort(?:,| und) datum|lieu et date|lugar y fecha|luogo e data|title|function|position)\b|\b(?:date|datum|fecha|data)\s*:/;

/** A number named in running text: "…only valid in connection with the test report number: ZKT-2310077552E." */
const INLINE_NUMBER =
  /\b(?:(test report|report|prufbericht|rapport d'essai|informe de ensayo|rapporto di prova)|(certificate|zertifikat|certificat|certificado|certificato))\s*(?:no\.?|nr\.?|number|nummer|n[°o]|#)\s*[:#]?\s*([A-Z0-9][A-Z0-9./_-]{4,40}[A-Z0-9])/i;
const INLINE_NUMBER_AT_END =
  /\b(?:(test report|report|prufbericht|rapport d'essai|informe de ensayo|rapporto di prova)|(certificate|zertifikat|certificat|certificado|certificato))\s*(?:no\.?|nr\.?|number|nummer|n[°o]|#)\s*[:#]?\s*$/i;
/** A line that is one code, a sentence's full stop after it ("ZKT-2310077552E."). */
const LONE_CODE = /^([A-Z0-9][A-Z0-9./_-]{4,40}[A-Z0-9])\.?$/;
/** A certificate's title with its number on the next line: "Certificate of Compliance" / "No. 3N200311.CZT0N37". */
const CERT_TITLE = /^(?:certificate|certificat|zertifikat|certificado|certificato|attestation)\b.{0,40}$/;
const BARE_NO = /^(?:no\.?|nr\.?|n[°o]\.?)\s*[:#]?\s*([A-Z0-9][A-Z0-9./_-]{4,40})$/i;

/** A declaration's sentence that names its product on the next line: "…the product with following identification:". */
const IDENTIFIES_BELOW =
  /(?:following identification|identified as follows|following (?:product|apparatus|equipment|device)s?|folgende[sn]? (?:produkt|gerat|erzeugnis)|produit suivant|l'appareil suivant|(?:el )?producto siguiente|(?:il )?prodotto seguente|volgende product)\s*:$/;
const CODE_TOKEN = /^(?=.*[\d-])[A-Za-z0-9][A-Za-z0-9._/-]{2,40}$/;

export function readLabelled(lines: Line[], facts: FactSet) {
  for (const line of lines) {
    if (IDENTIFIES_BELOW.test(line.norm)) {
      const below = lines[line.index + 1];
      const name = below && below.page === line.page ? accept('product_name', below.text) : null;
      if (name) {
        facts.add('product_name', name, [line, below], 0.75);
        // A designation that is one code ("GPS-LoRaWAN", "TM-Sense4") is the model too.
        if (CODE_TOKEN.test(name) && !notAModel(name)) facts.add('model_number', name, [line, below], 0.7);
      }
    }
    const inline = INLINE_NUMBER.exec(line.text);
    if (inline && /\d/.test(inline[3])) {
      const at = inline.index + inline[0].length - inline[3].length;
      const value = line.text.slice(at, at + inline[3].length).replace(/[.]+$/, '');
      facts.add(inline[1] ? 'test_report_number' : 'certificate_number', value, [line], 0.75);
    }
    // "…in connection with the test report number:" ending the line, the number alone on the next.
    const atEnd = INLINE_NUMBER_AT_END.exec(line.text);
    const next = lines[line.index + 1];
    const code = atEnd && next && next.page === line.page ? LONE_CODE.exec(next.text) : null;
    if (atEnd && code && /\d/.test(code[1]) && /\p{L}/u.test(code[1]))
      facts.add(atEnd[1] ? 'test_report_number' : 'certificate_number', code[1], [line, next], 0.75);
    const bareNo = BARE_NO.exec(line.text);
    if (bareNo && /\d/.test(bareNo[1])) {
      const title = lines
        .slice(Math.max(0, line.index - 3), line.index)
        .find((l) => l.page === line.page && CERT_TITLE.test(l.norm));
      if (title) facts.add('certificate_number', bareNo[1].replace(/[.]+$/, ''), [title, line], 0.75);
    }
  }
  // A column of labels over the column of their values: each pair read as one "Label: value" line.
  for (const line of [...lines, ...pairedColumns(lines)]) {
    if (line.text.length > 240) continue;
    for (const hit of hitsOn(lines, line)) {
      const key = hit.def.key;
      const value = accept(key, hit.value);
      if (!value) continue;
      if (
        key === 'signatory_function' ||
        key === 'place_of_issue' ||
        (key === 'signatory_name' && /^(?:name|nom|nombre|nome)\b/.test(fold1(line.text)))
      ) {
        // "Title:" and "City:" are the signatory's only beside a signature, a name or a date.
        const near = lines.slice(Math.max(0, line.index - 3), line.index + 4).filter((l) => l.page === line.page);
        if (
          !near.some((l) =>
            // The label's own line counts by what follows the label ("Place: X Date: Y").
            l === line
              ? key !== 'signatory_function' && SIGN_CONTEXT.test(l.norm.replace(/^\S+/, ''))
              : SIGN_CONTEXT.test(l.norm) || /^name\s*:/.test(l.norm),
          ) &&
          !/^(?:place of issue|the location|issued (?:at|in)|ort der|ausstellungsort|lieu d|lugar de|luogo di)/.test(
            fold1(line.text),
          )
        )
          continue;
      }
      if (
        key === 'test_laboratory' &&
        !COMPANY_SUFFIX.test(value) &&
        !/\b(?:laborator|test|tuv|sgs|intertek|bureau|dekra|institut)/i.test(value)
      )
        continue;
      facts.add(key, value, hit.lines, hit.def.confidence);
    }
  }
}
