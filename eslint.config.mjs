import next from 'eslint-config-next';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...next,
  ...nextTs,
  {
    ignores: [
      '.next/**',
      'node_modules/**',
      '.data/**',
      '.test-data/**',
      'next-env.d.ts',
      'bench/out/**',
      'playwright-report/**',
      'test-results/**',
    ],
  },
  {
    // Test helpers named use*() are Vitest hooks, not React hooks.
    files: ['tests/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // Browser code reaches server modules only through types: the database, sessions, services and Node
    // built-ins stay out of the client bundle (the role `import 'server-only'` plays in Next apps; it
    // cannot be used here because the worker and scripts import lib/ under plain Node).
    files: ['components/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@/lib/db/**',
                '@/lib/*/service',
                '@/lib/*/repo*',
                '@/lib/*/jobs',
                '@/lib/workspace/session',
                '@/lib/auth/context',
                '@/lib/config/env',
                '@/lib/config/public-url',
                'drizzle-orm',
                'drizzle-orm/*',
                'postgres',
                '@electric-sql/pglite',
                'pg-boss',
                'node:*',
              ],
              allowTypeImports: true,
              message: 'Server code: import its types only (import type), or read it through the API.',
            },
          ],
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
];
export default config;
