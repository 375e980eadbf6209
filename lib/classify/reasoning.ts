import type { DiagnosticCode, DocumentType, Locale } from './schemas';
import type { ExtractionIssueCode } from '@/lib/extract/types';

/**
 * The human-readable parts of a classification (reasoning and diagnostic messages) in the five UI
 * locales. Quoted evidence is shown as found in the file, in its own language.
 */

export const TYPE_LABELS: Record<Locale, Record<DocumentType, string>> = {
  en: {
    declaration_of_conformity: 'declaration of conformity',
    test_report: 'test report',
    risk_assessment: 'risk assessment',
    cpsr: 'cosmetic product safety report (CPSR)',
    safety_data_sheet: 'safety data sheet',
    manual: 'manual / instructions',
    certificate: 'certificate',
    other: 'other document',
  },
  de: {
    declaration_of_conformity: 'Konformitätserklärung',
    test_report: 'Prüfbericht',
    risk_assessment: 'Risikobeurteilung',
    cpsr: 'Sicherheitsbericht für kosmetische Mittel (CPSR)',
    safety_data_sheet: 'Sicherheitsdatenblatt',
    manual: 'Anleitung / Gebrauchsanweisung',
    certificate: 'Zertifikat',
    other: 'sonstiges Dokument',
  },
  fr: {
    declaration_of_conformity: 'déclaration de conformité',
    test_report: "rapport d'essai",
    risk_assessment: 'évaluation des risques',
    cpsr: 'rapport sur la sécurité du produit cosmétique (CPSR)',
    safety_data_sheet: 'fiche de données de sécurité',
    manual: "notice / mode d'emploi",
    certificate: 'certificat',
    other: 'autre document',
  },
  es: {
    declaration_of_conformity: 'declaración de conformidad',
    test_report: 'informe de ensayo',
    risk_assessment: 'evaluación de riesgos',
    cpsr: 'informe sobre la seguridad del producto cosmético (CPSR)',
    safety_data_sheet: 'ficha de datos de seguridad',
    manual: 'manual / instrucciones',
    certificate: 'certificado',
    other: 'otro documento',
  },
  it: {
    declaration_of_conformity: 'dichiarazione di conformità',
    test_report: 'rapporto di prova',
    risk_assessment: 'valutazione dei rischi',
    cpsr: 'relazione sulla sicurezza del prodotto cosmetico (CPSR)',
    safety_data_sheet: 'scheda di dati di sicurezza',
    manual: "manuale / istruzioni per l'uso",
    certificate: 'certificato',
    other: 'altro documento',
  },
};

export type Evidence =
  | { kind: 'title_top'; quote: string }
  | { kind: 'title'; quote: string }
  | { kind: 'phrase'; quote: string }
  | { kind: 'filename'; quote: string };

const pct = (x: number) => `${Math.round(x * 100)} %`;

