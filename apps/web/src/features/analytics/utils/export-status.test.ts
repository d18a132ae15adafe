import { describe, expect, it } from 'vitest';
import { exportPercent, exportProgressText, isExportPending } from './export-status';

const item = { status: 'running' as const, percent: 24.4, rowsDone: 1200, rowsTotal: 5000, sizeBytes: null, error: null };

describe('export progress', () => {
  it('polls only while the export is being written', () => {
    expect(isExportPending('queued')).toBe(true);
    expect(isExportPending('running')).toBe(true);
    expect(isExportPending('done')).toBe(false);
    expect(isExportPending('failed')).toBe(false);
  });

  it('fills the bar from the server’s percent, full when done, empty of figures while the total is unknown', () => {
    expect(exportPercent(item)).toBe(24);
    expect(exportPercent({ status: 'done', percent: 99 })).toBe(100);
    expect(exportPercent({ status: 'queued', percent: null })).toBeNull();
  });

  it('says where the export stands', () => {
    expect(exportProgressText({ ...item, status: 'queued' })).toBe('Waiting to start…');
    expect(exportProgressText(item)).toBe('1,200 of 5,000 rows');
    expect(exportProgressText({ ...item, rowsTotal: null })).toBe('1,200 rows so far…');
    expect(exportProgressText({ ...item, status: 'done', rowsTotal: 5000, sizeBytes: 122_880 })).toBe('5,000 rows · 120 KB');
    expect(exportProgressText({ ...item, status: 'failed', error: 'The period has no data' })).toBe('The period has no data');
  });
});
