CREATE TABLE `guild_bot_permissions` (
	`guild_id` text PRIMARY KEY NOT NULL,
	`report` text NOT NULL,
	`checked_at` integer NOT NULL,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
