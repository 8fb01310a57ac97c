CREATE TABLE `mirror_authors` (
	`link_id` integer NOT NULL,
	`guild_id` text NOT NULL,
	`author_id` text NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`channel_id` text NOT NULL,
	`allowed` integer DEFAULT false NOT NULL,
	`last_seen_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`link_id`, `author_id`),
	FOREIGN KEY (`link_id`) REFERENCES `channel_links`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mirror_authors_guild` ON `mirror_authors` (`guild_id`);