const T = {
  en: {
    classified: (label: string, c: number) => `Classified as ${label} (confidence ${pct(c).replace(' ', '')}).`,
    evidence: 'Evidence',
    title_top: (q: string) => `the title "${q}" at the top of the text`,
    title: (q: string) => `"${q}" in the text`,
    phrase: (q: string) => `the wording "${q}"`,
    filename: (q: string) => `the file name ("${q}")`,
    more: (n: number) => `${n} more signal${n === 1 ? '' : 's'}`,
    alsoLike: (label: string) => `It also resembles a ${label}.`,
    productTable: (cols: string) => `Table whose header has product columns (${cols}): treated as a product data file.`,
    noSignal: 'No document-type wording was found in the file name or the text; the type is left as "other".',
    filenameOnly: 'Only the file name could be used.',
    filenameNothing: 'Only the file name could be used and it does not indicate a document type.',
  },
  de: {
    classified: (label: string, c: number) => `Eingestuft als ${label} (Konfidenz ${pct(c)}).`,
    evidence: 'Hinweise',
    title_top: (q: string) => `der Titel „${q}“ am Anfang des Texts`,
    title: (q: string) => `„${q}“ im Text`,
    phrase: (q: string) => `die Formulierung „${q}“`,
    filename: (q: string) => `der Dateiname („${q}“)`,
    more: (n: number) => `${n} weitere${n === 1 ? 's' : ''} Signal${n === 1 ? '' : 'e'}`,
    alsoLike: (label: string) => `Es ähnelt auch: ${label}.`,
    productTable: (cols: string) =>
      `Tabelle mit Produktspalten in der Kopfzeile (${cols}): als Produktdatendatei behandelt.`,
    noSignal: 'Weder im Dateinamen noch im Text wurde ein Hinweis auf einen Dokumenttyp gefunden; Typ „sonstiges“.',
    filenameOnly: 'Nur der Dateiname konnte verwendet werden.',
    filenameNothing: 'Nur der Dateiname konnte verwendet werden, und er lässt keinen Dokumenttyp erkennen.',
  },
  fr: {
    classified: (label: string, c: number) => `Classé comme ${label} (confiance ${pct(c)}).`,
    evidence: 'Indices',
    title_top: (q: string) => `le titre « ${q} » en tête du texte`,
    title: (q: string) => `« ${q} » dans le texte`,
    phrase: (q: string) => `la formulation « ${q} »`,
    filename: (q: string) => `le nom du fichier (« ${q} »)`,
    more: (n: number) => `${n} autre${n === 1 ? '' : 's'} indice${n === 1 ? '' : 's'}`,
    alsoLike: (label: string) => `Il ressemble aussi à : ${label}.`,
    productTable: (cols: string) =>
      `Tableau dont l'en-tête contient des colonnes produit (${cols}) : traité comme fichier de données produit.`,
    noSignal: 'Aucun indice de type de document dans le nom du fichier ni dans le texte ; type laissé à « autre ».',
    filenameOnly: 'Seul le nom du fichier a pu être utilisé.',
    filenameNothing: "Seul le nom du fichier a pu être utilisé et il n'indique aucun type de document.",
  },
  es: {
    classified: (label: string, c: number) => `Clasificado como ${label} (confianza ${pct(c)}).`,
    evidence: 'Indicios',
    title_top: (q: string) => `el título «${q}» al inicio del texto`,
    title: (q: string) => `«${q}» en el texto`,
    phrase: (q: string) => `la redacción «${q}»`,
    filename: (q: string) => `el nombre del archivo («${q}»)`,
    more: (n: number) => `${n} indicio${n === 1 ? '' : 's'} más`,
    alsoLike: (label: string) => `También se parece a: ${label}.`,
    productTable: (cols: string) =>
      `Tabla cuya cabecera tiene columnas de producto (${cols}): se trata como archivo de datos de producto.`,
    noSignal:
      'No se encontró ningún indicio de tipo de documento en el nombre del archivo ni en el texto; el tipo queda como «otro».',
    filenameOnly: 'Solo se pudo utilizar el nombre del archivo.',
    filenameNothing: 'Solo se pudo utilizar el nombre del archivo y no indica ningún tipo de documento.',
  },
  it: {
    classified: (label: string, c: number) => `Classificato come ${label} (confidenza ${pct(c)}).`,
    evidence: 'Indizi',
    title_top: (q: string) => `il titolo «${q}» all'inizio del testo`,
    title: (q: string) => `«${q}» nel testo`,
    phrase: (q: string) => `la formulazione «${q}»`,
    filename: (q: string) => `il nome del file («${q}»)`,
    more: (n: number) => `altri ${n} indizi`,
    alsoLike: (label: string) => `Somiglia anche a: ${label}.`,
    productTable: (cols: string) =>
      `Tabella con colonne di prodotto nell'intestazione (${cols}): trattata come file di dati di prodotto.`,
    noSignal: 'Nessun indizio di tipo di documento nel nome del file né nel testo; il tipo resta «altro».',
    filenameOnly: 'È stato possibile usare solo il nome del file.',
    filenameNothing: 'È stato possibile usare solo il nome del file, che non indica alcun tipo di documento.',
  },
} satisfies Record<Locale, unknown>;

export function typeReasoning(
  locale: Locale,
  type: DocumentType,
  confidence: number,
  evidence: Evidence[],
  runnerUp?: DocumentType,
): string {
  const t = T[locale];
  const shown = evidence.slice(0, 3).map((e) => t[e.kind](e.quote));
  const rest = evidence.length - shown.length;
  if (rest > 0) shown.push(t.more(rest));
  const parts = [t.classified(TYPE_LABELS[locale][type], confidence)];
  if (shown.length) parts.push(`${t.evidence}: ${shown.join('; ')}.`);
  if (runnerUp) parts.push(t.alsoLike(TYPE_LABELS[locale][runnerUp]));
  return parts.join(' ');
}

