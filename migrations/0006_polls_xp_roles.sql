CREATE TABLE `guild_roles` (
	`id` text PRIMARY KEY NOT NULL,
	`guild_id` text NOT NULL,
	`name` text NOT NULL,
	`color` integer DEFAULT 0 NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`managed` integer DEFAULT false NOT NULL,
	`assignable` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `guild_roles_guild` ON `guild_roles` (`guild_id`);--> statement-breakpoint
CREATE TABLE `xp_settings` (
	`guild_id` text PRIMARY KEY NOT NULL,
	`level_up_channel_id` text DEFAULT '' NOT NULL,
	`ignored_channels` text DEFAULT '[]' NOT NULL,
	`role_rewards` text DEFAULT '[]' NOT NULL,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `polls` ADD `post_error` text;--> statement-breakpoint
ALTER TABLE `polls` ADD `stale` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `polls` ADD `closed_at` integer;--> statement-breakpoint
ALTER TABLE `polls` ADD `deleted_at` integer;--> statement-breakpoint
ALTER TABLE `reaction_roles` ADD `menu` text;--> statement-breakpoint
ALTER TABLE `reaction_roles` ADD `post_error` text;--> statement-breakpoint
ALTER TABLE `reaction_roles` ADD `deleted_at` integer;