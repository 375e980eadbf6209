import { newRequestId } from '@/lib/http/request-id';
import { errorResponse } from '@/lib/http/envelope';
import { AppError } from '@/lib/errors';

// Any /api path no route claims: the contract's 404 envelope instead of Next's HTML page.
async function notFound(req: Request) {
  const path = new URL(req.url).pathname;
  return errorResponse(new AppError('NOT_FOUND', `No operation at ${req.method} ${path}.`), newRequestId(), req);
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
