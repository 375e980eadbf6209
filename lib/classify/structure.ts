import type { DocumentType } from './schemas';
import { normaliseForMatch } from './text-match';

/**
 * Structure of a document type: the parts a real document of that type has, whatever its wording, in
 * the languages the classifier reads (en, de, fr, es, it, nl, zh). Written against NORMALISED text
 * (lib/classify/text-match.ts). A title and a few typical phrases say what a text is ABOUT; these parts
 * say whether it IS one: an article explaining risk assessments names hazards, severity and measures but
 * rates no hazard of any product and is signed by nobody.
 *
 * Also the marks of texts that talk about compliance documents without being one (explainers, product
 * labels, flyers) and of letters (a certification or registration letter has no "certificate" title).
 */

type Part = { name: string; re: RegExp };
const part = (name: string, source: string): Part => ({ name, re: new RegExp(source, 'm') });

// A date in the usual forms: 12.03.2024, 2024-03-12, 12/03/2024, 12 March 2024, March 12, 2024, 2024年3月12日.
const DATE =
  '(?:\\b\\d{1,2}[./-]\\d{1,2}[./-](?:19|20)\\d{2}\\b|\\b(?:19|20)\\d{2}[./-]\\d{1,2}[./-]\\d{1,2}\\b|\\b\\d{1,2}\\.? (?:of )?(?:jan|feb|mar|apr|ma[iyr]|jun|jul|aug|sep|o[ck]t|nov|de[cz]|janvier|fevrier|mars|avril|juin|juillet|aout|septembre|octobre|novembre|decembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre|januar|februar|marz|juni|juli|oktober|dezember|januari|februari|maart|mei|augustus|oktober)[a-z]*\\.? (?:de )?(?:19|20)\\d{2}\\b|\\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* \\d{1,2},? (?:19|20)\\d{2}\\b|(?:19|20)\\d{2}年\\d{1,2}月)';
const SIGNATORY =
  '(?:signed|signature|signatory|unterzeichnet|unterschrift|i\\.\\s?a\\.|ppa\\.?|signe|firmado|firmato|firma|ondertekend|handtekening|签名|签署|manager|director|directeur|directora?|direttore|geschaftsfuhrer|gerente|presidente|ceo|head of|leiter(?:in)?|responsable|directeur|总经理|批准人|institutsleiter)';
const STANDARD =
  '(?:\\ben(?: iso| iec)? ?\\d{3,5}|\\biso(?:/iec)? ?\\d{3,5}|\\biec ?\\d{3,5}|\\betsi en|\\bgb(?:/t)? ?\\d{3,5}|\\bul ?\\d{3,4}|\\bune-en|\\bastm [a-z]\\d|\\bdin en)';
const PRODUCT =
  '(?:product|model|type|article|item|produkt|modell|typ\\b|artikel|bezeichnung|produit|modele|reference|producto|modelo|articulo|prodotto|modello|articolo|voorwerp|型号|产品|样品名称)';
const NUMBERED = '(?:\\b(?:no|nr|n°|number|nummer|numero|num|ref)\\b\\.?:? ?[a-z0-9]*[-/]?\\d|编号)';

