import type { Locale } from '@/lib/i18n';

/**
 * Why an asked item is needed, in plain words for the supplier (a legal reference such as
 * "Directive 2009/48/EC Art. 15" alone tells most people nothing). One short sentence per document
 * type, and one for product information; the mail keeps the legal reference after it.
 */

type Reason =
  | 'declaration_of_conformity'
  | 'test_report'
  | 'certificate'
  | 'cpsr'
  | 'manual'
  | 'risk_assessment'
  | 'safety_data_sheet'
  | 'other'
  | 'field';

const WHY: Record<Locale, Record<Reason, string>> = {
  en: {
    declaration_of_conformity:
      'the manufacturer’s signed statement that the product meets the EU rules for it; we must be able to show it to the authorities',
    test_report: 'shows that the product was tested against the safety standards that back up its declaration',
    certificate: 'confirms that an independent body checked the product where the law asks for it',
    cpsr: 'the safety assessment a cosmetic product must have before it may be sold in the EU',
    manual: 'buyers must receive instructions for safe use and the warnings in their language with the product',
    risk_assessment: 'shows which hazards of the product were assessed and how they are controlled',
    safety_data_sheet: 'tells users which hazardous substances the product contains and how to handle them safely',
    other: 'we need it to show that the product meets the EU rules that apply to it',
    field: 'we must hold this information about the product to sell it in the EU, and show parts of it to buyers',
  },
  de: {
    declaration_of_conformity:
      'die unterschriebene Erklärung des Herstellers, dass das Produkt die für es geltenden EU-Vorschriften erfüllt; wir müssen sie den Behörden vorlegen können',
    test_report: 'belegt, dass das Produkt nach den Sicherheitsnormen geprüft wurde, auf die sich die Erklärung stützt',
    certificate: 'bestätigt, dass eine unabhängige Stelle das Produkt geprüft hat, wo das Gesetz das verlangt',
    cpsr: 'die Sicherheitsbewertung, die ein kosmetisches Mittel vor dem Verkauf in der EU haben muss',
    manual:
      'Käufer müssen die Anleitung zur sicheren Verwendung und die Warnhinweise in ihrer Sprache mit dem Produkt erhalten',
    risk_assessment: 'zeigt, welche Gefahren des Produkts bewertet wurden und wie sie beherrscht werden',
    safety_data_sheet:
      'informiert darüber, welche gefährlichen Stoffe das Produkt enthält und wie man sicher damit umgeht',
    other: 'wir brauchen es als Nachweis, dass das Produkt die für es geltenden EU-Vorschriften erfüllt',
    field:
      'wir müssen diese Angaben zum Produkt haben, um es in der EU verkaufen zu dürfen, und einen Teil davon den Käufern zeigen',
  },
  fr: {
    declaration_of_conformity:
      'la déclaration signée du fabricant attestant que le produit respecte les règles de l’UE qui s’y appliquent ; nous devons pouvoir la présenter aux autorités',
    test_report: 'montre que le produit a été testé selon les normes de sécurité sur lesquelles repose la déclaration',
    certificate: 'confirme qu’un organisme indépendant a contrôlé le produit lorsque la loi l’exige',
    cpsr: 'l’évaluation de la sécurité qu’un produit cosmétique doit avoir avant d’être vendu dans l’UE',
    manual:
      'les acheteurs doivent recevoir avec le produit les instructions d’utilisation sûre et les avertissements dans leur langue',
    risk_assessment: 'montre quels dangers du produit ont été évalués et comment ils sont maîtrisés',
    safety_data_sheet:
      'indique quelles substances dangereuses le produit contient et comment les manipuler en sécurité',
    other: 'nous en avons besoin pour montrer que le produit respecte les règles de l’UE qui s’y appliquent',
    field:
      'nous devons disposer de ces informations sur le produit pour le vendre dans l’UE, et en montrer une partie aux acheteurs',
  },
  es: {
    declaration_of_conformity:
      'la declaración firmada del fabricante de que el producto cumple las normas de la UE que le son aplicables; debemos poder presentarla a las autoridades',
    test_report: 'demuestra que el producto se ensayó según las normas de seguridad en las que se basa la declaración',
    certificate: 'confirma que un organismo independiente revisó el producto cuando la ley lo exige',
    cpsr: 'la evaluación de seguridad que un producto cosmético debe tener antes de venderse en la UE',
    manual:
      'los compradores deben recibir con el producto las instrucciones de uso seguro y las advertencias en su idioma',
    risk_assessment: 'muestra qué peligros del producto se evaluaron y cómo se controlan',
    safety_data_sheet: 'indica qué sustancias peligrosas contiene el producto y cómo manipularlas con seguridad',
    other: 'lo necesitamos para demostrar que el producto cumple las normas de la UE que le son aplicables',
    field:
      'necesitamos esta información del producto para poder venderlo en la UE, y mostrar parte de ella a los compradores',
  },
  it: {
    declaration_of_conformity:
      'la dichiarazione firmata del fabbricante che il prodotto rispetta le norme UE applicabili; dobbiamo poterla mostrare alle autorità',
    test_report:
      'dimostra che il prodotto è stato provato secondo le norme di sicurezza su cui si basa la dichiarazione',
    certificate: 'conferma che un organismo indipendente ha verificato il prodotto dove la legge lo richiede',
    cpsr: 'la valutazione della sicurezza che un prodotto cosmetico deve avere prima di essere venduto nell’UE',
    manual:
      'gli acquirenti devono ricevere con il prodotto le istruzioni per l’uso sicuro e le avvertenze nella loro lingua',
    risk_assessment: 'mostra quali pericoli del prodotto sono stati valutati e come sono controllati',
    safety_data_sheet: 'indica quali sostanze pericolose contiene il prodotto e come maneggiarle in sicurezza',
    other: 'ci serve per dimostrare che il prodotto rispetta le norme UE applicabili',
    field:
      'dobbiamo disporre di queste informazioni sul prodotto per venderlo nell’UE, e mostrarne una parte agli acquirenti',
  },
};

/** The plain reason for an item: its first document type's, or the one for product information. */
export function whyNeeded(item: { kind: 'document' | 'field'; document_types?: string[] }, locale: Locale): string {
  const words = WHY[locale] ?? WHY.en;
  if (item.kind === 'field') return words.field;
  const type = (item.document_types ?? []).find((d): d is Reason => d in words && d !== 'field');
  return words[type ?? 'other'];
}

/** "<label> – <why> (<legal reference>)": the line an item gets in the request mail and the reminder. */
export function itemLine(
  item: { label: string; kind: 'document' | 'field'; document_types?: string[]; legal_basis?: string | null },
  locale: Locale,
): string {
  const ref = item.legal_basis ? ` (${item.legal_basis})` : '';
  return `${item.label} – ${whyNeeded(item, locale)}${ref}`;
}
