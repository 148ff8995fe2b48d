import { PGlite } from "@electric-sql/pglite";
import fs from "node:fs";
const t0 = performance.now();
if (!fs.existsSync("/tmp/tpl.tar")) {
  const db = new PGlite();
  await db.exec("create table t(a int); insert into t select generate_series(1,1000);");
  const dump = await db.dumpDataDir("none");
  fs.writeFileSync("/tmp/tpl.tar", Buffer.from(await dump.arrayBuffer()));
  await db.close();
  console.log("made", performance.now() - t0);
}
const t1 = performance.now();
const db2 = new PGlite({ loadDataDir: new Blob([fs.readFileSync("/tmp/tpl.tar")]) });
await db2.waitReady;
const t2 = performance.now();
await db2.query("select count(*) from t");
console.log("load", (t2 - t1).toFixed(0), "query", (performance.now() - t2).toFixed(0));
const t3 = performance.now();
const db3 = new PGlite({ loadDataDir: new Blob([fs.readFileSync("/tmp/tpl.tar")]) });
await db3.waitReady;
console.log("second load same process", (performance.now() - t3).toFixed(0));
