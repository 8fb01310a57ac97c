-- Covering index for the all-time figures per language pair and outcome (issue 25; SQLite migration
-- 0034_analytics_daily_pairs): stats.guild's totals and analytics.get's languages, pairs and quality
-- read it in group order instead of the whole server's daily rows.

CREATE INDEX "analytics_daily_pairs" ON "analytics_daily" ("guild_id", "source_language", "target_language", "outcome", "count", "latency_sum");
