import os from "node:os";
import path from "node:path";
import fs from "node:fs";

export const useServer = process.env.TEST_DB === "postgres";

export const serverUrl = (dbName: string) => {
  const base = new URL(process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
  base.pathname = `/${dbName}`;
  return base.toString();
};

export const TEST_USERS = {
  admin: { email: "admin@test.local", password: "admin-pass-123" },
  customer: { email: "customer@test.local", password: "customer-pass-123" },
  other: { email: "other@test.local", password: "other-pass-123" },
  staff: { email: "staff@test.local", password: "staff-pass-123" },
} as const;

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}
