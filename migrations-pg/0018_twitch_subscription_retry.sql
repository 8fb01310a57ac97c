-- Twitch EventSub retry with backoff (issue 27; SQLite migration 0031_twitch_subscription_retry).

ALTER TABLE "integrations" ADD COLUMN "subscription_retry_at" bigint;
ALTER TABLE "integrations" ADD COLUMN "subscription_attempts" bigint DEFAULT 0 NOT NULL;
