CREATE TABLE `ticket_settings` (
	`guild_id` text PRIMARY KEY NOT NULL,
	`channel_id` text,
	`default_channel_id` text,
	`support_role_id` text,
	`support_language` text DEFAULT 'en' NOT NULL,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `read_at` integer;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `archived_at` integer;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `forwarded_at` integer;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `forward_attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `forward_error` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `next_forward_at` integer;--> statement-breakpoint
ALTER TABLE `ticket_messages` ADD `kind` text DEFAULT 'message' NOT NULL;--> statement-breakpoint
ALTER TABLE `ticket_messages` ADD `source` text DEFAULT 'dashboard' NOT NULL;--> statement-breakpoint
ALTER TABLE `ticket_messages` ADD `delivery_error` text;--> statement-breakpoint
CREATE INDEX `ticket_messages_pending` ON `ticket_messages` (`delivered_at`,`is_staff`);