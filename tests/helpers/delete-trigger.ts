import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";

export async function withDeleteTrigger(table: string, rowName: string, insert: string, fn: () => Promise<void>): Promise<void> {
  const db = await getDb();
  await db.execute(sql.raw(`CREATE FUNCTION race_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${insert}; RETURN OLD; END $$`));
  await db.execute(
    sql.raw(
      `CREATE TRIGGER race_insert BEFORE DELETE ON ${table} FOR EACH ROW WHEN (OLD.name = '${rowName}') EXECUTE FUNCTION race_insert()`,
    ),
  );
  try {
    await fn();
  } finally {
    await db.execute(sql.raw(`DROP TRIGGER race_insert ON ${table}`));
    await db.execute(sql.raw("DROP FUNCTION race_insert()"));
  }
}
