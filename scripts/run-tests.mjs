#!/usr/bin/env node
/**
 * `npm test`: every check — type check and lint side by side, then build, bundle budgets, unit and integration tests,
 * browser tests — stopping at the first step that fails. It prints how long each phase took, the number of tests run (which
 * must not fall below the floor in scripts/test-count-floor.json: a test is deleted or skipped only on purpose, with the
 * floor lowered in the same commit), and a warning when the whole run passes 25 minutes (CI's limit is 90).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const floorFile = path.join(root, 'scripts', 'test-count-floor.json');
const WARN_AFTER_S = 25 * 60;
const scratch = mkdtempSync(path.join(tmpdir(), 'parley-test-run-'));

/** A vitest phase writes its results as JSON beside the usual output, for the counts. */
const vitestReport = (name) => path.join(scratch, `${name}.json`);
const vitestArgs = (name) => ['--', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport(name)}`];

/** Steps run one after another; the phases of a step run at once (the type check and the lint use a core each). */
const steps = [
  [
    { name: 'typecheck', script: 'typecheck' },
    { name: 'lint', script: 'lint' },
  ],
  [{ name: 'build', script: 'build' }],
  [{ name: 'bundle', script: 'check:bundle' }],
  [{ name: 'unit', script: 'test:unit', args: vitestArgs('unit'), counts: 'unit' }],
  [{ name: 'browser', script: 'test:e2e', args: vitestArgs('browser'), counts: 'browser' }],
];

function run(script, args = []) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script, ...args], { cwd: root, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function countsOf(name) {
  try {
    const report = JSON.parse(readFileSync(vitestReport(name), 'utf8'));
    return { total: report.numTotalTests, passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
  } catch {
    return undefined;
  }
}

const started = Date.now();
const timings = [];
const counts = {};
let failedPhase;
for (const step of steps) {
  const codes = await Promise.all(
    step.map(async (phase) => {
      const phaseStarted = Date.now();
      console.log(`\n[test] ${phase.name}: npm run ${phase.script}`);
      const code = await run(phase.script, phase.args);
      const seconds = (Date.now() - phaseStarted) / 1000;
      console.log(`[test] ${phase.name} ${code === 0 ? 'passed' : 'FAILED'} in ${Math.round(seconds)} s`);
      timings.push({ name: phase.name, seconds, ok: code === 0 });
      if (phase.counts) counts[phase.counts] = countsOf(phase.counts);
      return code;
    }),
  );
  const failed = step.find((_, index) => codes[index] !== 0);
  if (failed) {
    failedPhase = failed.name;
    break;
  }
}
rmSync(scratch, { recursive: true, force: true });

const total = (Date.now() - started) / 1000;
const format = (seconds) => `${Math.floor(seconds / 60)}m ${String(Math.round(seconds % 60)).padStart(2, '0')}s`;
console.log('\n[test] phase times');
for (const { name, seconds, ok } of timings) console.log(`[test]   ${name.padEnd(10)} ${format(seconds).padStart(8)}${ok ? '' : '  FAILED'}`);
console.log(`[test]   ${'total'.padEnd(10)} ${format(total).padStart(8)}`);
if (total > WARN_AFTER_S) console.log(`[test] WARNING: the run took ${format(total)}, more than 25 minutes (CI stops at 90)`);

const floor = JSON.parse(readFileSync(floorFile, 'utf8'));
let belowFloor = false;
for (const [name, count] of Object.entries(counts)) {
  if (!count) continue;
  console.log(`[test] ${name} tests: ${count.total} (${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped); floor ${floor[name]}`);
  if (!failedPhase && count.total < floor[name]) {
    console.log(`[test] FAILED: ${count.total} ${name} tests, fewer than the floor of ${floor[name]} (scripts/test-count-floor.json)`);
    belowFloor = true;
  }
}
const sum = (key) => Object.values(counts).reduce((acc, count) => acc + (count?.[key] ?? 0), 0);
if (Object.keys(counts).length) console.log(`${sum('passed')} passed, ${sum('failed')} failed, ${sum('skipped')} skipped`);
if (failedPhase) console.log(`[test] FAILED in the ${failedPhase} phase`);
process.exit(failedPhase || belowFloor ? 1 : 0);
