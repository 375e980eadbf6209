import { defineMessages } from '../ui';

/** The safety texts per target-market language: drafts, review and the bulk translation (issue 42, part 2). */
export const languagesMessages = defineMessages({
  en: {
    'toast.region': 'Notifications',
    'toast.close': 'Close notification',
    'draft.button': 'Draft with AI',
    'draft.aria': 'Draft the {language} safety texts with AI',
    'draft.busy': 'Drafting…',
    'draft.review': 'Review',
    'draft.review_aria': 'Review the suggested {label}',
    'draft.done': {
      one: 'One draft stored as a suggestion: review and confirm it before it is published.',
      other: '{count} drafts stored as suggestions: review and confirm each before it is published.',
    },
    'draft.nothing': 'Nothing to draft: the texts are confirmed or wait for review.',
    'draft.no_source': 'No confirmed text in another language to translate from: write the text first.',
    'draft.needs_person': 'No AI provider is configured: these texts need a translation by a person.',
    'draft.failed': 'The AI provider gave no draft: {reason}',
    'bulk.action': 'Translate safety texts…',
    'bulk.title': { one: 'Translate the safety texts of one SKU', other: 'Translate the safety texts of {count} SKUs' },
    'bulk.description':
      'Drafts the warnings and instructions missing in the chosen language from a confirmed text in another language. Each draft is a suggestion: a person reviews and confirms it before it is published.',
    'bulk.language': 'Language',
    'bulk.fields': 'Texts',
    'bulk.fields_both': 'Warnings and instructions',
    'bulk.fields_warnings': 'Warnings only',
    'bulk.fields_instructions': 'Instructions only',
    'bulk.start': 'Start translation',
    'bulk.progress': '{done} of {total} SKUs',
    'bulk.result':
      'Drafts to review: {suggested}. Already confirmed: {confirmed}. Waiting for review: {awaiting}. Texts a person must translate (no source or no AI provider): {person}. Failed: {failed}.',
    'bulk.failed': 'The translation job failed: {reason}',
    'bulk.no_ai':
      'No AI provider is configured: the job lists the texts that need a translation by a person and stores nothing.',
  },
  de: {
    'toast.region': 'Benachrichtigungen',
    'toast.close': 'Benachrichtigung schließen',
    'draft.button': 'Mit KI entwerfen',
    'draft.aria': 'Die Sicherheitstexte auf {language} mit KI entwerfen',
    'draft.busy': 'Wird entworfen…',
    'draft.review': 'Prüfen',
    'draft.review_aria': 'Den Vorschlag für {label} prüfen',
    'draft.done': {
      one: 'Ein Entwurf als Vorschlag gespeichert: vor der Veröffentlichung prüfen und bestätigen.',
      other: '{count} Entwürfe als Vorschläge gespeichert: vor der Veröffentlichung einzeln prüfen und bestätigen.',
    },
    'draft.nothing': 'Nichts zu entwerfen: Die Texte sind bestätigt oder warten auf Prüfung.',
    'draft.no_source': 'Kein bestätigter Text in einer anderen Sprache als Vorlage: Bitte zuerst den Text erfassen.',
    'draft.needs_person': 'Kein KI-Anbieter eingerichtet: Diese Texte muss ein Mensch übersetzen.',
    'draft.failed': 'Der KI-Anbieter lieferte keinen Entwurf: {reason}',
    'bulk.action': 'Sicherheitstexte übersetzen…',
    'bulk.title': {
      one: 'Sicherheitstexte eines Artikels übersetzen',
      other: 'Sicherheitstexte von {count} Artikeln übersetzen',
    },
    'bulk.description':
      'Entwirft die in der gewählten Sprache fehlenden Warnhinweise und Anleitungen aus einem bestätigten Text in einer anderen Sprache. Jeder Entwurf ist ein Vorschlag: Ein Mensch prüft und bestätigt ihn vor der Veröffentlichung.',
    'bulk.language': 'Sprache',
    'bulk.fields': 'Texte',
    'bulk.fields_both': 'Warnhinweise und Anleitungen',
    'bulk.fields_warnings': 'Nur Warnhinweise',
    'bulk.fields_instructions': 'Nur Anleitungen',
    'bulk.start': 'Übersetzung starten',
    'bulk.progress': '{done} von {total} Artikeln',
    'bulk.result':
      'Zu prüfende Entwürfe: {suggested}. Bereits bestätigt: {confirmed}. Warten auf Prüfung: {awaiting}. Texte, die ein Mensch übersetzen muss (keine Vorlage oder kein KI-Anbieter): {person}. Fehlgeschlagen: {failed}.',
    'bulk.failed': 'Der Übersetzungsauftrag ist fehlgeschlagen: {reason}',
    'bulk.no_ai':
      'Kein KI-Anbieter eingerichtet: Der Auftrag listet die Texte, die ein Mensch übersetzen muss, und speichert nichts.',
  },
});
