import type { Metadata } from 'next';
import { ApiReference } from '@/components/docs/api-reference';

export const metadata: Metadata = { title: 'API reference' };

/** The interactive reference, rendered from the OpenAPI document the routes generate (/api/openapi.json). */
export default function ApiReferencePage() {
  return (
    <main id="main" className="flex min-h-0 flex-1 flex-col bg-surface">
      <h1 className="sr-only">API reference</h1>
      <ApiReference />
    </main>
  );
}
