/**
 * The one table of error codes: HTTP status, whether a retry of the same request may succeed, and a
 * sentence for /docs/errors (where each error's doc_url points). Later issues add rows here.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: {
    status: 400,
    retryable: false,
    description: 'The request did not match the schema; details.fields lists each problem per field.',
  },
  INVALID_JSON: { status: 400, retryable: false, description: 'The body is not valid JSON.' },
  MALFORMED_REQUEST: {
    status: 400,
    retryable: false,
    description:
      'The HTTP request itself is malformed (invalid chunked body, conflicting Transfer-Encoding and Content-Length); details.reason has the parser code.',
  },
  HEADERS_TOO_LARGE: {
    status: 431,
    retryable: false,
    description: 'The request headers (often cookies) are larger than the server accepts.',
  },
  INVALID_IDEMPOTENCY_KEY: {
    status: 400,
    retryable: false,
    description: 'The Idempotency-Key header must be 1 to 255 characters.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    retryable: false,
    description: 'The Content-Type is not one this operation accepts.',
  },
  UNAUTHORIZED: {
    status: 401,
    retryable: false,
    description: 'No valid credential was sent: sign in, or send an API key as a Bearer token.',
  },
  INVALID_TOKEN: {
    status: 401,
    retryable: false,
    description: 'The session token is malformed, forged or expired; sign in again.',
  },
  API_KEY_INVALID: { status: 401, retryable: false, description: 'The API key is not known.' },
  API_KEY_REVOKED: {
    status: 401,
    retryable: false,
    description: 'The API key was revoked (or rotated); use its replacement.',
  },
  API_KEY_NOT_ACCEPTED: {
    status: 403,
    retryable: false,
    description:
      'A valid API key was sent to an operation that needs a signed-in session (members, invitations, API keys, uploads...); keys are not accepted on it, whatever their scopes. The API reference lists the operations that take a key and the scope each needs (x-required-scope).',
  },
  API_KEY_EXPIRED: {
    status: 401,
    retryable: false,
    description: 'The API key passed its expires_at; create a new one.',
  },
  INVALID_CREDENTIALS: { status: 401, retryable: false, description: 'The email or password is wrong.' },
  FORBIDDEN: {
    status: 403,
    retryable: false,
    description: 'The caller is authenticated but may not perform this action.',
  },
  INSUFFICIENT_SCOPE: {
    status: 403,
    retryable: false,
    description: 'The API key lacks the scope this operation needs; details.required_scope names it.',
  },
  INSUFFICIENT_ROLE: {
    status: 403,
    retryable: false,
    description:
      'Your role in this workspace does not allow this operation; details.required_role names the least role that does, details.role yours.',
  },
  INVITATION_EMAIL_MISMATCH: {
    status: 403,
    retryable: false,
    description: 'The invitation was sent to another email address; sign in with that address to accept it.',
  },
  STAFF_ONLY: { status: 403, retryable: false, description: 'Only staff users may call this operation.' },
  CSRF_REJECTED: {
    status: 403,
    retryable: false,
    description: 'A cookie-authenticated write came without a matching Origin header.',
  },
  PLAN_LIMIT_REACHED: {
    status: 403,
    retryable: false,
    description: 'The workspace plan does not allow this; details name the limit. Upgrade the plan or free capacity.',
  },
  SCOPE_NOT_ALLOWED_ON_PLAN: {
    status: 403,
    retryable: false,
    description: 'The plan of the workspace does not allow one of the requested scopes (trial keys are read-only).',
  },
  NOT_FOUND: {
    status: 404,
    retryable: false,
    description: 'The resource does not exist in this workspace (or the path is unknown).',
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    retryable: false,
    description: 'The path exists but not with this HTTP method; the Allow header lists the methods it has.',
  },
  CONFLICT: {
    status: 409,
    retryable: false,
    description: 'The request conflicts with the current state of the resource.',
  },
  SKU_CODE_EXISTS: {
    status: 409,
    retryable: false,
    description: 'A SKU with this sku_code already exists in the workspace.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    retryable: false,
    description: 'This Idempotency-Key was used with a different request in the last 24 hours.',
  },
  IDEMPOTENCY_REQUEST_IN_PROGRESS: {
    status: 409,
    retryable: true,
    description: 'A request with this Idempotency-Key is still running; retry shortly to get its response.',
  },
  APPROVAL_BLOCKED: {
    status: 409,
    retryable: false,
    description: 'The SKU has open blockers; details.blockers lists them. Resolve or waive them, then approve.',
  },
  REVIEW_INCOMPLETE: {
    status: 409,
    retryable: false,
    description: 'Review issues or extraction conflicts are still open; details lists them.',
  },
  NOT_APPROVED: {
    status: 409,
    retryable: false,
    description: 'Only an approved SKU can be published; approve it first.',
  },
  PUBLISH_BLOCKED: {
    status: 409,
    retryable: false,
    description:
      'The approved SKU has open blockers again (e.g. a certificate expired since approval); details.blockers lists them. Resolve or waive them, then publish.',
  },
  ENTITY_IN_USE: {
    status: 409,
    retryable: false,
    description: 'The entity is linked to SKUs; unlink it first (details.sku_count).',
  },
  ENTITY_NOT_ESTABLISHED_IN_EU: {
    status: 422,
    retryable: false,
    description:
      "An EU responsible person or authorised representative must be established in the EU/EEA (GPSR Art. 4); the entity's country is outside it. details name the role, the entity and its country.",
  },
  ENTITY_MERGE_CONFLICT: {
    status: 409,
    retryable: false,
    description:
      'The merge cannot run: an entity cannot be merged into itself, or the duplicate was already merged (or the merge already undone). details.reason says which.',
  },
  INVALID_STATE: {
    status: 409,
    retryable: false,
    description: 'The resource is not in a state that allows this action; details.state says which it is in.',
  },
  EMAIL_TAKEN: {
    status: 409,
    retryable: false,
    description: 'An account with this email already exists; sign in instead.',
  },
  GONE: { status: 410, retryable: false, description: 'The resource existed but was withdrawn.' },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    retryable: false,
    description: 'The request body is larger than this operation accepts.',
  },
  FILE_TOO_LARGE: { status: 413, retryable: false, description: 'The file is larger than 20 MB.' },
  STORAGE_LIMIT_EXCEEDED: {
    status: 413,
    retryable: false,
    description: 'The upload would exceed the storage of the workspace plan.',
  },
  STORAGE_FAILED: {
    status: 500,
    retryable: true,
    description: 'The file could not be stored (storage or database failure); nothing was kept. Retry the upload.',
  },
  RATE_LIMITED: { status: 429, retryable: true, description: 'Too many requests; wait for Retry-After seconds.' },
  INTERNAL_ERROR: {
    status: 500,
    retryable: true,
    description: 'An unexpected error; quote support_reference when contacting support.',
  },
  URL_NOT_ALLOWED: {
    status: 400,
    retryable: false,
    description:
      'The URL may not be fetched: details.reason says why (scheme, private_address, loopback, link_local, multicast, dns_failed, too_many_redirects, credentials, invalid_url).',
  },
  UNREADABLE_FILE: {
    status: 422,
    retryable: false,
    description:
      'The file could not be read as a catalogue (unsupported format, damaged, unsafe XML, no data); details.reason names the problem.',
  },
  ENCRYPTED_WORKBOOK: {
    status: 422,
    retryable: false,
    description: 'The workbook is password-protected or encrypted; save it without a password and upload it again.',
  },
  FETCH_FAILED: {
    status: 422,
    retryable: true,
    description:
      'The page could not be fetched (timeout, connection refused, HTTP error, not a web page); details.reason says which.',
  },
  FETCH_TOO_LARGE: { status: 413, retryable: false, description: 'The fetched page is larger than the preview reads.' },
  EMAIL_NOT_CONFIGURED: {
    status: 503,
    retryable: false,
    description: 'No mail provider is configured (set SMTP_HOST or RESEND_API_KEY); nothing was sent or recorded.',
  },
  EMAIL_DELIVERY_FAILED: {
    status: 502,
    retryable: true,
    description:
      'The mail server refused or could not take the message; the request is recorded as failed (details.request_id). Retry to send it again.',
  },
  NO_RECIPIENT: {
    status: 422,
    retryable: false,
    description: 'The SKU has no linked manufacturer or importer with an email address; give "to".',
  },
  NOTHING_TO_REQUEST: {
    status: 422,
    retryable: false,
    description:
      'The SKU has no open blocker a supplier could resolve (missing document or field); there is nothing to ask for.',
  },
  LINK_EXPIRED: {
    status: 410,
    retryable: false,
    description: 'The supplier upload link expired or was revoked; ask the sender for a new one.',
  },
  LINK_LIMIT_REACHED: {
    status: 413,
    retryable: false,
    description:
      'The supplier request took in as many files or bytes as one request may (SUPPLIER_LINK_MAX_FILES, SUPPLIER_LINK_MAX_BYTES); nothing of this batch was stored.',
  },
  INBOUND_UNMATCHED: {
    status: 422,
    retryable: false,
    description:
      'The inbound mail could not be matched to a supplier request (no known Message-ID in In-Reply-To/References and no upload link token); nothing was stored.',
  },
  INVITATION_INVALID: {
    status: 404,
    retryable: false,
    description: 'The invitation link is not known (mistyped or cut off).',
  },
  INVITATION_EXPIRED: {
    status: 410,
    retryable: false,
    description: 'The invitation link expired; ask an admin of the workspace for a new one.',
  },
  INVITATION_USED: {
    status: 410,
    retryable: false,
    description: 'The invitation link was already used; each link works once.',
  },
  INVITATION_REVOKED: {
    status: 410,
    retryable: false,
    description: 'The invitation was withdrawn by an admin of the workspace.',
  },
  ALREADY_MEMBER: { status: 409, retryable: false, description: 'The person is already a member of this workspace.' },
  OWNER_ROLE_LOCKED: {
    status: 409,
    retryable: false,
    description: "The owner's role cannot be changed or removed directly; transfer ownership first.",
  },
  FOUR_EYES_REQUIRED: {
    status: 409,
    retryable: false,
    description:
      'The workspace requires four-eyes approval: the approver may not be the person who last changed the confirmed data or completed the review; details.eligible_approvers names who may approve.',
  },
  REVIEW_NOT_COMPLETE: {
    status: 409,
    retryable: false,
    description: 'With four-eyes approval, a SKU is approved only after its review is completed.',
  },
  AI_BUDGET_EXHAUSTED: {
    status: 402,
    retryable: false,
    description:
      'The workspace has used its monthly AI allowance (tokens, by plan); details give used_tokens, limit_tokens and resets_at. AI features resume then, or on a larger plan; rules-based features keep working.',
  },
  NO_LINKED_ENTITY: {
    status: 409,
    retryable: false,
    description:
      'The dossier field mirrors a linked entity (manufacturer, importer, EU responsible person), and none of that role is linked to the SKU; details.role names it. Link one, then sync.',
  },
  ENTITY_VALUE_MISSING: {
    status: 422,
    retryable: false,
    description:
      'The linked entity has no value for this field (e.g. no email address); details name the entity and attribute. Complete the entity first.',
  },
  SELECTION_TOO_LARGE: {
    status: 422,
    retryable: false,
    description:
      'A bulk action over every SKU matching a filter would touch more SKUs than it may at once; details.count and details.max say how many. Narrow the filter.',
  },
  GS1_DIGITAL_LINK_INVALID: {
    status: 400,
    retryable: false,
    description:
      'The GS1 Digital Link is malformed: details.reason says how (gtin_check_digit, gtin_length, qualifier_order, unknown_qualifier, qualifier_value, …). After /01/{gtin} only /22/{variant}, /10/{batch}, /21/{serial} may follow, in that order.',
  },
  GTIN_CLAIMED_ELSEWHERE: {
    status: 409,
    retryable: false,
    description:
      'Another workspace claims this GTIN (its GS1 company prefix or the GTIN itself); details.claim names the claim and its status. Publishing with it is refused; if the code is yours, claim it in Settings → GTIN ownership and ask staff to verify it.',
  },
  GTIN_PUBLISHED_ELSEWHERE: {
    status: 409,
    retryable: false,
    description:
      'Another workspace published a page with this GTIN first; details.public_url is that page. A GTIN resolves to one workspace only: a verified claim of yours lifts the refusal.',
  },
  GTIN_CLAIM_CONFLICT: {
    status: 409,
    retryable: false,
    description:
      'The claimed prefix or GTIN overlaps a verified claim of another workspace; details.claim names it. Staff decide disputes.',
  },
  GTIN_CLAIM_EXISTS: {
    status: 409,
    retryable: false,
    description: 'This workspace already claims that prefix or GTIN.',
  },
  GTIN_CLAIM_INVALID: {
    status: 400,
    retryable: false,
    description:
      'Not a claimable GS1 company prefix or GTIN; details.reason says why (check digit, length, restricted-circulation or GTIN-8 range).',
  },
  GTIN_AMBIGUOUS: {
    status: 409,
    retryable: false,
    description:
      'More than one workspace published this GTIN and none holds a verified claim: the resolver sends visitors to neither. details.candidates lists the public pages.',
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    retryable: true,
    description: 'A dependency (database, mail, AI provider) is not available right now.',
  },
} as const satisfies Record<string, { status: number; retryable: boolean; description: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export function errorDocPath(code: string) {
  return `/docs/errors#${code.toLowerCase()}`;
}