/** The parts of each type. A part is present when its pattern is found once. */
const PARTS: Record<Exclude<DocumentType, 'other'>, Part[]> = {
  declaration_of_conformity: [
    part(
      'declaration sentence',
      '(?:declare|erklar|declar|dichiar|verklar|声明|sole responsibility|alleinige[nr]? verantwortung|seule responsabilite|exclusiva responsabilidad|propria responsabilita|volledige verantwoordelijkheid|全部责任)',
    ),
    part('object of the declaration', PRODUCT),
    part(
      'harmonisation legislation',
      '(?:\\d{2,4}/\\d{1,4}/(?:eu|ec|ce|ue|eg|eec|ewg|cee|eu)\\b|\\((?:eu|ec|eg|ue|ce)\\) (?:no |nr\\.? |n° )?\\d{2,4}/\\d{1,4}|regulation \\d|verordnung \\(|指令)',
    ),
    part('harmonised standards', STANDARD),
    part('signature with place and date', `${DATE}[\\s\\S]{0,200}${SIGNATORY}|${SIGNATORY}[\\s\\S]{0,200}${DATE}`),
  ],
  certificate: [
    part(
      'certification statement',
      '(?:certif|zertifi|bescheinig|attest|hereby|hiermit|verklaren wij|granted|grants|erteilt|accorde|otorga|concess|rilasciat|证明|兹|特此|认证)',
    ),
    part(
      'holder',
      '(?:holder|inhaber|titulaire|titular|titolare|houder|applicant|antragsteller|issued to|granted to|manufacturer|hersteller|fabricant|fabricante|fabbricante|produttore|fabrikant|gmbh|\\bltd\\b|\\binc\\b|\\bkg\\b|\\bs\\.?a\\.?s?\\b|\\bb\\.?v\\.?\\b|\\bs\\.?l\\.?\\b|\\bs\\.?p\\.?a\\.?\\b|有限公司|持证)',
    ),
    part(
      'validity',
      '(?:valid|gultig|valable|validez|valido|validita|geldig|effective|expir|ablauf|scadenza|caducidad|\\buntil\\b|\\bthrough\\b|\\bbis\\b|jusqu|hasta|fino al|有效期|for (?:a period of )?(?:five|three|\\d) years|pour une duree)',
    ),
    part('number', NUMBERED),
    part(
      'issuing body',
      '(?:\\bbody\\b|stelle|organisme|organismo|organismo|instituut|institut|office|ministry|ministere|ministerio|ministero|registrar|authority|behorde|bureau|directeur|director|directora|direttore|leiter|certification|zertifizierung|certificatie|certificacion|certificazione|accredit|akkredit|认证机构|发证)',
    ),
    part('certified product or scope', PRODUCT + '|scope|geltungsbereich|domaine|alcance|campo di applicazione'),
  ],
  test_report: [
    part(
      'report number',
      `(?:report|bericht|rapport|informe|rapporto|verslag|报告)[\\s\\S]{0,40}${NUMBERED}|${NUMBERED}[\\s\\S]{0,20}(?:report|bericht)|报告编号`,
    ),
    part(
      'sample',
      '(?:sample|test item|specimen|prufgegenstand|prufling|prufmuster|\\bmuster\\b|\\bprobe\\b|echantillon|muestra|campione|\\bmonster\\b|样品|item tested|eut\\b|equipment under test)',
    ),
    part(
      'method or standard',
      STANDARD +
        '|test method|prufgrundlage|prufverfahren|methode d.essai|metodo de ensayo|metodo di prova|testmethode|检测依据|测试依据',
    ),
    part(
      'results',
      '(?:result|ergebnis|resultat|resultado|risultat|resultaten|结果|结论|\\bpass(?:ed)?\\b|\\bfail|bestanden|\\bconforme\\b|\\bcumple\\b|voldoet|合格|verdict|\\bp\\b ?/ ?\\bf\\b)',
    ),
    part(
      'test dates',
      `(?:test(?:ing)? (?:date|period)|date of (?:test|receipt)|received|prufzeitraum|prufdatum|probeneingang|eingang|reception|periode d.essai|recepcion|fecha de ensayo|ricevimento|data (?:della|delle) prov|ontvangen|testperiode|收样日期|检测日期)`,
    ),
    part(
      'laboratory or client',
      '(?:laborator|\\blab\\b|client|applicant|auftraggeber|demandeur|solicitante|richiedente|committente|opdrachtgever|委托|17025|testing (?:house|centre|center)|prufstelle|prufinstitut)',
    ),
  ],
  safety_data_sheet: [
    part(
      'numbered sections',
      '(?:section|abschnitt|rubrique|seccion|sezione|rubriek|部分)\\s?(?:[2-9]|1[0-6])\\b[\\s\\S]{0,400}(?:section|abschnitt|rubrique|seccion|sezione|rubriek|部分)\\s?(?:[2-9]|1[0-6])\\b|\\b1\\.1\\b[\\s\\S]{0,300}\\b1\\.[23]\\b|\\b[2-9]\\.? (?:hazards? identification|composition|first[- ]aid|fire|accidental|handling|exposure|physical|identificat|gefahren|zusammensetzung|erste|brand|handhabung|dangers|premiers|peligros|primeros|pericoli|primo|gevaren|samenstelling|eerste)[\\s\\S]{0,600}\\b[3-9]\\.? (?:composition|first[- ]aid|fire|accidental|handling|exposure|physical|zusammensetzung|erste|brand|massnahmen|handhabung|premiers|mesures|composicion|primeros|medidas|composizione|primo|misure|samenstelling|eerste|brand)',
    ),
    part(
      'product identifier',
      '(?:product identifier|produktidentifikator|identificateur de produit|identificador del producto|identificatore del prodotto|productidentificatie|handelsname|trade name|nom commercial|nombre comercial|nome commerciale|产品名称|化学品名称|1\\.1 )',
    ),
    part(
      'supplier and emergency number',
      '(?:emergency|notruf|giftnotruf|urgence|emergencia|emergenza|noodnummer|nood|应急|supplier|lieferant|fournisseur|proveedor|fornitore|leverancier|供应商)',
    ),
    part(
      'hazard classification',
      '(?:\\bh\\d{3}\\b|skin irrit|eye irrit|eye dam|flam\\. ?liq|acute tox|signal word|signalwort|mention d.avertissement|palabra de advertencia|avvertenza:|signaalwoord|cat(?:egory|\\.)? ?\\d|ghs\\d{2}|危险性类别)',
    ),
    part(
      'composition',
      '(?:composition|zusammensetzung|composicion|composizione|samenstelling|组成|成分|cas(?:-| )?(?:no|nr|number)|\\bec no|\\bcas\\b)',
    ),
  ],
  risk_assessment: [
    part(
      'rated risks',
      '(?:\\b[sp] ?[=:] ?\\d|\\brpn\\b ?[=:]? ?\\d|(?:severity|likelihood|probability|schwere|wahrscheinlichkeit|gravite|probabilite|gravedad|probabilidad|gravita|probabilita|ernst|kans)\\W{0,3}(?:\\d|high|medium|low|hoch|mittel|gering|niedrig|eleve|moyen|faible|alt[oa]|medi[oa]|baj[oa]|bass[oa]|hoog|laag)|risk (?:level|rating|score)\\W{0,3}(?:\\d|high|medium|low)|risikostufe\\W{0,3}\\S|\\b(?:high|hoch|eleve|alto|hoog)\\b[\\s\\S]{0,400}\\b(?:low|niedrig|gering|faible|bajo|basso|laag)\\b)',
    ),
    part(
      'hazard list',
      '(?:potential hazards|what are the hazards|who (?:might|could|will|may) (?:be harmed|this affect|this effect)|gefahrdungen und belastungen|dangers identifies|peligros identificados|pericoli individuati)|(?:hazard|gefahrdung|gefahr\\b|danger|peligro|pericol|gevaar|危险)[\\s\\S]{0,500}(?:hazard|gefahrdung|gefahr\\b|danger|peligro|pericol|gevaar|危险)[\\s\\S]{0,500}(?:hazard|gefahrdung|gefahr\\b|danger|peligro|pericol|gevaar|危险)',
    ),
    part('measures', '(?:measure|massnahme|mesure|medida|misur|maatregel|措施|mitigation|control)'),
    part(
      'assessed product',
      PRODUCT +
        '|machine|maschine|maquina|macchina|scope of (?:work|assessment)|activity|task\\b|tatigkeit|arbeitsplatz|activite|actividad|attivita',
    ),
    part(
      'author and date',
      `(?:prepared|assessed|reviewed|approved|author|erstellt|gepruft|freigegeben|bearbeiter|verfasser|redige|etabli|elaborado|revisado|redatto|approvato|opgesteld|编制|审核)[\\s\\S]{0,120}${DATE}|${DATE}[\\s\\S]{0,120}(?:prepared|assessed|reviewed|approved|erstellt|gepruft|freigegeben|redige|elaborado|redatto|opgesteld)`,
    ),
    part('residual risk', '(?:residual|restrisik|residuel|residual|residu|restrisico|残余)'),
  ],
  cpsr: [
    part('part a', '(?:part a\\b|teil a\\b|partie a\\b|parte a\\b|deel a\\b)'),
    part('part b', '(?:part b\\b|teil b\\b|partie b\\b|parte b\\b|deel b\\b)'),
    part(
      'safety assessor',
      '(?:safety assessor|sicherheitsbewerter|evaluateur|evaluador|valutatore|veiligheidsbeoordelaar|assessor)',
    ),
    part(
      'exposure and margin of safety',
      '(?:margin of safety|\\bmos\\b|\\bsed\\b|\\bnoael|sicherheitsabstand|marge de securite|margen de seguridad|margine di sicurezza|systemic exposure|systemische exposition)',
    ),
    part(
      'formula',
      '(?:\\binci\\b|aqua|glycerin|formula|formel|formule|formulacion|formulazione|composition|zusammensetzung)',
    ),
    part('cosmetics regulation', '(?:1223/2009|cosmetic|kosmetisch|cosmetique|cosmetico|cosmetisch)'),
  ],
  manual: [
    part(
      'instructions or steps',
      '(?:\\bstep \\d|\\bschritt \\d|\\betape \\d|\\bpaso \\d|\\bpasso \\d|\\bstap \\d|第.步|\\bpress\\b|drucken sie|appuyez|pulse|premere|\\bdruk\\b|按下|install|montage|assembl|einsetzen|insert)',
    ),
    part(
      'safety warnings',
      '(?:safety (?:instructions|warnings|precautions)|important safeguards|sicherheitshinweise|warnhinweise|consignes de securite|avertissements|instrucciones de seguridad|advertencias|avvertenze|istruzioni di sicurezza|veiligheidsvoorschriften|veiligheidsinstructies|安全注意|警告|\\bwarning\\b|\\bwarnung\\b|\\bachtung\\b|\\bvorsicht\\b)',
    ),
    part(
      'read and keep',
      '(?:read (?:all |these |this |the )?(?:instructions|manual|guide)|keep (?:these|this|the) (?:instructions|manual|guide)|lesen sie|aufbewahren|lire attentivement|lisez|conserver|lea |conserve|guarde|leggere|conservare|lees |bewaar|阅读|保管)',
    ),
    part(
      'care or troubleshooting',
      '(?:cleaning|maintenance|troubleshooting|reinigung|wartung|storung|nettoyage|entretien|depannage|limpieza|mantenimiento|solucion de problemas|pulizia|manutenzione|risoluzione|reiniging|onderhoud|ontkalk|清洁|保养|故障|descal|entkalk|detartr)',
    ),
    part(
      'operation',
      '(?:getting started|first use|operating|operation|using the|how to use|inbetriebnahme|bedienung|gebrauch|mise en service|utilisation|puesta en marcha|funcionamiento|messa in funzione|utilizzo|ingebruikname|gebruik|使用方法|操作)',
    ),
    part(
      'technical data or disposal',
      '(?:technical (?:data|specifications)|technische (?:daten|gegevens)|caracteristiques techniques|datos tecnicos|dati tecnici|disposal|entsorgung|elimination|eliminacion|smaltimento|verwijdering|额定|废弃)',
    ),
  ],
};