export const productTableReasoning = (locale: Locale, columns: string[]) =>
  T[locale].productTable(
    columns
      .slice(0, 6)
      .map((c) => c.slice(0, 30))
      .join(', '),
  );
export const noSignalReasoning = (locale: Locale) => T[locale].noSignal;
export const filenameOnlyNote = (locale: Locale, anything: boolean) =>
  anything ? T[locale].filenameOnly : T[locale].filenameNothing;

type IssueKey = ExtractionIssueCode | 'not_attempted';

const ISSUE_TEXT: Record<Locale, Record<IssueKey, string>> = {
  en: {
    empty_file: 'The file is empty.',
    too_large: 'The file is too large to be read.',
    encrypted: 'The file is password-protected or encrypted, so its text could not be read.',
    unsupported_format: 'This file type cannot be read.',
    parse_failed: 'The file is damaged or not what its name says; its text could not be read.',
    scanned_or_empty_text: 'The file holds no readable text (a scan or image without recognisable text).',
    opaque_p7m_envelope: 'The file is an encrypted S/MIME envelope that only its recipient can open.',
    timeout: 'Reading the file took too long and was stopped.',
    not_attempted: 'No text of the file was provided.',
  },
  de: {
    empty_file: 'Die Datei ist leer.',
    too_large: 'Die Datei ist zu groß zum Lesen.',
    encrypted: 'Die Datei ist passwortgeschützt oder verschlüsselt; ihr Text konnte nicht gelesen werden.',
    unsupported_format: 'Dieser Dateityp kann nicht gelesen werden.',
    parse_failed: 'Die Datei ist beschädigt oder nicht das, was ihr Name sagt; ihr Text konnte nicht gelesen werden.',
    scanned_or_empty_text: 'Die Datei enthält keinen lesbaren Text (Scan oder Bild ohne erkennbaren Text).',
    opaque_p7m_envelope: 'Die Datei ist ein verschlüsselter S/MIME-Umschlag, den nur der Empfänger öffnen kann.',
    timeout: 'Das Lesen der Datei dauerte zu lange und wurde abgebrochen.',
    not_attempted: 'Es wurde kein Text der Datei übermittelt.',
  },
  fr: {
    empty_file: 'Le fichier est vide.',
    too_large: 'Le fichier est trop volumineux pour être lu.',
    encrypted: 'Le fichier est protégé par mot de passe ou chiffré ; son texte n’a pas pu être lu.',
    unsupported_format: 'Ce type de fichier ne peut pas être lu.',
    parse_failed: 'Le fichier est endommagé ou ne correspond pas à son nom ; son texte n’a pas pu être lu.',
    scanned_or_empty_text: 'Le fichier ne contient pas de texte lisible (scan ou image sans texte reconnaissable).',
    opaque_p7m_envelope: 'Le fichier est une enveloppe S/MIME chiffrée que seul son destinataire peut ouvrir.',
    timeout: 'La lecture du fichier a pris trop de temps et a été interrompue.',
    not_attempted: 'Aucun texte du fichier n’a été fourni.',
  },
  es: {
    empty_file: 'El archivo está vacío.',
    too_large: 'El archivo es demasiado grande para leerlo.',
    encrypted: 'El archivo está protegido con contraseña o cifrado; no se pudo leer su texto.',
    unsupported_format: 'Este tipo de archivo no se puede leer.',
    parse_failed: 'El archivo está dañado o no es lo que indica su nombre; no se pudo leer su texto.',
    scanned_or_empty_text: 'El archivo no contiene texto legible (escaneo o imagen sin texto reconocible).',
    opaque_p7m_envelope: 'El archivo es un sobre S/MIME cifrado que solo su destinatario puede abrir.',
    timeout: 'La lectura del archivo tardó demasiado y se detuvo.',
    not_attempted: 'No se proporcionó texto del archivo.',
  },
  it: {
    empty_file: 'Il file è vuoto.',
    too_large: 'Il file è troppo grande per essere letto.',
    encrypted: 'Il file è protetto da password o cifrato; non è stato possibile leggerne il testo.',
    unsupported_format: 'Questo tipo di file non può essere letto.',
    parse_failed: 'Il file è danneggiato o non corrisponde al suo nome; non è stato possibile leggerne il testo.',
    scanned_or_empty_text: 'Il file non contiene testo leggibile (scansione o immagine senza testo riconoscibile).',
    opaque_p7m_envelope: 'Il file è una busta S/MIME cifrata che solo il destinatario può aprire.',
    timeout: 'La lettura del file ha richiesto troppo tempo ed è stata interrotta.',
    not_attempted: 'Non è stato fornito alcun testo del file.',
  },
};

