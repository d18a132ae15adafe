import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The server files that take a minute or more: each spends most of it waiting (a job lease to expire, killed processes
 * to be replaced, a thousand jobs to drain), which is why they cannot simply be made faster. Run last, one of them
 * alone keeps a worker busy while the other has finished; run first, the rest of the suite fills in beside them.
 * Measured on this machine (docs/performance.md, Test suite); vitest orders by its own measurements when it has them.
 */
const SLOWEST_FIRST = [
  'apps/server/src/jobs/crash-recovery.test.ts',
  'apps/server/src/jobs/embedded-crash-recovery.test.ts',
  'apps/server/src/jobs/roles.test.ts',
  'apps/server/src/jobs/queue.test.ts',
  'apps/server/src/features/auth/route-matrix.test.ts',
  'apps/server/src/features/organizations/organizations.test.ts',
  'apps/server/src/rag/retrieval.test.ts',
  'apps/server/src/features/webhooks/events.test.ts',
];

/** Vitest's order, except that the files above start first, in that order, when vitest has no timings of its own. */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const rank = (file: TestSpecification) => {
      const index = SLOWEST_FIRST.indexOf(path.relative(root, file.moduleId));
      return index === -1 ? SLOWEST_FIRST.length : index;
    };
    const hasTimings = sorted.some((file) => this.ctx.cache.getFileTestResults(`${file.project.name}:${path.relative(root, file.moduleId)}`));
    return hasTimings ? sorted : [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
