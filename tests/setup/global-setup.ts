// Filled in by the foundation: prepares the migrated database snapshot shared by API tests.
export default async function setup() {}