export const issueText = (locale: Locale, code: IssueKey) => ISSUE_TEXT[locale][code];

const DIAGNOSTIC_TEXT: Record<Locale, Record<DiagnosticCode, string>> = {
  en: {
    ai_unavailable_fallback:
      'The AI classifier was unavailable; the rule-based result is shown. Please confirm or choose the type.',
    text_extraction_failed_filename_only: 'Classified from the file name only. Please check the type.',
    scanned_or_empty_text: 'Upload a version with a text layer (or a clearer scan) for a reliable classification.',
    unsupported_file_type: 'Convert the file to PDF (or another supported format) and upload it again.',
    low_confidence_other: 'The document type could not be determined with confidence. Please choose the type.',
  },
  de: {
    ai_unavailable_fallback:
      'Die KI-Klassifizierung war nicht verfügbar; das regelbasierte Ergebnis wird angezeigt. Bitte Typ bestätigen oder wählen.',
    text_extraction_failed_filename_only: 'Nur anhand des Dateinamens eingestuft. Bitte Typ prüfen.',
    scanned_or_empty_text:
      'Für eine zuverlässige Einstufung eine Fassung mit Textebene (oder einen besseren Scan) hochladen.',
    unsupported_file_type: 'Die Datei in PDF (oder ein anderes unterstütztes Format) umwandeln und erneut hochladen.',
    low_confidence_other: 'Der Dokumenttyp ließ sich nicht sicher bestimmen. Bitte Typ wählen.',
  },
  fr: {
    ai_unavailable_fallback:
      'Le classement par IA était indisponible ; le résultat par règles est affiché. Veuillez confirmer ou choisir le type.',
    text_extraction_failed_filename_only: 'Classé à partir du seul nom de fichier. Veuillez vérifier le type.',
    scanned_or_empty_text: 'Téléversez une version avec couche texte (ou un scan plus net) pour un classement fiable.',
    unsupported_file_type:
      'Convertissez le fichier en PDF (ou un autre format pris en charge) et téléversez-le à nouveau.',
    low_confidence_other: 'Le type de document n’a pas pu être déterminé avec certitude. Veuillez choisir le type.',
  },
  es: {
    ai_unavailable_fallback:
      'La clasificación por IA no estaba disponible; se muestra el resultado por reglas. Confirme o elija el tipo.',
    text_extraction_failed_filename_only: 'Clasificado solo por el nombre del archivo. Compruebe el tipo.',
    scanned_or_empty_text:
      'Suba una versión con capa de texto (o un escaneo más nítido) para una clasificación fiable.',
    unsupported_file_type: 'Convierta el archivo a PDF (u otro formato admitido) y súbalo de nuevo.',
    low_confidence_other: 'No se pudo determinar el tipo de documento con seguridad. Elija el tipo.',
  },
  it: {
    ai_unavailable_fallback:
      'La classificazione con IA non era disponibile; è mostrato il risultato basato su regole. Confermare o scegliere il tipo.',
    text_extraction_failed_filename_only: 'Classificato solo in base al nome del file. Verificare il tipo.',
    scanned_or_empty_text:
      'Caricare una versione con livello di testo (o una scansione più nitida) per una classificazione affidabile.',
    unsupported_file_type: 'Convertire il file in PDF (o un altro formato supportato) e caricarlo di nuovo.',
    low_confidence_other: 'Non è stato possibile determinare con sicurezza il tipo di documento. Scegliere il tipo.',
  },
};

export const diagnosticText = (locale: Locale, code: DiagnosticCode) => DIAGNOSTIC_TEXT[locale][code];

