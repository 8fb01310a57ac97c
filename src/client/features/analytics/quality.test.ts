import { describe, expect, it } from 'vitest';
import { qualityView } from './quality';

describe('analytics quality metrics', () => {
  it('shows the real figures when the guild has translations', () => {
    const v = qualityView({ totalTranslations: 10, successRate: 90, avgResponseTime: 420, errorRate: 10 });
    expect(v).toMatchObject({ successRate: 90, errorRate: 10, sample: false });
  });

  it('falls back to the sample 97.8 / 2.2, marked as sample, without translations', () => {
    const v = qualityView({ totalTranslations: 0, successRate: 0, avgResponseTime: 0, errorRate: 0 });
    expect(v).toMatchObject({ successRate: 97.8, errorRate: 2.2, sample: true, totalTranslations: 0 });
  });
});
