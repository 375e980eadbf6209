import { getEnv } from '@/lib/config/env';
import pkg from '@/package.json';

export const SERVICE_NAME = 'compliance-workspace';

export function serviceInfo() {
  const env = getEnv();
  return {
    service: SERVICE_NAME,
    time: new Date().toISOString(),
    version: env.APP_VERSION ?? pkg.version,
    environment: env.NODE_ENV,
    ...(env.GIT_SHA ? { git_sha: env.GIT_SHA } : {}),
  };
}
