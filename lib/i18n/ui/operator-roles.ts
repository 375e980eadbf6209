import { defineMessages } from '../ui';

/** The economic-operator role (issue 35): workspace settings, the SKU page's role and held-by panel. */
export const operatorRoleMessages = defineMessages({
  en: {
    'role.manufacturer': 'Manufacturer (also own brand)',
    'role.importer': 'Importer',
    'role.distributor': 'Distributor',
    'role.authorised_representative': 'Authorised representative',
    'role.fulfilment_service_provider': 'Fulfilment service provider',
    'role.hint.manufacturer':
      'You make the product or have it made and sell it under your own name or trade mark (GPSR Art. 3(8)): you hold the technical documentation, the risk analysis and the declaration.',
    'role.hint.importer':
      'You place a product made outside the EU on the EU market: you verify the manufacturer’s documentation and keep the declaration of conformity.',
    'role.hint.distributor':
      'You resell products others placed on the market: you verify the CE marking, the instructions and warnings in the market’s languages and that manufacturer and importer are identified (GPSR Art. 12(1)); the manufacturer holds its documents.',
    'role.hint.authorised_representative':
      'You act for a manufacturer under a written mandate and keep its documentation at the authorities’ disposal.',
    'role.hint.fulfilment_service_provider':
      'You store, pack and ship products for others; you are the responsible operator when no other is established in the EU (Regulation (EU) 2019/1020 Art. 4).',
    'settings.title': 'Economic-operator role',
    'settings.description':
      'Decides which duties the compliance check asks of you. A SKU can have its own role where it differs (an importer for your own brand, a distributor for the rest).',
    'settings.save': 'Save role',
    'settings.saved': 'Role saved: {recomputed} SKUs re-evaluated, {reset} approvals reset.',
    'settings.ask_admin': '{reason} Ask an admin to change the role.',
    'settings.queued': 'Role saved. {count} SKUs are being re-evaluated in the background.',
    'settings.job_label': 'Re-evaluating SKUs for the new role',
    'settings.job_queued': 'Re-evaluation of the SKUs is queued…',
    'settings.job_running': 'Re-evaluating the SKUs as {role}: {done} of {total}.',
    'settings.job_done': 'Last role change ({role}): {done} SKUs re-evaluated, {reset} approvals reset.',
    'settings.job_failed': 'The re-evaluation after the last role change failed; save the role again to retry.',
    'settings.job_superseded': 'The re-evaluation of an earlier role change was stopped by a later change.',
    'settings.load_failed': 'The role could not be loaded.',
    'sku.title': 'Your role for this product',
    'sku.follows': 'As the workspace: {role}',
    'sku.save': 'Save',
    'sku.saved': 'Role saved; the blockers were re-evaluated.',
    'sku.reset': 'The approval was reset because the conclusion changed.',
    'held.title': 'Held by another operator, available on request',
    'held.description':
      'Duties your role does not hold itself. Name the linked operator that holds each and makes it available on request.',
    'held.none': 'Your role holds every duty of this product itself.',
    'held.open': 'Open',
    'held.confirmed': 'Held by {name}, available on request. Confirmed by {by} on {date}.',
    'held.operator': 'Operator',
    'held.confirm': 'Confirm held by',
    'held.withdraw': 'Withdraw',
    'held.no_candidates': 'Link the manufacturer (or importer) in the Entities tab first.',
    'held.saved': 'Confirmation saved.',
    'held.withdrawn': 'Confirmation withdrawn.',
    'held.ask_reviewer': '{reason} Ask a reviewer to confirm.',
  },
  de: {
    'role.manufacturer': 'Hersteller (auch Eigenmarke)',
    'role.importer': 'Einführer',
    'role.distributor': 'Händler',
    'role.authorised_representative': 'Bevollmächtigter',
    'role.fulfilment_service_provider': 'Fulfilment-Dienstleister',
    'role.hint.manufacturer':
      'Sie stellen das Produkt her oder lassen es herstellen und vertreiben es unter Ihrem Namen oder Ihrer Marke (GPSR Art. 3 Nr. 8): Sie führen die technischen Unterlagen, die Risikoanalyse und die Konformitätserklärung.',
    'role.hint.importer':
      'Sie bringen ein außerhalb der EU hergestelltes Produkt in der EU in Verkehr: Sie prüfen die Unterlagen des Herstellers und bewahren die Konformitätserklärung auf.',
    'role.hint.distributor':
      'Sie verkaufen Produkte weiter, die andere in Verkehr gebracht haben: Sie prüfen CE-Kennzeichnung, Anleitung und Warnhinweise in den Sprachen des Markts und ob Hersteller und Einführer angegeben sind (GPSR Art. 12 Abs. 1); die Unterlagen führt der Hersteller.',
    'role.hint.authorised_representative':
      'Sie handeln mit schriftlichem Auftrag für einen Hersteller und halten seine Unterlagen für die Behörden bereit.',
    'role.hint.fulfilment_service_provider':
      'Sie lagern, verpacken und versenden Produkte für andere; Sie sind verantwortlicher Wirtschaftsakteur, wenn kein anderer in der EU niedergelassen ist (Verordnung (EU) 2019/1020 Art. 4).',
    'settings.title': 'Rolle als Wirtschaftsakteur',
    'settings.description':
      'Bestimmt, welche Pflichten die Prüfung von Ihnen verlangt. Eine SKU kann eine eigene Rolle haben, wo sie abweicht (Einführer für die Eigenmarke, Händler für den Rest).',
    'settings.save': 'Rolle speichern',
    'settings.saved': 'Rolle gespeichert: {recomputed} SKUs neu geprüft, {reset} Freigaben zurückgesetzt.',
    'settings.ask_admin': '{reason} Bitten Sie einen Admin, die Rolle zu ändern.',
    'settings.queued': 'Rolle gespeichert. {count} SKUs werden im Hintergrund neu geprüft.',
    'settings.job_label': 'SKUs werden für die neue Rolle neu geprüft',
    'settings.job_queued': 'Die Neuprüfung der SKUs ist eingeplant…',
    'settings.job_running': 'SKUs werden als {role} neu geprüft: {done} von {total}.',
    'settings.job_done': 'Letzte Rollenänderung ({role}): {done} SKUs neu geprüft, {reset} Freigaben zurückgesetzt.',
    'settings.job_failed':
      'Die Neuprüfung nach der letzten Rollenänderung ist fehlgeschlagen; speichern Sie die Rolle erneut.',
    'settings.job_superseded':
      'Die Neuprüfung einer früheren Rollenänderung wurde durch eine spätere Änderung beendet.',
    'settings.load_failed': 'Die Rolle konnte nicht geladen werden.',
    'sku.title': 'Ihre Rolle für dieses Produkt',
    'sku.follows': 'Wie der Arbeitsbereich: {role}',
    'sku.save': 'Speichern',
    'sku.saved': 'Rolle gespeichert; die Blocker wurden neu geprüft.',
    'sku.reset': 'Die Freigabe wurde zurückgesetzt, weil sich das Ergebnis geändert hat.',
    'held.title': 'Bei einem anderen Wirtschaftsakteur, auf Anfrage verfügbar',
    'held.description':
      'Pflichten, die Ihre Rolle nicht selbst trägt. Nennen Sie den verknüpften Akteur, der die Unterlagen führt und auf Anfrage bereitstellt.',
    'held.none': 'Ihre Rolle trägt alle Pflichten dieses Produkts selbst.',
    'held.open': 'Offen',
    'held.confirmed': 'Bei {name}, auf Anfrage verfügbar. Bestätigt von {by} am {date}.',
    'held.operator': 'Akteur',
    'held.confirm': 'Bestätigen',
    'held.withdraw': 'Zurückziehen',
    'held.no_candidates': 'Verknüpfen Sie zuerst den Hersteller (oder Einführer) im Tab „Akteure“.',
    'held.saved': 'Bestätigung gespeichert.',
    'held.withdrawn': 'Bestätigung zurückgezogen.',
    'held.ask_reviewer': '{reason} Bitten Sie einen Prüfer um die Bestätigung.',
  },
});
