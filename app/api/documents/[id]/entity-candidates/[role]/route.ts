import { z } from 'zod';
import { applyEntityCandidate } from '@/lib/entities/candidates';
import { AppliedEntityCandidate, ApplyCandidateInput, CandidateRole } from '@/lib/entities/schemas';
import { defineRoute, json, routeMethods, Uuid } from '@/lib/http';

// POST /api/documents/{id}/entity-candidates/{role} – link the existing entity or create it from the candidate; link to the SKU.
const post = defineRoute({
  method: 'POST',
  path: '/api/documents/{id}/entity-candidates/{role}',
  operationId: 'applyDocumentEntityCandidate',
  summary: 'Link or create the operator a document names',
  description:
    'create_new makes an entity from the candidate (name, address parts, country, email) unless one of the same name exists, then links it to the SKU in the role; link_existing links the given entity.',
  tags: ['Documents'],
  stability: 'preview',
  auth: 'session',
  params: z.object({ id: Uuid, role: CandidateRole }),
  body: ApplyCandidateInput,
  responses: {
    200: {
      description: 'Linked.',
      schema: AppliedEntityCandidate,
    },
  },
  handler: async ({ db, auth, actor, params, body }) =>
    json(
      await applyEntityCandidate(db, {
        workspaceId: auth.workspace.id,
        actor,
        documentId: params.id,
        role: params.role,
        input: body,
      }),
    ),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods(post);
