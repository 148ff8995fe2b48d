// Usage: node scripts/test-summary.mjs <reports dir> [--run NAME:EXIT]... [--not-run NAME]... [--failed-step TEXT]...
// A crashed runner or a failed step fails too, so nothing broken passes silently.
import fs from "node:fs";
import path from "node:path";

const LABELS = {
  "vitest-pglite": "unit + API tests on PGlite",
  "vitest-postgres": "unit + API tests on PostgreSQL",
  playwright: "browser tests",
};

const [dir, ...rest] = process.argv.slice(2);
if (!dir) {
  console.error("usage: node scripts/test-summary.mjs <reports dir> [--run NAME:EXIT] [--not-run NAME] [--failed-step TEXT]");
  process.exit(2);
}
const runs = [];
const notRun = [];
const failedSteps = [];
for (let i = 0; i < rest.length; i += 2) {
  const [flag, value] = [rest[i], rest[i + 1] ?? ""];
  if (flag === "--run") {
    const at = value.lastIndexOf(":");
    runs.push(at > 0 ? { name: value.slice(0, at), exit: Number(value.slice(at + 1)) } : { name: value, exit: 0 });
  } else if (flag === "--not-run") notRun.push(value);
  else if (flag === "--failed-step") failedSteps.push(value);
  else {
    console.error(`unknown argument: ${flag}`);
    process.exit(2);
  }
}

function readReport(name) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, `${name}.json`), "utf8"));
  } catch {
    return null;
  }
}

function vitestCounts(report) {
  const files = Array.isArray(report.testResults) ? report.testResults : [];
  const failedFiles = files.filter((f) => f.status === "failed" && !(f.assertionResults ?? []).some((a) => a.status === "failed"));
  return {
    passed: report.numPassedTests ?? 0,
    failedTests: report.numFailedTests ?? 0,
    failedFiles: failedFiles.length,
    fileNotes: failedFiles.map((f) => `${path.relative(process.cwd(), f.name ?? "?")}: ${firstLine(f.message)}`),
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    total: report.numTotalTests ?? 0,
  };
}

function playwrightCounts(report) {
  const errors = Array.isArray(report.errors) ? report.errors : [];
  return {
    passed: (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0),
    failedTests: report.stats?.unexpected ?? 0,
    failedFiles: errors.length,
    fileNotes: errors.map((e) => firstLine(e.message)),
    skipped: report.stats?.skipped ?? 0,
  };
}

function firstLine(text) {
  return (
    String(text ?? "")
      .split("\n")
      .find((l) => l.trim()) ?? "(no message)"
  );
}

/** A `--list` report marks every test skipped, so walk the suites. */
function playwrightTests(report) {
  const walk = (suite) =>
    (suite.specs ?? []).reduce((n, spec) => n + (spec.tests?.length ?? 0), 0) + (suite.suites ?? []).reduce((n, s) => n + walk(s), 0);
  return (report.suites ?? []).reduce((n, s) => n + walk(s), 0);
}

function durations(name, report) {
  if (name.startsWith("playwright")) {
    const out = [];
    const walk = (suite, file) => {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests ?? [])
          for (const result of test.results ?? [])
            out.push([result.duration ?? 0, name, `${spec.file ?? file} › ${spec.title} [${test.projectName ?? ""}]`]);
      for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
    };
    for (const suite of report.suites ?? []) walk(suite, suite.file);
    return out;
  }
  return (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? []).map((a) => [
      a.duration ?? 0,
      name,
      `${path.relative(process.cwd(), file.name ?? "?")} › ${a.fullName ?? a.title}`,
    ]),
  );
}

const slowest = [];
let passed = 0;
let failedTests = 0;
let failedFiles = 0;
let crashed = 0;
let skipped = 0;
for (const { name, exit } of runs) {
  const report = readReport(name);
  if (!report || typeof report !== "object") {
    console.log(`${name}: CRASHED — no readable report ${name}.json (exit code ${exit})`);
    crashed++;
    continue;
  }
  const c = name.startsWith("playwright") ? playwrightCounts(report) : vitestCounts(report);
  slowest.push(...durations(name, report));
  const parts = [`${c.passed} passed`, `${c.failedTests} failed`];
  if (c.failedFiles) parts.push(`${c.failedFiles} failed file${c.failedFiles === 1 ? "" : "s"}`);
  if (c.skipped) parts.push(`${c.skipped} skipped`);
  console.log(`${name}: ${parts.join(", ")}`);
  for (const note of c.fileNotes) console.log(`  failed file: ${note}`);
  if (exit !== 0 && c.failedTests === 0 && c.failedFiles === 0) {
    console.log(`${name}: CRASHED — exit code ${exit} with no failure in its report`);
    crashed++;
  }
  passed += c.passed;
  failedTests += c.failedTests;
  failedFiles += c.failedFiles;
  skipped += c.skipped;
}
for (const step of failedSteps) console.log(`failed step: ${step}`);
if (slowest.length) {
  console.log("slowest tests:");
  for (const [ms, runner, title] of slowest.sort((a, b) => b[0] - a[0]).slice(0, 10))
    console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${runner}  ${title}`);
}

const notRunParts = notRun.map((name) => {
  let count = null;
  if (name === "vitest-postgres") {
    const pglite = readReport("vitest-pglite");
    if (pglite) count = vitestCounts(pglite).total;
  } else if (name === "playwright") {
    const list = readReport("playwright-list");
    if (list) count = playwrightTests(list);
  }
  return `${count ?? "?"} ${LABELS[name] ?? name}`;
});

const failed = failedTests + failedFiles + crashed + failedSteps.length;
const why = [
  failedTests && `${failedTests} test${failedTests === 1 ? "" : "s"}`,
  failedFiles && `${failedFiles} file${failedFiles === 1 ? "" : "s"}`,
  crashed && `${crashed} crashed runner${crashed === 1 ? "" : "s"}`,
  failedSteps.length && `${failedSteps.length} step${failedSteps.length === 1 ? "" : "s"}`,
].filter(Boolean);
let line = `total: ${passed} passed, ${failed} failed`;
if (why.length) line += ` (${why.join(", ")})`;
if (skipped) line += `, ${skipped} skipped`;
if (notRunParts.length) line += `; NOT RUN: ${notRunParts.join(", ")}`;
console.log(line);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
