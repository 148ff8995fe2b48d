// Adds up the vitest and Playwright JSON reports into one plain closing line.
import fs from "node:fs";
import path from "node:path";

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  let p = 0, f = 0, s = 0;
  if (file.startsWith("vitest")) {
    p = report.numPassedTests ?? 0;
    f = report.numFailedTests ?? 0;
    s = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  } else if (file.startsWith("playwright")) {
    p = (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0);
    f = report.stats?.unexpected ?? 0;
    s = report.stats?.skipped ?? 0;
  }
  console.log(`${file.replace(/\.json$/, "")}: ${p} passed, ${f} failed${s ? `, ${s} skipped` : ""}`);
  passed += p;
  failed += f;
  skipped += s;
}
console.log(`total: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
