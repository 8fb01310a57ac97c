ALTER TABLE `reaction_roles` ADD `menu` text;--> statement-breakpoint
ALTER TABLE `reaction_roles` ADD `post_error` text;--> statement-breakpoint
ALTER TABLE `reaction_roles` ADD `deleted_at` integer;