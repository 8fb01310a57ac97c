CREATE TABLE `untranslated_daily` (
	`guild_id` text NOT NULL,
	`day` integer NOT NULL,
	`reason` text NOT NULL,
	`marked` integer DEFAULT 0 NOT NULL,
	`recovered` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`guild_id`, `day`, `reason`),
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
