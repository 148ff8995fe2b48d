/**
 * The admin every browser test's production server is seeded with. Not the development default: a
 * production start refuses that (only `npm run demo` keeps it), and the tests run the real production path.
 */
export const E2E_ADMIN = { email: "admin@example.com", password: "e2e-admin-Secret-42" } as const;