/** Share (0..1) of the type's parts found in the text, and which. */
export function structureOf(type: DocumentType, text: string): { ratio: number; present: string[]; missing: string[] } {
  if (type === 'other') return { ratio: 1, present: [], missing: [] };
  const parts = PARTS[type];
  const present: string[] = [];
  const missing: string[] = [];
  for (const p of parts) (p.re.test(text) ? present : missing).push(p.name);
  return { ratio: present.length / parts.length, present, missing };
}

const count = (text: string, res: RegExp[]) => res.reduce((n, re) => n + (re.test(text) ? 1 : 0), 0);

const EXPLAINER = [
  // "What is in the box" lists a manual's package contents; it asks nothing.
  /\b(?:what is(?! (?:in|included in) the (?:box|package|pack))|what are|what exactly|was ist|was sind|qu'est-ce|que es|cos'e|che cos'e|wat is|wat zijn|wann brauche|when do (?:i|you) need|how to|wie sie|comment (?:lire|faire|remplir)|como se|come si)\b/,
  /\b(?:in this (?:article|post|guide|blog)|in diesem (?:beitrag|artikel|ratgeber)|dans cet article|en este articulo|in questo articolo|in dit (?:artikel|blog))\b/,
  /\b(?:min(?:ute)?s? read|minuten lesezeit|lesezeit|min de lecture|de lectura|di lettura|leestijd)\b/,
  /\b(?:posted (?:by|on)|published (?:on|by)|updated|aktualisiert am|von unserer|von dr|article publie|publie le|publicado el|pubblicato|guida aggiornata|di redazione|par la redaction|blog|ratgeber:)/,
  /\b(?:newsletter|subscribe|abonnez|suscribase|iscriviti|abonneer|share this|leggi anche|read also|lesen sie auch|learn more|want to learn|mehr erfahren|book a demo|download our|laden sie unsere|checklist|checkliste|seminar|contact us|contactez|contacte con|kontaktieren sie|schreiben sie uns|need help|besoin d'aide|necesita ayuda|hai bisogno)\b/,
  /\b(?:tip|tipp|consejo|astuce|consiglio|fazit|conclusion|common mistakes|typische fehler|a retenir)\s?:|\bfazit\b|\btypische fehler\b/,
];
const LABEL = [
  /\b(?:made in (?:china|the prc|germany|italy|taiwan|vietnam|india|the eu|eu|[a-z]+)|hergestellt in|fabrique en|fabricado en|prodotto in|gemaakt in)\b/,
  /\b(?:input|output|eingang|ausgang|entree|sortie|entrada|salida|ingresso|uscita) ?: ?\d/,
  /\b(?:batch|lot|charge|lote|lotto|partij)(?: no\.?| nr\.?| number)? ?: ?[a-z0-9]/,
  /\b(?:keep out of (?:the )?reach of children|darf nicht in die hande von kindern|ausser reichweite von kindern|tenir hors de (?:la )?portee des enfants|mantener fuera del alcance de los ninos|tenere fuori dalla portata dei bambini|buiten (?:het )?bereik van kinderen)\b/,
  /\b(?:net (?:contents|weight|wt|vol)|nettoinhalt|nettofullmenge|contenu net|poids net|contenido neto|peso neto|contenuto netto|peso netto|netto-?inhoud)\b/,
  /\b(?:epa reg|ufi ?:|active ingredients?|wirkstoff|substance active|ingrediente activo|principio attivo|werkzame stof)\b/,
  /\b(?:directions(?: for use)?|anwendung|mode d'emploi|modo de empleo|modalita d'uso|gebruiksaanwijzing) ?:/,
  /\b(?:contains|ingredients|inhaltsstoffe|enthalt|contient|ingredients|contiene|ingredienti|bevat) ?:/,
  /\b(?:storage and disposal|do not reuse (?:empty )?container|restentleerte|recycling zufuhren)\b/,
];
const FLYER = [
  /(?:^|\s)(?:new|neu|nouveau|nuevo|nuovo|nieuw)\s?[!:]|\bmeet the new\b/,
  /\b(?:order (?:now|today)|buy now|jetzt (?:bestellen|kaufen|zum)|commandez|compre ya|ordina ora|bestel nu|available (?:now|at|in)|erhaltlich (?:in|bei|im)|disponible (?:en|chez)|disponibile|verkrijgbaar)\b/,
  /\b(?:aktionspreis|special offer|offre valable|angebot gultig|offerta|aanbieding|get a free|gratis|free shipping)\b/,
  /\bwww\.[a-z0-9-]+\.[a-z]{2,}|\bcall \d|\bhotline\b/,
  /(?:[✓✔•]\s?[^\n]{3,60}\n){2,}/,
];
const LETTER = [
  /\b(?:dear (?:mr|ms|mrs|sir|madam|[a-z]+)|sehr geehrte|madame, monsieur|estimad[oa]s?|egregi|gentile|geachte)\b/,
  /\b(?:sincerely|yours faithfully|kind regards|mit freundlichen grussen|cordialement|veuillez agreer|atentamente|distinti saluti|cordiali saluti|met vriendelijke groet(?:en)?)\b/,
  /^(?:re|subject|betreff|objet|asunto|oggetto|onderwerp|our ref|ref) ?:/m,
];

export interface DiscourseMarks {
  /** Marks of an article or guide about a topic. */
  explainer: number;
  /** Marks of a product label. */
  label: number;
  /** Marks of a flyer or brochure. */
  flyer: number;
  /** Marks of a letter. */
  letter: number;
  /** Questions in the text (an explainer asks, a document states). */
  questions: number;
}

/** Marks counted on the normalised text with its line breaks kept (bullets, a "Subject:" line). */
export function discourseMarks(original: string): DiscourseMarks {
  const text = original
    .split('\n')
    .map((l) => normaliseForMatch(l))
    .join('\n');
  // Questions a document asks as its own structure (a numbered heading "1.1 What is X?", a table of
  // contents, a form's column "What are the hazards?") are not an article's: an explainer asks in prose.
  const prose = original
    .split('\n')
    .filter((l) => !STRUCTURAL_QUESTION.test(l))
    .join('\n');
  const proseText = prose
    .split('\n')
    .map((l) => normaliseForMatch(l))
    .join('\n');
  return {
    explainer: count(proseText, EXPLAINER),
    label: count(text, LABEL),
    flyer: count(text, FLYER),
    letter: count(text, LETTER),
    questions: (prose.match(/[?？¿](?=\s|$)/g) ?? []).length,
  };
}

/** A numbered heading, a table-of-contents line (dot leaders), or a short title-case column heading. */
const STRUCTURAL_QUESTION =
  /^\s*\d{1,2}(?:\.\d{1,2})*\.?\s|\.{4,}|…{2,}|^\s*(?:\p{Lu}[\p{L}']*\s+){1,6}\p{Lu}[\p{L}']*\s*\?\s*$/u;
