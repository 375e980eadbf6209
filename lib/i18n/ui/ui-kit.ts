import { defineMessages } from '../ui';

/** The words the UI primitives (components/ui) bring themselves: list toolbar and footer, copy button, progress. */
export const uiKitMessages = defineMessages({
  en: {
    'toolbar.clear': 'Clear filters',
    'footer.shown': '{count} {noun} shown',
    'footer.more_available': ', more available',
    'copy.copied': 'Copied',
    'copy.announce': 'Copied to clipboard',
    'progress.indeterminate': 'In progress',
  },
  de: {
    'toolbar.clear': 'Filter zurücksetzen',
    'footer.shown': '{count} {noun} angezeigt',
    'footer.more_available': ', weitere verfügbar',
    'copy.copied': 'Kopiert',
    'copy.announce': 'In die Zwischenablage kopiert',
    'progress.indeterminate': 'In Bearbeitung',
  },
});
