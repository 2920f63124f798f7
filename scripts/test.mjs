#!/usr/bin/env node
// `npm test`: every check of the project, in order, with one closing line
// `N passed, N failed[, N skipped]` that sums all suites:
//   1. type check of every workspace   2. lint   3. unit + API tests (PGlite, and PostgreSQL when
//   TEST_DATABASE_URL is set) with domain coverage   4. production build   5. end-to-end in Chromium.
// Type check, lint and build count as one test each. Exit code is non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'coverage', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const summary = [];
const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const only = onlyArg ? onlyArg.slice(7).split(',') : null;
const want = (step) => !only || only.includes(step);

// When the current step started: each summary line ends with the step's wall time, so CI's tail
// shows where its minutes go (the budget is in DEVELOPERS.md).
let stepStart = Date.now();
const took = () => {
  const seconds = Math.round((Date.now() - stepStart) / 1000);
  stepStart = Date.now();
  return ` (${seconds} s)`;
};

function run(cmd, args, extraEnv = {}) {
  const result = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', FORCE_COLOR: process.env.FORCE_COLOR ?? '1', ...extraEnv },
  });
  return result.status === 0;
}

function step(name, ok) {
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${name}${took()}`);
  if (ok) totals.passed += 1;
  else totals.failed += 1;
}

function vitest(name, args, extraEnv = {}) {
  const out = path.join(reports, `${name}.json`);
  const ok = run(
    process.execPath,
    [
      path.join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ],
    extraEnv,
  );
  if (!existsSync(out)) {
    summary.push(`FAIL ${name}: the runner produced no report${took()}`);
    totals.failed += 1;
    return false;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const failedSuites = report.testResults.filter(
    (f) => f.status === 'failed' && f.assertionResults.length === 0,
  ).length;
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests + failedSuites;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  summary.push(
    `${ok ? 'ok  ' : 'FAIL'} ${name}: ${report.numPassedTests} passed, ${report.numFailedTests + failedSuites} failed, ${report.numPendingTests + report.numTodoTests} skipped${took()}`,
  );
  if (!ok && report.numFailedTests + failedSuites === 0) totals.failed += 1; // e.g. coverage threshold
  // Name every failure in the closing summary: CI keeps only the tail of the output.
  for (const file of report.testResults) {
    const where = path.relative(root, file.name);
    const failures = file.assertionResults.filter((a) => a.status === 'failed');
    if (file.status === 'failed' && failures.length === 0) {
      summary.push(
        `     ✗ ${where}: ${String(file.message ?? '')
          .split('\n')[0]
          .slice(0, 300)}`,
      );
    }
    for (const a of failures) {
      const why = String(a.failureMessages?.[0] ?? '')
        .split('\n')[0]
        .slice(0, 300);
      summary.push(`     ✗ ${where} › ${a.fullName}: ${why}`);
    }
  }
  return ok;
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (want('typecheck')) step('type check', run(npm, ['run', 'typecheck', '--silent']));
if (want('lint')) step('lint', run(npm, ['run', 'lint', '--silent']));

if (want('unit')) {
  const projects = ['domain', 'contracts', 'db', 'web', 'api'];
  if (process.env.TEST_DATABASE_URL) projects.push('api-pg');
  else console.log('\nTEST_DATABASE_URL is not set: the PostgreSQL suite (api-pg) does not run.\n');
  vitest('unit-and-api', [...projects.flatMap((p) => ['--project', p]), '--coverage']);
}

if (want('e2e')) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const haveBrowser = existsSync(chromium);
  if (!haveBrowser && process.env.CI) {
    console.error(
      `\n!!! ${chromium} is missing: end-to-end tests must run in CI. Install it: apt-get install chromium\n`,
    );
    step('end-to-end: browser present', false);
  } else {
    const built = run(npm, ['run', 'build', '--silent']);
    step('production build', built);
    if (!haveBrowser) {
      console.warn('\n' + '!'.repeat(78));
      console.warn(`!!! Chromium not found at ${chromium}: END-TO-END TESTS ARE SKIPPED.`);
      console.warn('!!! Install it with: sudo apt-get install chromium');
      console.warn('!'.repeat(78) + '\n');
      vitest('e2e', ['--project', 'e2e'], { E2E_SKIP: '1' });
    } else if (built) {
      vitest('e2e', ['--project', 'e2e']);
    }
  }
}

console.log('\n' + summary.join('\n'));
const line = `${totals.passed} passed, ${totals.failed} failed` + (totals.skipped ? `, ${totals.skipped} skipped` : '');
console.log(line);
process.exit(totals.failed > 0 ? 1 : 0);
