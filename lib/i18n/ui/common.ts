import { defineMessages } from '../ui';

/** Words many screens share: buttons, states, generic errors. An area's own words live in its own file. */
export const commonMessages = defineMessages({
  en: {
    cancel: 'Cancel',
    close: 'Close',
    save: 'Save',
    saving: 'Saving…',
    delete: 'Delete',
    edit: 'Edit',
    back: 'Back',
    next: 'Next',
    retry: 'Try again',
    loading: 'Loading…',
    not_set: 'Not set',
    yes: 'Yes',
    no: 'No',
    'error.generic': 'Something went wrong. Try again.',
    'error.support_ref': 'Support reference: {id}',
  },
  de: {
    cancel: 'Abbrechen',
    close: 'Schließen',
    save: 'Speichern',
    saving: 'Wird gespeichert…',
    delete: 'Löschen',
    edit: 'Bearbeiten',
    back: 'Zurück',
    next: 'Weiter',
    retry: 'Erneut versuchen',
    loading: 'Wird geladen…',
    not_set: 'Nicht festgelegt',
    yes: 'Ja',
    no: 'Nein',
    'error.generic': 'Etwas ist schiefgelaufen. Bitte erneut versuchen.',
    'error.support_ref': 'Support-Referenz: {id}',
  },
});
