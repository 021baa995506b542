// Sums the vitest JSON reports every package writes (.test-results.json) into one closing line,
// "N passed, N failed", so a reader of the CI log sees at a glance how many tests ran.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

let passed = 0;
let failed = 0;
let skipped = 0;
const reports = [];
for (const group of ["packages", "examples", "test-fixtures"]) {
  if (!existsSync(group)) continue;
  for (const name of readdirSync(group)) {
    const file = join(group, name, ".test-results.json");
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, "utf8"));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    reports.push(`${group}/${name}: ${report.numPassedTests ?? 0} passed, ${report.numFailedTests ?? 0} failed`);
  }
}
for (const line of reports) console.log(`  ${line}`);
if (reports.length === 0) {
  console.log("0 passed, 0 failed");
  process.exit(1);
}
console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
