import { defineMessages } from '../ui';

/** The dashboard: readiness figures, status chart, next steps, first-run checklist. */
export const dashboardMessages = defineMessages({
  en: {
    'page.workspace': 'Workspace',
    'page.welcome': 'Welcome to',
    'page.description':
      'Signed in as {email}. How ready your products are for the EU General Product Safety Regulation.',

    'status.blocked': 'Blocked',
    'status.needs_review': 'Needs review',
    'status.ready_for_approval': 'Ready for approval',
    'status.approved': 'Approved',
    'status.published': 'Published',
    'totals.skus': 'SKUs',
    'totals.incl_published': '{count} incl. published',

    'connect.title': 'Connect your systems',
    'connect.text': 'Let your PIM, shop or agents read SKUs with a workspace API key.',
    'connect.create_key': 'Create an API key',
    'connect.api_reference': 'API reference',

    'next.title': 'Next steps',
    'next.all_published': 'Every SKU is published.',
    // After the count, which is shown in bold.
    'next.blocked': { one: 'SKU blocked by missing information', other: 'SKUs blocked by missing information' },
    'next.needs_review': { one: 'SKU waiting for review', other: 'SKUs waiting for review' },
    'next.ready_for_approval': { one: 'SKU ready for approval', other: 'SKUs ready for approval' },
    'next.approved': { one: 'SKU approved but not published', other: 'SKUs approved but not published' },
    'next.cta_blocked': 'Clear blockers',
    'next.cta_review': 'Review',
    'next.cta_approve': 'Approve',
    'next.cta_publish': 'Publish',
    'next.category_not_recognised': {
      one: 'SKU whose category was not recognised: only the general rules were checked',
      other: 'SKUs whose category was not recognised: only the general rules were checked',
    },
    'next.cta_category': 'Pick categories',

    'readiness.error': 'Readiness figures could not be loaded',
    'readiness.by_status': 'SKUs by status',
    'readiness.by_status_hint': 'From blocked to published. Select a status to see its SKUs.',
    'readiness.top_blockers': 'Most frequent blockers',
    'readiness.top_blockers_hint':
      'What stops the most SKUs; fixing a shared cause (an entity, a translation) often clears many at once.',
    'readiness.obligations': 'Open obligations, most serious first',
    'readiness.obligations_hint':
      'One line per obligation across SKUs, ordered by what it stops: placing on the market, the online offer, then data quality.',
    'obligation.skus': { one: '{count} SKU', other: '{count} SKUs' },
    'obligation.weight.market': 'Cannot be placed on the market',
    'obligation.weight.online': 'Cannot be listed online',
    'obligation.weight.data_quality': 'Data quality',
    'obligation.action': 'Show these SKUs',
    'readiness.no_blockers': 'No open blockers',
    'readiness.no_blockers_hint': 'Every SKU meets the requirements of its profile.',

    'chart.label': '{published} of {total} SKUs published ({share} %)',
    'chart.tooltip': { one: '{count} SKU', other: '{count} SKUs' },
    'chart.published': 'published',

    'start.title': 'Get started',
    'start.description': 'From a catalogue to published safety information.',
    'start.import.title': 'Import your product catalogue',
    'start.import.text':
      'Bring SKUs in from a CSV or Excel export of your ERP or shop. You see every change before it is written.',
    'start.import.cta': 'Start an import',
    'start.entities.title': 'Enter your manufacturers and EU responsible persons',
    'start.entities.text': 'Once each, with postal and electronic address; link them to any number of SKUs.',
    'start.entities.cta': 'Open entities',
    'start.evidence.title': 'Collect the evidence',
    'start.evidence.text':
      'Upload declarations of conformity, test reports and safety data sheets. They are classified and linked to SKUs.',
    'start.evidence.cta': 'Open documents',
    'start.blockers.title': 'Clear the blockers',
    'start.blockers.text':
      'Each SKU lists what the law still needs, such as an EU responsible person or warnings in a market language.',
    'start.blockers.cta': 'Review SKUs',
    'start.publish.title': 'Approve and publish',
    'start.publish.text':
      'Publish a safety page per product with a QR code, and hand an authority the complete dossier.',
    'start.publish.cta': 'Go to SKUs',

    'gpsr.title': 'What GPSR asks of every product',
    'gpsr.manufacturer': 'Manufacturer name, postal and electronic address',
    'gpsr.responsible_person': 'EU responsible person when the manufacturer is outside the EU',
    'gpsr.identifier': 'Type, batch or serial number, or another identifier',
    'gpsr.picture': 'A picture of the product',
    'gpsr.warnings': 'Warnings and safety information in the language of each market',
    'gpsr.risk': 'Risk assessment and technical documentation',
    'gpsr.source': 'Regulation (EU) 2023/988, Art. 9 and 19. Sector rules add to this list.',
  },
  de: {
    'page.workspace': 'Arbeitsbereich',
    'page.welcome': 'Willkommen bei',
    'page.description':
      'Angemeldet als {email}. Wie bereit Ihre Produkte für die EU-Verordnung über die allgemeine Produktsicherheit (GPSR) sind.',

    'status.blocked': 'Blockiert',
    'status.needs_review': 'Prüfung nötig',
    'status.ready_for_approval': 'Bereit zur Freigabe',
    'status.approved': 'Freigegeben',
    'status.published': 'Veröffentlicht',
    'totals.skus': 'SKUs',
    'totals.incl_published': '{count} inkl. veröffentlichter',

    'connect.title': 'Ihre Systeme anbinden',
    'connect.text':
      'Lassen Sie Ihr PIM, Ihren Shop oder Ihre Agenten SKUs mit einem API-Schlüssel des Arbeitsbereichs lesen.',
    'connect.create_key': 'API-Schlüssel erstellen',
    'connect.api_reference': 'API-Referenz',

    'next.title': 'Nächste Schritte',
    'next.all_published': 'Alle SKUs sind veröffentlicht.',
    'next.blocked': { one: 'SKU wegen fehlender Angaben blockiert', other: 'SKUs wegen fehlender Angaben blockiert' },
    'next.needs_review': { one: 'SKU wartet auf Prüfung', other: 'SKUs warten auf Prüfung' },
    'next.ready_for_approval': { one: 'SKU bereit zur Freigabe', other: 'SKUs bereit zur Freigabe' },
    'next.approved': {
      one: 'SKU freigegeben, aber nicht veröffentlicht',
      other: 'SKUs freigegeben, aber nicht veröffentlicht',
    },
    'next.cta_blocked': 'Blocker beheben',
    'next.cta_review': 'Prüfen',
    'next.cta_approve': 'Freigeben',
    'next.cta_publish': 'Veröffentlichen',
    'next.category_not_recognised': {
      one: 'SKU mit nicht erkannter Kategorie: nur die allgemeinen Regeln wurden geprüft',
      other: 'SKUs mit nicht erkannter Kategorie: nur die allgemeinen Regeln wurden geprüft',
    },
    'next.cta_category': 'Kategorien wählen',

    'readiness.error': 'Die Kennzahlen zur Marktreife konnten nicht geladen werden',
    'readiness.by_status': 'SKUs nach Status',
    'readiness.by_status_hint': 'Von blockiert bis veröffentlicht. Wählen Sie einen Status, um seine SKUs zu sehen.',
    'readiness.top_blockers': 'Häufigste Blocker',
    'readiness.top_blockers_hint':
      'Was die meisten SKUs aufhält; eine gemeinsame Ursache zu beheben (ein Wirtschaftsakteur, eine Übersetzung) löst oft viele auf einmal.',
    'readiness.obligations': 'Offene Pflichten, schwerwiegendste zuerst',
    'readiness.obligations_hint':
      'Eine Zeile je Pflicht über alle SKUs, geordnet danach, was sie verhindert: das Inverkehrbringen, das Online-Angebot, dann die Datenqualität.',
    'obligation.skus': { one: '{count} SKU', other: '{count} SKUs' },
    'obligation.weight.market': 'Darf nicht in Verkehr gebracht werden',
    'obligation.weight.online': 'Darf nicht online angeboten werden',
    'obligation.weight.data_quality': 'Datenqualität',
    'obligation.action': 'Diese SKUs anzeigen',
    'readiness.no_blockers': 'Keine offenen Blocker',
    'readiness.no_blockers_hint': 'Jede SKU erfüllt die Anforderungen ihres Profils.',

    'chart.label': '{published} von {total} SKUs veröffentlicht ({share} %)',
    'chart.tooltip': { one: '{count} SKU', other: '{count} SKUs' },
    'chart.published': 'veröffentlicht',

    'start.title': 'Erste Schritte',
    'start.description': 'Vom Katalog zu veröffentlichten Sicherheitsinformationen.',
    'start.import.title': 'Produktkatalog importieren',
    'start.import.text':
      'Übernehmen Sie SKUs aus einem CSV- oder Excel-Export Ihres ERP-Systems oder Shops. Sie sehen jede Änderung, bevor sie geschrieben wird.',
    'start.import.cta': 'Import starten',
    'start.entities.title': 'Hersteller und Verantwortliche Personen in der EU erfassen',
    'start.entities.text':
      'Jeweils einmal, mit Postanschrift und elektronischer Adresse; verknüpfen Sie sie mit beliebig vielen SKUs.',
    'start.entities.cta': 'Wirtschaftsakteure öffnen',
    'start.evidence.title': 'Nachweise sammeln',
    'start.evidence.text':
      'Laden Sie Konformitätserklärungen, Prüfberichte und Sicherheitsdatenblätter hoch. Sie werden klassifiziert und mit SKUs verknüpft.',
    'start.evidence.cta': 'Dokumente öffnen',
    'start.blockers.title': 'Blocker beheben',
    'start.blockers.text':
      'Jede SKU zeigt, was das Gesetz noch verlangt, etwa eine Verantwortliche Person in der EU oder Warnhinweise in einer Landessprache.',
    'start.blockers.cta': 'SKUs prüfen',
    'start.publish.title': 'Freigeben und veröffentlichen',
    'start.publish.text':
      'Veröffentlichen Sie je Produkt eine Sicherheitsseite mit QR-Code und übergeben Sie einer Behörde das vollständige Dossier.',
    'start.publish.cta': 'Zu den SKUs',

    'gpsr.title': 'Was die GPSR von jedem Produkt verlangt',
    'gpsr.manufacturer': 'Name, Postanschrift und elektronische Adresse des Herstellers',
    'gpsr.responsible_person': 'Verantwortliche Person in der EU, wenn der Hersteller außerhalb der EU sitzt',
    'gpsr.identifier': 'Typ-, Chargen- oder Seriennummer oder eine andere Kennung',
    'gpsr.picture': 'Ein Bild des Produkts',
    'gpsr.warnings': 'Warnhinweise und Sicherheitsinformationen in der Sprache jedes Marktes',
    'gpsr.risk': 'Risikobewertung und technische Dokumentation',
    'gpsr.source': 'Verordnung (EU) 2023/988, Art. 9 und 19. Branchenregeln ergänzen diese Liste.',
  },
});
