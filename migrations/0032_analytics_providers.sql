CREATE TABLE `analytics_providers` (
	`guild_id` text NOT NULL,
	`day` integer NOT NULL,
	`provider` text NOT NULL,
	`outcome` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`characters` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`guild_id`, `day`, `provider`, `outcome`),
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Which provider lane served each share (issue 28): kept beside translation_logs in the same
-- transaction as every insert, delete or update of a log, like the rollups of 0011; '' stands for
-- a log without a recorded lane.
CREATE TRIGGER analytics_provider_insert AFTER INSERT ON translation_logs BEGIN
  INSERT INTO analytics_providers (guild_id, day, provider, outcome, count, characters)
    SELECT new.guild_id, CAST(new.created_at AS INTEGER) / 86400000 * 86400000, coalesce(new.provider, ''), new.outcome, 1, new.characters WHERE true
    ON CONFLICT DO UPDATE SET count = count + 1, characters = characters + excluded.characters;
END;
--> statement-breakpoint
CREATE TRIGGER analytics_provider_delete AFTER DELETE ON translation_logs BEGIN
  UPDATE analytics_providers SET count = count - 1, characters = characters - old.characters WHERE guild_id = old.guild_id AND day = CAST(old.created_at AS INTEGER) / 86400000 * 86400000 AND provider = coalesce(old.provider, '') AND outcome = old.outcome;
  DELETE FROM analytics_providers WHERE guild_id = old.guild_id AND day = CAST(old.created_at AS INTEGER) / 86400000 * 86400000 AND provider = coalesce(old.provider, '') AND outcome = old.outcome AND count <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER analytics_provider_update AFTER UPDATE ON translation_logs BEGIN
  UPDATE analytics_providers SET count = count - 1, characters = characters - old.characters WHERE guild_id = old.guild_id AND day = CAST(old.created_at AS INTEGER) / 86400000 * 86400000 AND provider = coalesce(old.provider, '') AND outcome = old.outcome;
  DELETE FROM analytics_providers WHERE guild_id = old.guild_id AND day = CAST(old.created_at AS INTEGER) / 86400000 * 86400000 AND provider = coalesce(old.provider, '') AND outcome = old.outcome AND count <= 0;
  INSERT INTO analytics_providers (guild_id, day, provider, outcome, count, characters)
    SELECT new.guild_id, CAST(new.created_at AS INTEGER) / 86400000 * 86400000, coalesce(new.provider, ''), new.outcome, 1, new.characters WHERE true
    ON CONFLICT DO UPDATE SET count = count + 1, characters = characters + excluded.characters;
END;
--> statement-breakpoint
-- Backfill from the logs already stored.
INSERT INTO analytics_providers (guild_id, day, provider, outcome, count, characters)
  SELECT guild_id, CAST(created_at AS INTEGER) / 86400000 * 86400000, coalesce(provider, ''), outcome, count(*), sum(characters)
    FROM translation_logs GROUP BY 1, 2, 3, 4;
