import { defineMessages } from '../ui';

/** Failures the browser describes itself (no answer, or none it can read); the server's own messages stay as sent. */
export const clientErrorMessages = defineMessages({
  en: {
    too_large: 'The file is too large.',
    server: 'The server could not complete the request. Try again in a moment.',
    failed: 'Request failed ({status}).',
    network: 'Could not reach the server. Check your connection and try again.',
    unreadable: 'The server sent a response this page cannot read.',
    unknown: 'Something went wrong. Try again.',
    unknown_loading: 'Something went wrong while loading. Try again.',
    list: 'The list could not be loaded.',
    support_ref: 'Support reference: {id}',
    upload_cancelled: 'The upload was cancelled.',
  },
  de: {
    too_large: 'Die Datei ist zu groß.',
    server: 'Der Server konnte die Anfrage nicht abschließen. Bitte gleich noch einmal versuchen.',
    failed: 'Anfrage fehlgeschlagen ({status}).',
    network: 'Der Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    unreadable: 'Der Server hat eine Antwort gesendet, die diese Seite nicht lesen kann.',
    unknown: 'Etwas ist schiefgelaufen. Bitte erneut versuchen.',
    unknown_loading: 'Beim Laden ist etwas schiefgelaufen. Bitte erneut versuchen.',
    list: 'Die Liste konnte nicht geladen werden.',
    support_ref: 'Support-Referenz: {id}',
    upload_cancelled: 'Der Upload wurde abgebrochen.',
  },
});
