ALTER TABLE `guilds` ADD `usage_month` text;--> statement-breakpoint
ALTER TABLE `guilds` ADD `usage_carried` integer DEFAULT 0 NOT NULL;