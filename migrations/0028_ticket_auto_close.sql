ALTER TABLE `ticket_settings` ADD `auto_close_days` integer;--> statement-breakpoint
ALTER TABLE `tickets` ADD `claimed_by_name` text;--> statement-breakpoint
ALTER TABLE `tickets` ADD `auto_close_warned_at` integer;