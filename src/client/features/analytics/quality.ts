/** Spec section 9: the success and error rates shown while a guild has no translations. */
export const SAMPLE_QUALITY = { successRate: 97.8, errorRate: 2.2 };

export interface QualityMetrics {
  totalTranslations: number;
  successRate: number;
  avgResponseTime: number;
  errorRate: number;
}

/** The figures to show, and whether they are the spec's sample figures. */
export function qualityView(q: QualityMetrics) {
  if (q.totalTranslations > 0) return { ...q, sample: false };
  return { ...q, ...SAMPLE_QUALITY, sample: true };
}
