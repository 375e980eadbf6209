import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import '@/lib/polyfills';
import { resetEnvCache } from '@/lib/config/env';

// The same secret the global setup used, so tokens signed in tests verify.
process.env.SUPABASE_JWT_SECRET ??= 'test-secret-test-secret-test-secret-0123456789';
process.env.JOBS_IN_PROCESS = 'false';
// Each test file stores its blobs in its own temporary folder.
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-test-'));
resetEnvCache();
