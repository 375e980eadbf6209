import type { AuthContext } from '@/lib/auth/context';
import { AppError } from '@/lib/errors';
import { PLANS } from '@/lib/plans';

/** Bearer export (SKU export and export runs) is a paid-plan feature; the app session is not limited. */
export function assertBearerExportAllowed(auth: AuthContext) {
  if (auth.kind === 'bearer' && !PLANS[auth.workspace.plan].bearerExport) {
    throw new AppError(
      'PLAN_LIMIT_REACHED',
      `Export with an API key is not part of the ${PLANS[auth.workspace.plan].label} plan; upgrade, or export from the app.`,
      {
        details: { limit: 'bearer_export', plan: auth.workspace.plan },
      },
    );
  }
}
