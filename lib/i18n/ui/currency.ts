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
    // The server's sentences (lib/currency/rules.ts) from their codes and values; English as the API says it.
    'why.stopped': 'Stopped proving compliance on {date}: {reason}.',
    'why.stops': 'Stops proving compliance on {date}: {reason}.',
    'end.validity': "the document's own validity ends (valid until {date})",
    'end.cessation_past': '{standard} stopped giving presumption of conformity under {act} on {date}; {replacement}',
    'end.cessation_ahead': '{standard} stops giving presumption of conformity under {act} on {date}; {replacement}',
    'replacement.named': '{replaced_by} replaces it',
    'replacement.none': 'the list names no replacement',
    'finding.STANDARD_PRESUMPTION_CEASED':
      '{standard} has not given presumption of conformity under {act} since {date}; {replacement}. Units placed on the market from that day are not covered by it. {action}',
    'finding.STANDARD_PRESUMPTION_CEASED.reassess':
      'Assess the product against {replaced_by} and reissue the declaration.',
    'finding.STANDARD_PRESUMPTION_CEASED.reassess_none':
      'Assess the product against a current standard or the essential requirements directly and reissue the declaration.',
    'finding.STANDARD_PRESUMPTION_CEASED.blocker':
      'Without a notified body the declaration rests on no allowed procedure: assess against {replaced_by} or have a notified body examine the product.',
    'finding.STANDARD_PRESUMPTION_CEASED.blocker_none':
      'Without a notified body the declaration rests on no allowed procedure: assess against a current standard or have a notified body examine the product.',
    'finding.STANDARD_PRESUMPTION_ENDS':
      '{standard} gives presumption of conformity under {act} until {date} (date of cessation); {replacement}.',
    'finding.STANDARD_EDITION_NOT_STATED':
      '{standard} is cited without its edition, so whether it still gives presumption of conformity cannot be told; the declaration must name the edition applied.',
    'finding.NOTIFIED_BODY_UNKNOWN':
      'Notified body number {number} is not in the NANDO list ({version}): no body of that number is notified.',
    'finding.NOTIFIED_BODY_UNKNOWN.no_number':
      'The notified body "{notified_body}" is cited without a four-digit identification number.',
    'finding.NOTIFIED_BODY_UNVERIFIED':
      'Notified body number {number} is not in the NANDO snapshot {version}, a partial extract: check it in NANDO.',
    'finding.NOTIFIED_BODY_NOT_NOTIFIED_FOR_ACT': {
      one: 'Notified body {number} ({name}, {country}) is not notified for {acts}, the act the document cites; it is notified for {body_acts}.',
      other:
        'Notified body {number} ({name}, {country}) is not notified for {acts}, the acts the document cites; it is notified for {body_acts}.',
    },
    'finding.no_act': 'no act in the snapshot',
    'basis.act': '{act} (presumption of conformity)',
    'basis.declaration_standards':
      'Decision No 768/2008/EC Annex III (EU declaration of conformity, item 6: references of the standards used)',
    'basis.notified_body_number':
      "Regulation (EC) No 765/2008 Art. 30(3) and Decision No 768/2008/EC Annex I R12 (the notified body's number follows the CE marking)",
    'basis.notified_body_scope':
      'Regulation (EC) No 765/2008 Art. 30(3); Decision No 768/2008/EC Art. R23 (only bodies notified for the act may act under it)',
    // The acts of lib/currency/acts.ts: their names and what each says when a cited standard's presumption ends.
    'act.2014/35/EU': 'Directive 2014/35/EU (low voltage)',
    'act.2014/30/EU': 'Directive 2014/30/EU (electromagnetic compatibility)',
    'act.2014/53/EU': 'Directive 2014/53/EU (radio equipment)',
    'act.2009/48/EC': 'Directive 2009/48/EC (toy safety)',
    'act.2006/42/EC': 'Directive 2006/42/EC (machinery)',
    'act.2023/1230': 'Regulation (EU) 2023/1230 (machinery)',
    'act.2016/425': 'Regulation (EU) 2016/425 (personal protective equipment)',
    'act.2016/426': 'Regulation (EU) 2016/426 (appliances burning gaseous fuels)',
    'act.2011/65/EU': 'Directive 2011/65/EU (hazardous substances in EEE)',
    'act.2023/988': 'Regulation (EU) 2023/988 (general product safety)',
    'basis.act.2014/35/EU':
      'Directive 2014/35/EU Art. 12 (presumption only from standards published in the OJ); Annex III module A stays open, so the safety objectives must be shown otherwise (Art. 14)',
    'basis.act.2014/30/EU':
      'Directive 2014/30/EU Art. 13 (presumption); Art. 14 leaves module A open, with the EMC assessment made without the standard',
    'basis.act.2014/53/EU':
      'Directive 2014/53/EU Art. 17(3): for Art. 3(2) and 3(3) requirements not covered by applied harmonised standards, module A is not allowed (EU-type examination or full quality assurance by a notified body)',
    'basis.act.2009/48/EC':
      'Directive 2009/48/EC Art. 19(2)-(3): internal production control only where harmonised standards covering all safety requirements were applied; otherwise EC-type examination by a notified body',
    'basis.act.2006/42/EC':
      'Directive 2006/42/EC Art. 7(2) (presumption); for Annex IV machinery Art. 12(3)-(4) requires a notified body where harmonised standards do not cover all requirements (the SKU data does not say whether it is Annex IV)',
    'basis.act.2023/1230':
      'Regulation (EU) 2023/1230 Art. 20 (presumption); Art. 25(3) for Annex I Part B machinery (not decided from the SKU data)',
    'basis.act.2016/425':
      'Regulation (EU) 2016/425 Art. 14 (presumption); category II and III already need EU-type examination (Art. 19), category I module A stays open',
    'basis.act.2016/426':
      'Regulation (EU) 2016/426 Art. 13 (presumption); Art. 14 requires a notified body in every case',
    'basis.act.2011/65/EU': 'Directive 2011/65/EU Art. 16(2) (presumption)',
    'basis.act.2023/988': 'Regulation (EU) 2023/988 Art. 7 (presumption of safety)',
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
    'why.stopped': 'Seit {date} kein Konformitätsnachweis mehr: {reason}.',
    'why.stops': 'Ab {date} kein Konformitätsnachweis mehr: {reason}.',
    'end.validity': 'die Gültigkeit des Dokuments selbst endet (gültig bis {date})',
    'end.cessation_past':
      '{standard} begründet seit dem {date} keine Konformitätsvermutung gemäß {act} mehr; {replacement}',
    'end.cessation_ahead':
      '{standard} begründet ab dem {date} keine Konformitätsvermutung gemäß {act} mehr; {replacement}',
    'replacement.named': 'an ihre Stelle tritt {replaced_by}',
    'replacement.none': 'die Liste nennt keine Nachfolgenorm',
    'finding.STANDARD_PRESUMPTION_CEASED':
      '{standard} begründet seit dem {date} keine Konformitätsvermutung gemäß {act} mehr; {replacement}. Ab diesem Tag in Verkehr gebrachte Produkte sind davon nicht erfasst. {action}',
    'finding.STANDARD_PRESUMPTION_CEASED.reassess':
      'Bewerten Sie das Produkt anhand von {replaced_by} und stellen Sie die EU-Konformitätserklärung neu aus.',
    'finding.STANDARD_PRESUMPTION_CEASED.reassess_none':
      'Bewerten Sie das Produkt anhand einer aktuellen Norm oder unmittelbar anhand der wesentlichen Anforderungen und stellen Sie die EU-Konformitätserklärung neu aus.',
    'finding.STANDARD_PRESUMPTION_CEASED.blocker':
      'Ohne benannte Stelle beruht die EU-Konformitätserklärung auf keinem zulässigen Konformitätsbewertungsverfahren: Bewerten Sie das Produkt anhand von {replaced_by}, oder lassen Sie es von einer benannten Stelle prüfen.',
    'finding.STANDARD_PRESUMPTION_CEASED.blocker_none':
      'Ohne benannte Stelle beruht die EU-Konformitätserklärung auf keinem zulässigen Konformitätsbewertungsverfahren: Bewerten Sie das Produkt anhand einer aktuellen Norm, oder lassen Sie es von einer benannten Stelle prüfen.',
    'finding.STANDARD_PRESUMPTION_ENDS':
      '{standard} begründet die Konformitätsvermutung gemäß {act} bis zum {date} (Datum der Beendigung der Vermutungswirkung); {replacement}.',
    'finding.STANDARD_EDITION_NOT_STATED':
      '{standard} wird ohne Ausgabe zitiert; ob die Norm noch die Konformitätsvermutung begründet, lässt sich daher nicht feststellen. Die EU-Konformitätserklärung muss die angewandte Ausgabe nennen.',
    'finding.NOTIFIED_BODY_UNKNOWN':
      'Die Kennnummer {number} steht nicht in der NANDO-Liste ({version}): Unter dieser Nummer ist keine Stelle benannt.',
    'finding.NOTIFIED_BODY_UNKNOWN.no_number':
      'Die benannte Stelle „{notified_body}“ wird ohne ihre vierstellige Kennnummer genannt.',
    'finding.NOTIFIED_BODY_UNVERIFIED':
      'Die Kennnummer {number} der benannten Stelle steht nicht im NANDO-Stand {version}, einem Auszug: Prüfen Sie sie in NANDO.',
    'finding.NOTIFIED_BODY_NOT_NOTIFIED_FOR_ACT': {
      one: 'Die benannte Stelle {number} ({name}, {country}) ist nicht für {acts} notifiziert, den Rechtsakt, den das Dokument nennt; sie ist notifiziert für {body_acts}.',
      other:
        'Die benannte Stelle {number} ({name}, {country}) ist nicht für {acts} notifiziert, die Rechtsakte, die das Dokument nennt; sie ist notifiziert für {body_acts}.',
    },
    'finding.no_act': 'keinen Rechtsakt dieses Datenstands',
    'basis.act': '{act} (Konformitätsvermutung)',
    'basis.declaration_standards':
      'Beschluss Nr. 768/2008/EG Anhang III (EU-Konformitätserklärung, Nr. 6: Angabe der zugrunde gelegten harmonisierten Normen)',
    'basis.notified_body_number':
      'Verordnung (EG) Nr. 765/2008 Art. 30 Abs. 3 und Beschluss Nr. 768/2008/EG Anhang I Artikel R12 (auf die CE-Kennzeichnung folgt die Kennnummer der benannten Stelle)',
    'basis.notified_body_scope':
      'Verordnung (EG) Nr. 765/2008 Art. 30 Abs. 3; Beschluss Nr. 768/2008/EG Artikel R23 (nach einem Rechtsakt darf nur eine für ihn notifizierte Stelle tätig werden)',
    'act.2014/35/EU': 'Richtlinie 2014/35/EU (Niederspannung)',
    'act.2014/30/EU': 'Richtlinie 2014/30/EU (elektromagnetische Verträglichkeit)',
    'act.2014/53/EU': 'Richtlinie 2014/53/EU (Funkanlagen)',
    'act.2009/48/EC': 'Richtlinie 2009/48/EG (Sicherheit von Spielzeug)',
    'act.2006/42/EC': 'Richtlinie 2006/42/EG (Maschinen)',
    'act.2023/1230': 'Verordnung (EU) 2023/1230 (Maschinen)',
    'act.2016/425': 'Verordnung (EU) 2016/425 (persönliche Schutzausrüstungen)',
    'act.2016/426': 'Verordnung (EU) 2016/426 (Geräte zur Verbrennung gasförmiger Brennstoffe)',
    'act.2011/65/EU': 'Richtlinie 2011/65/EU (gefährliche Stoffe in Elektro- und Elektronikgeräten)',
    'act.2023/988': 'Verordnung (EU) 2023/988 (allgemeine Produktsicherheit)',
    'basis.act.2014/35/EU':
      'Richtlinie 2014/35/EU Art. 12 (Konformitätsvermutung nur aus im Amtsblatt veröffentlichten harmonisierten Normen); Modul A nach Anhang III bleibt zulässig, die Sicherheitsziele sind dann anders nachzuweisen (Art. 14)',
    'basis.act.2014/30/EU':
      'Richtlinie 2014/30/EU Art. 13 (Konformitätsvermutung); Art. 14 lässt Modul A zu, mit einer EMV-Bewertung ohne die Norm',
    'basis.act.2014/53/EU':
      'Richtlinie 2014/53/EU Art. 17 Abs. 3: Für grundlegende Anforderungen nach Art. 3 Abs. 2 und 3, die angewandte harmonisierte Normen nicht abdecken, ist Modul A nicht zulässig (EU-Baumusterprüfung oder umfassende Qualitätssicherung durch eine benannte Stelle)',
    'basis.act.2009/48/EC':
      'Richtlinie 2009/48/EG Art. 19 Abs. 2 und 3: interne Fertigungskontrolle nur, wenn harmonisierte Normen angewandt wurden, die alle Sicherheitsanforderungen abdecken; sonst EG-Baumusterprüfung durch eine benannte Stelle',
    'basis.act.2006/42/EC':
      'Richtlinie 2006/42/EG Art. 7 Abs. 2 (Konformitätsvermutung); für Maschinen nach Anhang IV verlangt Art. 12 Abs. 3 und 4 eine benannte Stelle, wenn harmonisierte Normen nicht alle Anforderungen abdecken (ob Anhang IV zutrifft, sagen die Artikeldaten nicht)',
    'basis.act.2023/1230':
      'Verordnung (EU) 2023/1230 Art. 20 (Konformitätsvermutung); Art. 25 Abs. 3 für Maschinen nach Anhang I Teil B (aus den Artikeldaten nicht entschieden)',
    'basis.act.2016/425':
      'Verordnung (EU) 2016/425 Art. 14 (Konformitätsvermutung); Kategorie II und III erfordern ohnehin eine EU-Baumusterprüfung (Art. 19), für Kategorie I bleibt Modul A zulässig',
    'basis.act.2016/426':
      'Verordnung (EU) 2016/426 Art. 13 (Konformitätsvermutung); Art. 14 verlangt in jedem Fall eine benannte Stelle',
    'basis.act.2011/65/EU': 'Richtlinie 2011/65/EU Art. 16 Abs. 2 (Konformitätsvermutung)',
    'basis.act.2023/988': 'Verordnung (EU) 2023/988 Art. 7 (Vermutung der Sicherheit)',
  },
});
