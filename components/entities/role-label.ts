'use client';

import * as React from 'react';
import { useT } from '@/components/i18n/locale-provider';
import { entityMessages } from '@/lib/i18n/ui/entities';
import type { EntityRole } from '@/components/skus/types';

/** An operator role as a label ("EU responsible person") in the UI language. */
export function useRoleLabel(): (role: EntityRole) => string {
  const t = useT(entityMessages);
  return React.useCallback((role) => t(`role.${role}`), [t]);
}

/** The role inside a sentence ("link an importer"; "EU" keeps its capitals) in the UI language. */
export function useRoleNoun(): (role: EntityRole) => string {
  const t = useT(entityMessages);
  return React.useCallback((role) => t(`role_noun.${role}`), [t]);
}
