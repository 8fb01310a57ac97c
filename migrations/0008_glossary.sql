CREATE TABLE `glossary_terms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`term` text NOT NULL,
	`translations` text DEFAULT '{}' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `glossary_terms_guild_term` ON `glossary_terms` (`guild_id`,`term`);--> statement-breakpoint
CREATE TABLE `translation_style` (
	`guild_id` text PRIMARY KEY NOT NULL,
	`custom_instructions` text DEFAULT '' NOT NULL,
	`slang` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `translation_logs` ADD `input_tokens` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `translation_logs` ADD `output_tokens` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `translation_logs` ADD `cached_tokens` integer DEFAULT 0 NOT NULL;