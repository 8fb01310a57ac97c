CREATE TABLE `channel_link_languages` (
	`link_id` integer NOT NULL,
	`language` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`link_id`, `language`),
	FOREIGN KEY (`link_id`) REFERENCES `channel_links`(`id`) ON UPDATE no action ON DELETE cascade
);
