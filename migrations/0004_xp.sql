CREATE TABLE `xp_settings` (
	`guild_id` text PRIMARY KEY NOT NULL,
	`level_up_channel_id` text DEFAULT '' NOT NULL,
	`ignored_channels` text DEFAULT '[]' NOT NULL,
	`role_rewards` text DEFAULT '[]' NOT NULL,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
