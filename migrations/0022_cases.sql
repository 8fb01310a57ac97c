CREATE TABLE `cases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`number` integer NOT NULL,
	`action` text NOT NULL,
	`target_id` text NOT NULL,
	`target_name` text DEFAULT '' NOT NULL,
	`moderator_id` text,
	`moderator_name` text DEFAULT '' NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`duration_seconds` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`revoked_at` integer,
	`revoked_by` text,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cases_guild_number` ON `cases` (`guild_id`,`number`);--> statement-breakpoint
CREATE INDEX `cases_guild_target` ON `cases` (`guild_id`,`target_id`);