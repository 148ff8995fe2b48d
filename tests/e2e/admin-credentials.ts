// Not the development default: a production start refuses that.
export const E2E_ADMIN = { email: "admin@example.com", password: "e2e-admin-Secret-42" } as const;
