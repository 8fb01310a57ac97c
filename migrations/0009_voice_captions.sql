CREATE TABLE `voice_settings` (
	`guild_id` text PRIMARY KEY NOT NULL,
	`caption_channel_id` text,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `voice_sessions` ADD `caption_channel_id` text;--> statement-breakpoint
ALTER TABLE `voice_sessions` ADD `caption_thread_id` text;