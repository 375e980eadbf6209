import { defineMessages } from '../ui';

/** Browser tab titles, and the pages shown when one is missing, failed or still loading. */
export const pageMessages = defineMessages({
  en: {
    'title.dashboard': 'Dashboard',
    'title.entities': 'Entities',
    'title.exports': 'Exports',
    'title.sign_in': 'Sign in',
    'title.sign_up': 'Create your account',
    // The kind of record in a tab title ("ACME-001 · SKU").
    'kind.sku': 'SKU',
    'kind.document': 'Document',
    'kind.entity': 'Entity',
    'kind.import': 'Import review',

    'not_found.title': 'This page does not exist',
    'not_found.text':
      'The link may be mistyped, or the item was deleted. Product safety pages that were withdrawn say so on their own page.',
    'not_found.home': 'Go to the workspace',

    'error.title': 'This page could not be loaded',
    'error.text': 'Something went wrong on our side. Try again; if it keeps happening, contact support.',
    // Followed by the reference in code type and a full stop.
    'error.text_ref':
      'Something went wrong on our side. Try again; if it keeps happening, contact support and quote reference',
    loading: 'Loading',
  },
  de: {
    'title.dashboard': 'Übersicht',
    'title.entities': 'Wirtschaftsakteure',
    'title.exports': 'Exporte',
    'title.sign_in': 'Anmelden',
    'title.sign_up': 'Konto erstellen',
    'kind.sku': 'SKU',
    'kind.document': 'Dokument',
    'kind.entity': 'Wirtschaftsakteur',
    'kind.import': 'Importprüfung',

    'not_found.title': 'Diese Seite gibt es nicht',
    'not_found.text':
      'Der Link ist möglicherweise falsch geschrieben, oder der Eintrag wurde gelöscht. Zurückgezogene Produktsicherheitsseiten weisen auf ihrer eigenen Seite darauf hin.',
    'not_found.home': 'Zum Arbeitsbereich',

    'error.title': 'Diese Seite konnte nicht geladen werden',
    'error.text':
      'Bei uns ist etwas schiefgelaufen. Bitte erneut versuchen; wenn es weiterhin auftritt, wenden Sie sich an den Support.',
    'error.text_ref':
      'Bei uns ist etwas schiefgelaufen. Bitte erneut versuchen; wenn es weiterhin auftritt, wenden Sie sich an den Support und nennen Sie die Referenz',
    loading: 'Wird geladen',
  },
});
