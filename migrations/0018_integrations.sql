CREATE TABLE `integration_items` (
	`integration_id` integer NOT NULL,
	`item_id` text NOT NULL,
	`announcement_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`integration_id`, `item_id`),
	FOREIGN KEY (`integration_id`) REFERENCES `integrations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `integrations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`kind` text NOT NULL,
	`source_id` text NOT NULL,
	`source_name` text DEFAULT '' NOT NULL,
	`link_id` integer NOT NULL,
	`push_verified_at` integer,
	`push_expires_at` integer,
	`subscription_id` text,
	`subscription_status` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`link_id`) REFERENCES `channel_links`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `integrations_source` ON `integrations` (`guild_id`,`kind`,`source_id`);--> statement-breakpoint
CREATE INDEX `integrations_kind_source` ON `integrations` (`kind`,`source_id`);--> statement-breakpoint
CREATE TABLE `webhook_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`received_at` integer NOT NULL
);
