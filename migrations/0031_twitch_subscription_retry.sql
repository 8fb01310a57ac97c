ALTER TABLE `integrations` ADD `subscription_retry_at` integer;--> statement-breakpoint
ALTER TABLE `integrations` ADD `subscription_attempts` integer DEFAULT 0 NOT NULL;