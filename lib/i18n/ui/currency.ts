import { defineMessages } from '../ui';

/** Evidence currency: the document card, the watch page and its findings list. */
export const currencyMessages = defineMessages({
  en: {
    'card.title': 'Stops proving compliance',
    'card.loading': 'Checking the lists…',
    'card.load_error': 'The evidence currency could not be read.',
    'card.stopped_on': 'Stopped proving compliance on {date}',
    'card.stops_on': 'Stops proving compliance on {date}',
    'card.no_end': 'No end date known',
    'card.no_end_why':
      'The document has no validity date and none of the standards it cites has a date of cessation in the lists.',
    'card.why': 'Why',
    'card.other_ends': 'Other ends',
    'card.findings': 'Findings',
    'card.not_checked': 'Not checked',
    'card.not_checked.document_type_standards':
      'The standards of a {type} are not checked: its list mixes the standards tested with those its methods cite.',
    'card.not_checked.partial_standards_snapshot':
      'The harmonised-standards snapshot {version} is a partial extract: a cited standard it does not list was not checked.',
    'card.data': 'Checked against the harmonised-standards list {standards} and the notified-body list {bodies}.',
    'card.last_check': 'Last daily check: {date}',
    'card.never_checked': 'Not yet in a daily check.',
    'card.watch_link': 'All currency findings',
    'severity.blocker': 'Blocker',
    'severity.warning': 'Warning',
    'severity.notice': 'Notice',
    'watch.title': 'Evidence currency',
    'watch.description':
      'What the daily check found when it compared your documents with the Official Journal lists of harmonised standards and the NANDO list of notified bodies.',
    'watch.tab_open': 'Open',
    'watch.tab_resolved': 'Resolved',
    'watch.recheck': 'Re-check now',
    'watch.recheck_queued': 'The re-check is queued; new findings appear here when it has run.',
    'watch.empty_open': 'No open findings. Every checked document still proves what it cites.',
    'watch.empty_resolved': 'No resolved findings yet.',
    'watch.col_document': 'Document',
    'watch.col_finding': 'Finding',
    'watch.col_severity': 'Severity',
    'watch.col_raised': 'Found',
    'watch.load_more': 'Load more',
    'watch.data_partial':
      'Partial list: a number or standard it does not hold is reported as not verified, never as unknown.',
    'documents.watch_link': 'Evidence currency',
  },
  de: {
    'card.title': 'Nachweis gilt bis',
    'card.loading': 'Listen werden geprüft…',
    'card.load_error': 'Die Aktualität des Nachweises konnte nicht gelesen werden.',
    'card.stopped_on': 'Seit {date} kein Konformitätsnachweis mehr',
    'card.stops_on': 'Kein Konformitätsnachweis mehr ab {date}',
    'card.no_end': 'Kein Enddatum bekannt',
    'card.no_end_why':
      'Das Dokument hat kein Gültigkeitsdatum, und keine der zitierten Normen hat in den Listen ein Datum, ab dem sie keine Vermutungswirkung mehr begründet.',
    'card.why': 'Grund',
    'card.other_ends': 'Weitere Enddaten',
    'card.findings': 'Befunde',
    'card.not_checked': 'Nicht geprüft',
    'card.not_checked.document_type_standards':
      'Die Normen eines Dokuments der Art „{type}“ werden nicht geprüft: Seine Liste mischt die geprüften Normen mit denen, die seine Verfahren zitieren.',
    'card.not_checked.partial_standards_snapshot':
      'Der Stand {version} der Listen harmonisierter Normen ist ein Auszug: Eine zitierte Norm, die er nicht enthält, wurde nicht geprüft.',
    'card.data': 'Geprüft gegen die Liste harmonisierter Normen {standards} und die Liste benannter Stellen {bodies}.',
    'card.last_check': 'Letzte tägliche Prüfung: {date}',
    'card.never_checked': 'Noch in keiner täglichen Prüfung.',
    'card.watch_link': 'Alle Befunde zur Aktualität',
    'severity.blocker': 'Sperre',
    'severity.warning': 'Warnung',
    'severity.notice': 'Hinweis',
    'watch.title': 'Aktualität der Nachweise',
    'watch.description':
      'Was die tägliche Prüfung fand, als sie Ihre Dokumente mit den Listen harmonisierter Normen im Amtsblatt und der NANDO-Liste benannter Stellen verglich.',
    'watch.tab_open': 'Offen',
    'watch.tab_resolved': 'Erledigt',
    'watch.recheck': 'Jetzt prüfen',
    'watch.recheck_queued': 'Die Prüfung ist eingereiht; neue Befunde erscheinen hier, sobald sie gelaufen ist.',
    'watch.empty_open': 'Keine offenen Befunde. Jedes geprüfte Dokument belegt weiterhin, worauf es sich beruft.',
    'watch.empty_resolved': 'Noch keine erledigten Befunde.',
    'watch.col_document': 'Dokument',
    'watch.col_finding': 'Befund',
    'watch.col_severity': 'Schwere',
    'watch.col_raised': 'Gefunden',
    'watch.load_more': 'Mehr laden',
    'watch.data_partial':
      'Unvollständige Liste: Eine Nummer oder Norm, die sie nicht enthält, gilt als nicht überprüft, nie als unbekannt.',
    'documents.watch_link': 'Aktualität der Nachweise',
  },
});
