ALTER TABLE `polls` ADD `post_error` text;--> statement-breakpoint
ALTER TABLE `polls` ADD `stale` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `polls` ADD `closed_at` integer;--> statement-breakpoint
ALTER TABLE `polls` ADD `deleted_at` integer;