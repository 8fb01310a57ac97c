CREATE TABLE `api_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`name` text NOT NULL,
	`prefix` text NOT NULL,
	`hash` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_hash` ON `api_keys` (`hash`);--> statement-breakpoint
CREATE INDEX `api_keys_guild` ON `api_keys` (`guild_id`);--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `admin_sessions` ADD `username` text;--> statement-breakpoint
ALTER TABLE `admin_sessions` ADD `avatar` text;--> statement-breakpoint
ALTER TABLE `admin_sessions` ADD `access_token` text;--> statement-breakpoint
ALTER TABLE `admin_sessions` ADD `guilds` text;--> statement-breakpoint
ALTER TABLE `admin_sessions` ADD `guilds_fetched_at` integer;--> statement-breakpoint
ALTER TABLE `guilds` ADD `billing_event_at` integer;