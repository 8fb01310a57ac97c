CREATE TABLE `learning_decks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`language` text NOT NULL,
	`level` text NOT NULL,
	`cards` text NOT NULL,
	`provider` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `learning_decks_language_level` ON `learning_decks` (`language`,`level`);