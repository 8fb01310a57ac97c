CREATE TABLE `rate_limits` (
	`scope` text NOT NULL,
	`key` text NOT NULL,
	`window_start` integer NOT NULL,
	`hits` integer NOT NULL,
	PRIMARY KEY(`scope`, `key`)
);
--> statement-breakpoint
CREATE INDEX `rate_limits_window` ON `rate_limits` (`window_start`);