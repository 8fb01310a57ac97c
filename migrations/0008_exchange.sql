ALTER TABLE `exchange_pairs` ADD `ended_by` text;--> statement-breakpoint
ALTER TABLE `exchange_pairs` ADD `end_told` text;