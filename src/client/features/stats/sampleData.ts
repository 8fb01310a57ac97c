/**
 * Spec section 2: fallback sample figures shown while a guild has no data of its own
 * (stats.guild answers hasData false). The page marks them as sample data.
 */
export const SAMPLE_STATS = {
  totalTranslations: 12_847,
  translationsTrend: 12,
  linkedChannels: 8,
  activeUsers: 1_234,
  activeUsersTrend: 8,
  avgSpeedMs: 800,
  hasData: false,
};

export const SAMPLE_ACTIVITY = {
  weekly: [
    { day: 'Mon', translations: 1_420 },
    { day: 'Tue', translations: 1_680 },
    { day: 'Wed', translations: 1_950 },
    { day: 'Thu', translations: 1_740 },
    { day: 'Fri', translations: 2_210 },
    { day: 'Sat', translations: 2_480 },
    { day: 'Sun', translations: 1_367 },
  ],
  recent: [
    { id: -1, from: 'en', to: 'es', user: 'alex_gamer', minutesAgo: 2 },
    { id: -2, from: 'ja', to: 'en', user: 'sakura', minutesAgo: 5 },
    { id: -3, from: 'fr', to: 'de', user: 'pierre.dupont', minutesAgo: 12 },
    { id: -4, from: 'es', to: 'pt', user: 'maria_s', minutesAgo: 18 },
    { id: -5, from: 'de', to: 'en', user: 'lukas', minutesAgo: 31 },
  ],
  topLanguages: [
    { language: 'en', users: 456, percent: 37 },
    { language: 'es', users: 298, percent: 24 },
    { language: 'fr', users: 187, percent: 15 },
    { language: 'de', users: 152, percent: 12 },
    { language: 'ja', users: 141, percent: 12 },
  ],
};
