ALTER TABLE `ticket_settings` ADD `categories` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `tickets` ADD `intake` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `tickets` ADD `claimed_by` text;--> statement-breakpoint
ALTER TABLE `tickets` ADD `claimed_at` integer;--> statement-breakpoint
ALTER TABLE `tickets` ADD `close_reason` text;--> statement-breakpoint
ALTER TABLE `tickets` ADD `rating` integer;