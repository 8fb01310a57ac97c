CREATE TABLE `skipped_trivial_daily` (
	`guild_id` text NOT NULL,
	`day` integer NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`guild_id`, `day`),
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `translation_settings` ADD `skip_trivial` integer DEFAULT true NOT NULL;