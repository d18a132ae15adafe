import type { EvaluationRun } from '@parley/shared/contracts/evaluations';
import { describe, expect, it } from 'vitest';
import { describeRunStatus, runPercent, scorePoints } from './run-display';

const score = (correct: number, counted: number) => ({ correct, counted, rate: counted ? correct / counted : null });
const run = (overrides: Partial<EvaluationRun>): EvaluationRun => ({
  id: 'run',
  status: 'done',
  trigger: 'manual',
  progress: { done: 3, total: 3 },
  error: null,
  summary: { retrieval: score(2, 3), answers: score(1, 2), declines: score(0, 0), overall: score(2, 3) },
  createdAt: '2026-11-20T10:00:00.000Z',
  startedAt: '2026-11-20T10:00:01.000Z',
  finishedAt: '2026-11-20T10:00:09.000Z',
  ...overrides,
});

describe('how a run is described', () => {
  it('says what a run is doing, and how far it got', () => {
    expect(describeRunStatus(run({ status: 'queued', trigger: 'training-data-changed', summary: null }))).toBe('The training data changed: waiting to start…');
    expect(describeRunStatus(run({ status: 'running', progress: { done: 1, total: 3 }, summary: null }))).toBe('Asking question 2 of 3…');
    expect(runPercent(run({ status: 'running', progress: { done: 1, total: 4 } }))).toBe(25);
    expect(runPercent(run({ status: 'running', progress: { done: 0, total: 0 } }))).toBe(0);
    expect(describeRunStatus(run({ progress: { done: 1, total: 1 } }))).toBe('1 question asked');
    expect(describeRunStatus(run({ status: 'failed', error: 'No provider.', summary: null }))).toBe('No provider.');
  });

  it('draws the finished runs oldest first, in percent, leaving out scores that count no question', () => {
    const newer = run({ id: 'newer', finishedAt: '2026-11-21T10:00:00.000Z', summary: { ...run({}).summary!, overall: score(3, 3) } });
    const older = run({ id: 'older' });
    const points = scorePoints([run({ id: 'running', status: 'running', summary: null }), newer, older]);
    expect(points.map((p) => [p.id, p.overall, p.retrieval, p.answers, p.declines])).toEqual([
      ['older', 66.7, 66.7, 50, null],
      ['newer', 100, 66.7, 50, null],
    ]);
  });
});
