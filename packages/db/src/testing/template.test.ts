import { describe, expect, it } from 'vitest';
import { isStaleTemplate, STALE_PARTIAL_MS } from './index';

describe('which prepared test databases a run may drop', () => {
  const now = Date.UTC(2026, 10, 27, 12, 0, 0);
  const partial = (begun: number) => `freight_tplpart_${begun.toString(36)}_0a1b2c3d`;

  it('drops a template of other migrations', () => {
    expect(isStaleTemplate('freight_tpl_0123456789abcdef', now)).toBe(true);
  });

  it('leaves an unfinished copy another worker may be migrating now', () => {
    expect(isStaleTemplate(partial(now), now)).toBe(false);
    expect(isStaleTemplate(partial(now - 60_000), now)).toBe(false);
    expect(isStaleTemplate(partial(now - STALE_PARTIAL_MS), now)).toBe(false);
  });

  it('drops an unfinished copy left by a run that died, and one named without its start', () => {
    expect(isStaleTemplate(partial(now - STALE_PARTIAL_MS - 1), now)).toBe(true);
    expect(isStaleTemplate('freight_tplpart_0a1b2c3d4e5f', now)).toBe(true);
  });

  it('never names a test database or anything else', () => {
    expect(isStaleTemplate('test_mi3x1k2_0a1b2c3d', now)).toBe(false);
    expect(isStaleTemplate('postgres', now)).toBe(false);
  });
});
