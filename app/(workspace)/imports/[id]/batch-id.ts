import { notFound } from 'next/navigation';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The batch id of the route, or the 404 page for anything that cannot be one. */
export function batchIdOr404(id: string): string {
  if (!UUID.test(id)) notFound();
  return id;
}
