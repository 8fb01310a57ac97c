CREATE TABLE `health_samples` (
	`component` text NOT NULL,
	`at` integer NOT NULL,
	`up` integer NOT NULL,
	PRIMARY KEY(`component`, `at`)
);
--> statement-breakpoint
CREATE INDEX `health_samples_at` ON `health_samples` (`at`);