const ABOUT_NOT_IS: Record<Locale, (label: string, kind: string, missing: string) => string> = {
  en: (label, kind, missing) =>
    `Mentions ${label} but reads as ${kind} and lacks the parts of one (${missing}); classified as other.`,
  de: (label, kind, missing) =>
    `Erwähnt ${label}, liest sich aber als ${kind} und hat nicht dessen Bestandteile (${missing}); als „Sonstiges“ eingeordnet.`,
  fr: (label, kind, missing) =>
    `Mentionne ${label} mais se lit comme ${kind} et n'en a pas les éléments (${missing}) ; classé comme « autre ».`,
  es: (label, kind, missing) =>
    `Menciona ${label} pero se lee como ${kind} y le faltan sus partes (${missing}); clasificado como «otro».`,
  it: (label, kind, missing) =>
    `Menziona ${label} ma si legge come ${kind} e ne mancano le parti (${missing}); classificato come «altro».`,
};
const KIND_TEXT: Record<Locale, Record<'explainer' | 'label' | 'flyer', string>> = {
  en: { explainer: 'an article or guide', label: 'a product label', flyer: 'a flyer or brochure' },
  de: { explainer: 'Artikel oder Ratgeber', label: 'Produktetikett', flyer: 'Prospekt oder Flyer' },
  fr: {
    explainer: 'un article ou un guide',
    label: 'une étiquette de produit',
    flyer: 'un prospectus ou une brochure',
  },
  es: { explainer: 'un artículo o una guía', label: 'una etiqueta de producto', flyer: 'un folleto' },
  it: { explainer: 'un articolo o una guida', label: "un'etichetta di prodotto", flyer: 'un volantino o una brochure' },
};

/** A text that talks about a document type without being one (an explainer, a label, a flyer). */
export const aboutNotIsReasoning = (
  locale: Locale,
  type: DocumentType,
  kind: 'explainer' | 'label' | 'flyer',
  missing: string[],
) => ABOUT_NOT_IS[locale](TYPE_LABELS[locale][type], KIND_TEXT[locale][kind], missing.slice(0, 3).join(', '));

const TEMPLATE: Record<Locale, (label: string, examples: string) => string> = {
  en: (label, examples) =>
    `Has the form of ${label}, but its names, places or dates are placeholders (${examples}): an unfilled template, classified as other.`,
  de: (label, examples) =>
    `Hat die Form von ${label}, aber Namen, Orte oder Daten sind Platzhalter (${examples}): eine nicht ausgefüllte Vorlage, als „Sonstiges“ eingeordnet.`,
  fr: (label, examples) =>
    `A la forme de ${label}, mais ses noms, lieux ou dates sont des champs à remplir (${examples}) : un modèle vierge, classé comme « autre ».`,
  es: (label, examples) =>
    `Tiene la forma de ${label}, pero sus nombres, lugares o fechas son marcadores (${examples}): una plantilla sin rellenar, clasificada como «otro».`,
  it: (label, examples) =>
    `Ha la forma di ${label}, ma nomi, luoghi o date sono segnaposto (${examples}): un modello non compilato, classificato come «altro».`,
};

/** A template of a type whose slots are not filled in (lib/extract/template.ts). */
export const templateReasoning = (locale: Locale, type: DocumentType, placeholders: string[]) =>
  TEMPLATE[locale](TYPE_LABELS[locale][type], placeholders.slice(0, 3).join(', '));

const MODEL_SAYS: Record<Locale, (label: string, p: string) => string> = {
  en: (label, p) => `The wording as a whole reads as ${label} (learned model, ${p}).`,
  de: (label, p) => `Der Wortlaut insgesamt liest sich als ${label} (gelerntes Modell, ${p}).`,
  fr: (label, p) => `L'ensemble du texte se lit comme ${label} (modèle appris, ${p}).`,
  es: (label, p) => `El texto en su conjunto se lee como ${label} (modelo aprendido, ${p}).`,
  it: (label, p) => `Il testo nel suo insieme si legge come ${label} (modello appreso, ${p}).`,
};

/** What the learned model (lib/classify/model.ts) read, as a sentence added to the reasoning. */
export const modelReasoning = (locale: Locale, type: DocumentType, p: number) =>
  MODEL_SAYS[locale](TYPE_LABELS[locale][type], pct(p));
