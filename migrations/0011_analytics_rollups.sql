CREATE TABLE `analytics_daily` (
	`guild_id` text NOT NULL,
	`day` integer NOT NULL,
	`source_language` text NOT NULL,
	`target_language` text NOT NULL,
	`outcome` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`latency_sum` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`guild_id`, `day`, `source_language`, `target_language`, `outcome`),
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `analytics_hours` (
	`guild_id` text NOT NULL,
	`day` integer NOT NULL,
	`hour` integer NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`guild_id`, `day`, `hour`),
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `analytics_language_members` (
	`guild_id` text NOT NULL,
	`target_language` text NOT NULL,
	`user_id` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`guild_id`, `target_language`, `user_id`),
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `analytics_member_days` (
	`guild_id` text NOT NULL,
	`day` integer NOT NULL,
	`user_id` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`guild_id`, `day`, `user_id`),
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `analytics_members` (
	`guild_id` text NOT NULL,
	`user_id` text NOT NULL,
	`ok` integer DEFAULT 0 NOT NULL,
	`errors` integer DEFAULT 0 NOT NULL,
	`last_at` integer DEFAULT 0 NOT NULL,
	`username` text,
	PRIMARY KEY(`guild_id`, `user_id`),
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `translation_logs_guild_time_user` ON `translation_logs` (`guild_id`,`created_at`,`user_id`,`outcome`);
--> statement-breakpoint
-- The rollups follow translation_logs in the same transaction as every insert, delete (retention,
-- reset, a removed server's cascade) or update of a log.
CREATE TRIGGER analytics_log_insert AFTER INSERT ON translation_logs BEGIN
  INSERT INTO analytics_daily (guild_id, day, source_language, target_language, outcome, count, latency_sum)
    SELECT new.guild_id, CAST(new.created_at AS INTEGER) / 86400000 * 86400000, new.source_language, new.target_language, new.outcome, 1, new.latency_ms WHERE true
    ON CONFLICT DO UPDATE SET count = count + 1, latency_sum = latency_sum + excluded.latency_sum;
  INSERT INTO analytics_hours (guild_id, day, hour, count)
    SELECT new.guild_id, CAST(new.created_at AS INTEGER) / 86400000 * 86400000, CAST(new.created_at AS INTEGER) % 86400000 / 3600000, 1 WHERE new.outcome = 'ok'
    ON CONFLICT DO UPDATE SET count = count + 1;
  INSERT INTO analytics_member_days (guild_id, day, user_id, count)
    SELECT new.guild_id, CAST(new.created_at AS INTEGER) / 86400000 * 86400000, new.user_id, 1 WHERE new.user_id IS NOT NULL
    ON CONFLICT DO UPDATE SET count = count + 1;
  INSERT INTO analytics_members (guild_id, user_id, ok, errors, last_at, username)
    SELECT new.guild_id, new.user_id, new.outcome = 'ok', new.outcome = 'error', new.created_at, new.username
     WHERE new.user_id IS NOT NULL AND new.outcome IN ('ok', 'error')
    ON CONFLICT DO UPDATE SET ok = ok + excluded.ok, errors = errors + excluded.errors,
      username = CASE WHEN excluded.last_at > last_at THEN excluded.username ELSE username END,
      last_at = max(last_at, excluded.last_at);
  INSERT INTO analytics_language_members (guild_id, target_language, user_id, count)
    SELECT new.guild_id, new.target_language, new.user_id, 1 WHERE new.outcome = 'ok' AND new.user_id IS NOT NULL
    ON CONFLICT DO UPDATE SET count = count + 1;
END;
--> statement-breakpoint
CREATE TRIGGER analytics_log_delete AFTER DELETE ON translation_logs BEGIN
  UPDATE analytics_daily SET count = count - 1, latency_sum = latency_sum - old.latency_ms WHERE guild_id = old.guild_id AND day = CAST(old.created_at AS INTEGER) / 86400000 * 86400000 AND source_language = old.source_language AND target_language = old.target_language AND outcome = old.outcome;
  DELETE FROM analytics_daily WHERE guild_id = old.guild_id AND day = CAST(old.created_at AS INTEGER) / 86400000 * 86400000 AND source_language = old.source_language AND target_language = old.target_language AND outcome = old.outcome AND count <= 0;
  UPDATE analytics_hours SET count = count - 1 WHERE old.outcome = 'ok' AND guild_id = old.guild_id AND day = CAST(old.created_at AS INTEGER) / 86400000 * 86400000 AND hour = CAST(old.created_at AS INTEGER) % 86400000 / 3600000;
  DELETE FROM analytics_hours WHERE guild_id = old.guild_id AND day = CAST(old.created_at AS INTEGER) / 86400000 * 86400000 AND hour = CAST(old.created_at AS INTEGER) % 86400000 / 3600000 AND count <= 0;
  UPDATE analytics_member_days SET count = count - 1 WHERE guild_id = old.guild_id AND day = CAST(old.created_at AS INTEGER) / 86400000 * 86400000 AND user_id = old.user_id;
  DELETE FROM analytics_member_days WHERE guild_id = old.guild_id AND day = CAST(old.created_at AS INTEGER) / 86400000 * 86400000 AND user_id = old.user_id AND count <= 0;
  UPDATE analytics_members SET ok = ok - (old.outcome = 'ok'), errors = errors - (old.outcome = 'error') WHERE old.outcome IN ('ok', 'error') AND guild_id = old.guild_id AND user_id = old.user_id;
  DELETE FROM analytics_members WHERE guild_id = old.guild_id AND user_id = old.user_id AND ok <= 0 AND errors <= 0;
  UPDATE analytics_members SET (last_at, username) = (
      SELECT l.created_at, l.username FROM translation_logs l
       WHERE l.guild_id = old.guild_id AND l.user_id = old.user_id AND l.outcome IN ('ok', 'error')
       ORDER BY l.created_at DESC, l.id ASC LIMIT 1)
     WHERE old.outcome IN ('ok', 'error') AND guild_id = old.guild_id AND user_id = old.user_id AND last_at = old.created_at;
  UPDATE analytics_language_members SET count = count - 1 WHERE old.outcome = 'ok' AND guild_id = old.guild_id AND target_language = old.target_language AND user_id = old.user_id;
  DELETE FROM analytics_language_members WHERE guild_id = old.guild_id AND target_language = old.target_language AND user_id = old.user_id AND count <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER analytics_log_update AFTER UPDATE ON translation_logs BEGIN
  UPDATE analytics_daily SET count = count - 1, latency_sum = latency_sum - old.latency_ms WHERE guild_id = old.guild_id AND day = CAST(old.created_at AS INTEGER) / 86400000 * 86400000 AND source_language = old.source_language AND target_language = old.target_language AND outcome = old.outcome;
  DELETE FROM analytics_daily WHERE guild_id = old.guild_id AND day = CAST(old.created_at AS INTEGER) / 86400000 * 86400000 AND source_language = old.source_language AND target_language = old.target_language AND outcome = old.outcome AND count <= 0;
  UPDATE analytics_hours SET count = count - 1 WHERE old.outcome = 'ok' AND guild_id = old.guild_id AND day = CAST(old.created_at AS INTEGER) / 86400000 * 86400000 AND hour = CAST(old.created_at AS INTEGER) % 86400000 / 3600000;
  DELETE FROM analytics_hours WHERE guild_id = old.guild_id AND day = CAST(old.created_at AS INTEGER) / 86400000 * 86400000 AND hour = CAST(old.created_at AS INTEGER) % 86400000 / 3600000 AND count <= 0;
  UPDATE analytics_member_days SET count = count - 1 WHERE guild_id = old.guild_id AND day = CAST(old.created_at AS INTEGER) / 86400000 * 86400000 AND user_id = old.user_id;
  DELETE FROM analytics_member_days WHERE guild_id = old.guild_id AND day = CAST(old.created_at AS INTEGER) / 86400000 * 86400000 AND user_id = old.user_id AND count <= 0;
  UPDATE analytics_members SET ok = ok - (old.outcome = 'ok'), errors = errors - (old.outcome = 'error') WHERE old.outcome IN ('ok', 'error') AND guild_id = old.guild_id AND user_id = old.user_id;
  DELETE FROM analytics_members WHERE guild_id = old.guild_id AND user_id = old.user_id AND ok <= 0 AND errors <= 0;
  UPDATE analytics_members SET (last_at, username) = (
      SELECT l.created_at, l.username FROM translation_logs l
       WHERE l.guild_id = old.guild_id AND l.user_id = old.user_id AND l.outcome IN ('ok', 'error')
       ORDER BY l.created_at DESC, l.id ASC LIMIT 1)
     WHERE old.outcome IN ('ok', 'error') AND guild_id = old.guild_id AND user_id = old.user_id AND last_at = old.created_at;
  UPDATE analytics_language_members SET count = count - 1 WHERE old.outcome = 'ok' AND guild_id = old.guild_id AND target_language = old.target_language AND user_id = old.user_id;
  DELETE FROM analytics_language_members WHERE guild_id = old.guild_id AND target_language = old.target_language AND user_id = old.user_id AND count <= 0;
  INSERT INTO analytics_daily (guild_id, day, source_language, target_language, outcome, count, latency_sum)
    SELECT new.guild_id, CAST(new.created_at AS INTEGER) / 86400000 * 86400000, new.source_language, new.target_language, new.outcome, 1, new.latency_ms WHERE true
    ON CONFLICT DO UPDATE SET count = count + 1, latency_sum = latency_sum + excluded.latency_sum;
  INSERT INTO analytics_hours (guild_id, day, hour, count)
    SELECT new.guild_id, CAST(new.created_at AS INTEGER) / 86400000 * 86400000, CAST(new.created_at AS INTEGER) % 86400000 / 3600000, 1 WHERE new.outcome = 'ok'
    ON CONFLICT DO UPDATE SET count = count + 1;
  INSERT INTO analytics_member_days (guild_id, day, user_id, count)
    SELECT new.guild_id, CAST(new.created_at AS INTEGER) / 86400000 * 86400000, new.user_id, 1 WHERE new.user_id IS NOT NULL
    ON CONFLICT DO UPDATE SET count = count + 1;
  INSERT INTO analytics_members (guild_id, user_id, ok, errors, last_at, username)
    SELECT new.guild_id, new.user_id, new.outcome = 'ok', new.outcome = 'error', new.created_at, new.username
     WHERE new.user_id IS NOT NULL AND new.outcome IN ('ok', 'error')
    ON CONFLICT DO UPDATE SET ok = ok + excluded.ok, errors = errors + excluded.errors,
      username = CASE WHEN excluded.last_at > last_at THEN excluded.username ELSE username END,
      last_at = max(last_at, excluded.last_at);
  INSERT INTO analytics_language_members (guild_id, target_language, user_id, count)
    SELECT new.guild_id, new.target_language, new.user_id, 1 WHERE new.outcome = 'ok' AND new.user_id IS NOT NULL
    ON CONFLICT DO UPDATE SET count = count + 1;
END;
--> statement-breakpoint
-- Backfill from the logs already stored.
INSERT INTO analytics_daily (guild_id, day, source_language, target_language, outcome, count, latency_sum)
  SELECT guild_id, CAST(created_at AS INTEGER) / 86400000 * 86400000, source_language, target_language, outcome, count(*), sum(latency_ms)
    FROM translation_logs GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO analytics_hours (guild_id, day, hour, count)
  SELECT guild_id, CAST(created_at AS INTEGER) / 86400000 * 86400000, CAST(created_at AS INTEGER) % 86400000 / 3600000, count(*)
    FROM translation_logs WHERE outcome = 'ok' GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO analytics_member_days (guild_id, day, user_id, count)
  SELECT guild_id, CAST(created_at AS INTEGER) / 86400000 * 86400000, user_id, count(*) FROM translation_logs WHERE user_id IS NOT NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO analytics_members (guild_id, user_id, ok, errors, last_at, username)
  SELECT guild_id, user_id, sum(outcome = 'ok'), sum(outcome = 'error'), max(created_at), username
    FROM translation_logs WHERE user_id IS NOT NULL AND outcome IN ('ok', 'error') GROUP BY guild_id, user_id;
--> statement-breakpoint
INSERT INTO analytics_language_members (guild_id, target_language, user_id, count)
  SELECT guild_id, target_language, user_id, count(*)
    FROM translation_logs WHERE outcome = 'ok' AND user_id IS NOT NULL GROUP BY 1, 2, 3;
