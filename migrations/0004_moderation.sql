ALTER TABLE `moderation_logs` ADD `rule` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `moderation_logs` ADD `language` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `moderation_rules` ADD `scam_detection` integer DEFAULT true NOT NULL;