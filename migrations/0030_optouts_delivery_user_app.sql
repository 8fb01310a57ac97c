CREATE TABLE `translation_hidden_authors` (
	`guild_id` text NOT NULL,
	`user_id` text NOT NULL,
	`author_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`guild_id`, `user_id`, `author_id`),
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `user_app_usage` (
	`user_id` text NOT NULL,
	`day` integer NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `day`)
);
--> statement-breakpoint
ALTER TABLE `channel_links` ADD `delivery` text DEFAULT 'reply' NOT NULL;