CREATE TABLE `gateway_identify` (
	`rate_limit_key` integer PRIMARY KEY NOT NULL,
	`next_at` integer NOT NULL
);
