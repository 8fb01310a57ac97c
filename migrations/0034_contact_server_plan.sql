ALTER TABLE `contact_messages` ADD `server_id` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `server_plan` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `server_verified` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `reply_due_at` integer;