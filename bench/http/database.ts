import { randomBytes } from "node:crypto";
import postgres from "postgres";

export interface BenchDatabase {
  kind: string;
  url: string | undefined;
  drop: () => Promise<void>;
}

export function pgliteDatabase(): BenchDatabase {
  return { kind: "PGlite (embedded, in the temp DATA_DIR)", url: undefined, drop: async () => {} };
}

export async function freshPostgres(serverUrl: string): Promise<BenchDatabase> {
  const name = `shop_bench_${randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  let version = "?";
  try {
    const [row] = await admin<{ version: string }[]>`SELECT current_setting('server_version') AS version`;
    version = row?.version ?? "?";
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return {
    kind: `PostgreSQL ${version} at ${target.host}, database ${name} (created for this run, dropped after it)`,
    url: target.toString(),
    drop: async () => {
      const again = postgres(serverUrl, { max: 1, onnotice: () => {} });
      try {
        await again.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await again.end({ timeout: 5 });
      }
    },
  };
}
