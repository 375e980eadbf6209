/** Adds to each queued job the URL its status is polled at (the API generation decides the base). */
export function withPollUrls<J extends { id: string }>(
  jobs: J[],
  base: '/api/v1/jobs' | '/api/jobs',
): (J & { poll_url: string })[] {
  return jobs.map((j) => ({ ...j, poll_url: `${base}/${j.id}` }));
}
