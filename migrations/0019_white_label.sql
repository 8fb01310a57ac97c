CREATE TABLE `white_label` (
	`guild_id` text PRIMARY KEY NOT NULL,
	`nickname` text,
	`avatar` text,
	`banner` text,
	`bio` text,
	`brand_color` integer,
	`footer` text,
	`updated_at` integer NOT NULL,
	`applied_at` integer,
	`apply_error` text,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
