// Runs once when the Next server starts: validate settings, open the database (migrations run on
// open) and, by default, start the job worker in this process (right after, see lib/boot.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  await import('@/lib/polyfills');
  const { bootApp } = await import('@/lib/boot');
  await bootApp();
}
