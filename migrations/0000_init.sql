CREATE TABLE `admin_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`discord_user_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `announcements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`created_by` text NOT NULL,
	`original_text` text NOT NULL,
	`original_language` text NOT NULL,
	`translations` text NOT NULL,
	`target_channels` text NOT NULL,
	`post_requested_at` integer,
	`posted_at` integer,
	`post_results` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `announcements_guild` ON `announcements` (`guild_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `bot_config` (
	`guild_id` text PRIMARY KEY NOT NULL,
	`prefix` text DEFAULT '/' NOT NULL,
	`default_language` text DEFAULT 'en' NOT NULL,
	`leveling_enabled` integer DEFAULT true NOT NULL,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `channel_link_channels` (
	`link_id` integer NOT NULL,
	`channel_id` text NOT NULL,
	`language` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`link_id`, `channel_id`),
	FOREIGN KEY (`link_id`) REFERENCES `channel_links`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `channel_link_channels_channel` ON `channel_link_channels` (`channel_id`);--> statement-breakpoint
CREATE TABLE `channel_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`name` text NOT NULL,
	`mode` text DEFAULT 'mirror' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `channel_links_guild` ON `channel_links` (`guild_id`);--> statement-breakpoint
CREATE TABLE `channel_webhooks` (
	`channel_id` text PRIMARY KEY NOT NULL,
	`guild_id` text NOT NULL,
	`webhook_id` text NOT NULL,
	`webhook_token` text NOT NULL,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`subject` text NOT NULL,
	`type` text NOT NULL,
	`message` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `guild_channels` (
	`id` text PRIMARY KEY NOT NULL,
	`guild_id` text NOT NULL,
	`name` text NOT NULL,
	`type` integer DEFAULT 0 NOT NULL,
	`parent_id` text,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `guild_channels_guild` ON `guild_channels` (`guild_id`);--> statement-breakpoint
CREATE TABLE `guilds` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`icon` text,
	`plan` text DEFAULT 'free' NOT NULL,
	`present` integer DEFAULT true NOT NULL,
	`left_at` integer,
	`stripe_customer_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `learner_progress` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`user_id` text NOT NULL,
	`username` text DEFAULT '' NOT NULL,
	`learning_language` text NOT NULL,
	`native_language` text DEFAULT 'en' NOT NULL,
	`difficulty_level` text DEFAULT 'beginner' NOT NULL,
	`words_learned` integer DEFAULT 0 NOT NULL,
	`practice_streak` integer DEFAULT 0 NOT NULL,
	`flashcards_reviewed` integer DEFAULT 0 NOT NULL,
	`correct_answers` integer DEFAULT 0 NOT NULL,
	`last_practiced_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `learner_progress_member` ON `learner_progress` (`guild_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `member_xp` (
	`guild_id` text NOT NULL,
	`user_id` text NOT NULL,
	`username` text DEFAULT '' NOT NULL,
	`xp` integer DEFAULT 0 NOT NULL,
	`level` integer DEFAULT 0 NOT NULL,
	`message_count` integer DEFAULT 0 NOT NULL,
	`last_message_at` integer,
	PRIMARY KEY(`guild_id`, `user_id`),
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `member_xp_rank` ON `member_xp` (`guild_id`,`xp`);--> statement-breakpoint
CREATE TABLE `message_copies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`original_message_id` text NOT NULL,
	`original_channel_id` text NOT NULL,
	`copy_message_id` text NOT NULL,
	`copy_channel_id` text NOT NULL,
	`language` text NOT NULL,
	`kind` text DEFAULT 'webhook' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `message_copies_original` ON `message_copies` (`original_message_id`);--> statement-breakpoint
CREATE INDEX `message_copies_copy` ON `message_copies` (`copy_message_id`);--> statement-breakpoint
CREATE TABLE `moderation_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`type` text NOT NULL,
	`user_id` text NOT NULL,
	`message` text NOT NULL,
	`action` text NOT NULL,
	`timestamp` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `moderation_logs_guild_time` ON `moderation_logs` (`guild_id`,`timestamp`);--> statement-breakpoint
CREATE TABLE `moderation_rules` (
	`guild_id` text PRIMARY KEY NOT NULL,
	`spam_detection` integer DEFAULT true NOT NULL,
	`content_filtering` integer DEFAULT true NOT NULL,
	`banned_words` text DEFAULT '[]' NOT NULL,
	`auto_delete` integer DEFAULT false NOT NULL,
	`log_channel_id` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `poll_votes` (
	`poll_id` integer NOT NULL,
	`option_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`poll_id`, `option_id`, `user_id`),
	FOREIGN KEY (`poll_id`) REFERENCES `polls`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `polls` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`channel_id` text NOT NULL,
	`question` text NOT NULL,
	`options` text NOT NULL,
	`allow_multiple` integer DEFAULT false NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`ends_at` integer,
	`created_by` text NOT NULL,
	`message_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `polls_guild` ON `polls` (`guild_id`);--> statement-breakpoint
CREATE TABLE `reaction_roles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`channel_id` text DEFAULT '' NOT NULL,
	`message_id` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`roles` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `reaction_roles_guild` ON `reaction_roles` (`guild_id`);--> statement-breakpoint
CREATE INDEX `reaction_roles_message` ON `reaction_roles` (`message_id`);--> statement-breakpoint
CREATE TABLE `ticket_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ticket_id` integer NOT NULL,
	`message_id` text NOT NULL,
	`user_id` text NOT NULL,
	`original_text` text NOT NULL,
	`original_language` text NOT NULL,
	`translations` text NOT NULL,
	`translated` integer DEFAULT true NOT NULL,
	`is_staff` integer DEFAULT false NOT NULL,
	`delivered_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ticket_messages_ticket` ON `ticket_messages` (`ticket_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `tickets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`subject` text NOT NULL,
	`description` text NOT NULL,
	`support_language` text DEFAULT 'en' NOT NULL,
	`user_language` text NOT NULL,
	`user_id` text NOT NULL,
	`channel_id` text,
	`priority` text DEFAULT 'medium' NOT NULL,
	`category` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`resolved_at` integer,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tickets_guild_status` ON `tickets` (`guild_id`,`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `translation_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`channel_id` text,
	`user_id` text,
	`username` text,
	`source_language` text NOT NULL,
	`target_language` text NOT NULL,
	`characters` integer NOT NULL,
	`latency_ms` integer DEFAULT 0 NOT NULL,
	`outcome` text DEFAULT 'ok' NOT NULL,
	`source` text DEFAULT 'mirror' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `translation_logs_guild_time` ON `translation_logs` (`guild_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `translation_logs_guild_user` ON `translation_logs` (`guild_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `translation_logs_time` ON `translation_logs` (`created_at`);--> statement-breakpoint
CREATE TABLE `translation_settings` (
	`guild_id` text PRIMARY KEY NOT NULL,
	`auto_detect` integer DEFAULT true NOT NULL,
	`translation_tone` text DEFAULT 'casual' NOT NULL,
	`context_preservation` integer DEFAULT true NOT NULL,
	`rate_limit_per_user` integer DEFAULT 50 NOT NULL,
	`skip_prefix` text DEFAULT '!' NOT NULL,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `usage_notices` (
	`guild_id` text NOT NULL,
	`month` text NOT NULL,
	`threshold` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`guild_id`, `month`, `threshold`),
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `user_languages` (
	`user_id` text PRIMARY KEY NOT NULL,
	`language` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `voice_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`channel_id` text NOT NULL,
	`source_language` text NOT NULL,
	`target_language` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`duration_seconds` integer DEFAULT 0 NOT NULL,
	`characters_processed` integer DEFAULT 0 NOT NULL,
	`started_by` text,
	`started_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`ended_at` integer,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `voice_sessions_guild` ON `voice_sessions` (`guild_id`,`status`,`started_at`);--> statement-breakpoint
CREATE TABLE `welcome_config` (
	`guild_id` text PRIMARY KEY NOT NULL,
	`enabled` integer DEFAULT false NOT NULL,
	`messages` text DEFAULT '{}' NOT NULL,
	`channel_id` text DEFAULT '' NOT NULL,
	`role_id` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
