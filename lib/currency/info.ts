import { currentCurrencyData } from './data';

/** Which snapshots the checks use, where they come from, and how complete they are. */
export function currencyDataInfo() {
  const d = currentCurrencyData();
  return {
    standards: {
      version: d.standards.version,
      coverage: d.standards.coverage,
      source: d.standards.source,
      entries: d.standards.standards.length,
    },
    notified_bodies: {
      version: d.bodies.version,
      coverage: d.bodies.coverage,
      source: d.bodies.source,
      entries: d.bodies.bodies.length,
    },
  };
}
