/** The id of one request, sent as X-Request-Id and as the error envelope's support reference. */
export const newRequestId = (): string => `req_${crypto.randomUUID().replace(/-/g, '')}`;
