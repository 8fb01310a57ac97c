CREATE TABLE `case_escalations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`counts` text NOT NULL,
	`threshold` integer NOT NULL,
	`window_days` integer NOT NULL,
	`action` text NOT NULL,
	`duration_seconds` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `case_escalations_guild` ON `case_escalations` (`guild_id`);--> statement-breakpoint
CREATE INDEX `cases_guild_time` ON `cases` (`guild_id`,`created_at`);