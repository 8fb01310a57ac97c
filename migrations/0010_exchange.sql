CREATE TABLE `exchange_members` (
	`guild_id` text NOT NULL,
	`user_id` text NOT NULL,
	`username` text DEFAULT '' NOT NULL,
	`native_language` text NOT NULL,
	`learning_language` text NOT NULL,
	`reply_language` text DEFAULT 'en' NOT NULL,
	`waiting_since` integer NOT NULL,
	`previous_partner_id` text,
	`joined_at` integer NOT NULL,
	PRIMARY KEY(`guild_id`, `user_id`),
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `exchange_pairs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`user_a` text NOT NULL,
	`user_b` text NOT NULL,
	`language_a` text NOT NULL,
	`language_b` text NOT NULL,
	`created_at` integer NOT NULL,
	`ended_at` integer,
	`ended_reason` text,
	`ended_by` text,
	`end_told` text,
	`told_a` text,
	`told_b` text,
	`thread_id` text,
	`thread_channel_id` text,
	`delivery_error` text,
	`delivered_at` integer,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `exchange_pairs_guild` ON `exchange_pairs` (`guild_id`,`ended_at`);--> statement-breakpoint
CREATE INDEX `exchange_pairs_pending` ON `exchange_pairs` (`delivered_at`);--> statement-breakpoint
CREATE TABLE `exchange_settings` (
	`guild_id` text PRIMARY KEY NOT NULL,
	`channel_id` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
