import type { AuditCheck } from '@parley/shared/contracts/security-audit';
import { describe, expect, it } from 'vitest';
import { countByStatus, groupChecks, healthOf } from './audit-summary';

const check = (id: string, category: AuditCheck['category'], status: AuditCheck['status']): AuditCheck => ({
  id,
  category,
  status,
  title: id,
  reason: '',
  items: [],
});

describe('the audit health display', () => {
  it('is Healthy from 90, Degraded below', () => {
    expect(healthOf({ score: 90 })).toBe('Healthy');
    expect(healthOf({ score: 89 })).toBe('Degraded');
  });

  it('groups checks by category, failures first, and counts them', () => {
    const checks = [check('a', 'database', 'pass'), check('b', 'secrets', 'pass'), check('c', 'secrets', 'fail'), check('d', 'secrets', 'warn')];
    expect(groupChecks(checks).map((g) => [g.category, g.checks.map((c) => c.id)])).toEqual([
      ['secrets', ['c', 'd', 'b']],
      ['database', ['a']],
    ]);
    expect(countByStatus(checks)).toEqual({ pass: 2, warn: 1, fail: 1 });
  });
});
