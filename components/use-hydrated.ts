'use client';

import * as React from 'react';

const subscribe = () => () => {};

/**
 * false in the server's HTML and while React hydrates it, true once React handles the page's events: a
 * control whose event would be lost before then (a file picked before hydration is never read) waits.
 */
export function useHydrated(): boolean {
  return React.useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
