import { defineMessages } from '../ui';

/**
 * A SKU's status as the list, the SKU page and the dashboard show it: the name (`status.<code>`), what
 * happens next (`hint.<code>`), and the blocker and warning counts of a SKU.
 */
export const skuStateMessages = defineMessages({
  en: {
    'status.blocked': 'Blocked',
    'status.needs_review': 'Needs review',
    'status.ready_for_approval': 'Ready for approval',
    'status.approved': 'Approved',
    'status.published': 'Published',
    'hint.blocked': 'Open blockers stop approval: clear or waive them.',
    'hint.needs_review': 'No blockers left: a person completes the review.',
    'hint.ready_for_approval': 'Reviewed: waiting for approval.',
    'hint.approved': 'Approved: publish its safety page when ready.',
    'hint.published': 'The safety page is public.',
    'blockers.open_title': { one: '{count} open blocker', other: '{count} open blockers' },
    'blockers.word': { one: 'blocker', other: 'blockers' },
    'warnings.only_title': { one: 'No blockers, {count} warning', other: 'No blockers, {count} warnings' },
    'warnings.count': { one: '{count} warning', other: '{count} warnings' },
    'clear.title': 'No open blockers or warnings',
    clear: 'Clear',
    'severity.waived': 'Waived',
    'severity.blocker': 'Blocker',
    'severity.warning': 'Warning',
  },
  de: {
    'status.blocked': 'Blockiert',
    'status.needs_review': 'Prüfung nötig',
    'status.ready_for_approval': 'Bereit zur Freigabe',
    'status.approved': 'Freigegeben',
    'status.published': 'Veröffentlicht',
    'hint.blocked': 'Offene Blocker verhindern die Freigabe: Beheben Sie sie oder erteilen Sie eine Ausnahme.',
    'hint.needs_review': 'Keine Blocker mehr: Eine Person schließt die Prüfung ab.',
    'hint.ready_for_approval': 'Geprüft: wartet auf Freigabe.',
    'hint.approved': 'Freigegeben: Veröffentlichen Sie die Sicherheitsseite, sobald sie bereit ist.',
    'hint.published': 'Die Sicherheitsseite ist öffentlich.',
    'blockers.open_title': { one: '{count} offener Blocker', other: '{count} offene Blocker' },
    'blockers.word': { one: 'Blocker', other: 'Blocker' },
    'warnings.only_title': { one: 'Keine Blocker, {count} Warnung', other: 'Keine Blocker, {count} Warnungen' },
    'warnings.count': { one: '{count} Warnung', other: '{count} Warnungen' },
    'clear.title': 'Keine offenen Blocker oder Warnungen',
    clear: 'In Ordnung',
    'severity.waived': 'Ausgenommen',
    'severity.blocker': 'Blocker',
    'severity.warning': 'Warnung',
  },
});
