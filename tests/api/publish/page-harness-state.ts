/** Request headers the mocked next/headers hands the page under test (set by page-harness). */
export const requestState: { headers: Headers } = { headers: new Headers() };
