-- Which provider lane served each share (issue 28; SQLite migration 0035_analytics_providers, its
-- triggers analytics_provider_insert, _update, _delete): logs per day, lane and outcome with their
-- characters, kept beside translation_logs in the same transaction; '' for a log without a lane.

CREATE TABLE "analytics_providers" (
  "guild_id" text COLLATE "C" NOT NULL,
  "day" bigint NOT NULL,
  "provider" text COLLATE "C" NOT NULL,
  "outcome" text COLLATE "C" NOT NULL,
  "count" bigint DEFAULT 0 NOT NULL,
  "characters" bigint DEFAULT 0 NOT NULL,
  PRIMARY KEY ("guild_id", "day", "provider", "outcome"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE FUNCTION analytics_provider_rollup() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  d bigint;
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    d := OLD.created_at / 86400000 * 86400000;
    UPDATE analytics_providers SET count = count - 1, characters = characters - OLD.characters
     WHERE guild_id = OLD.guild_id AND day = d AND provider = coalesce(OLD.provider, '') AND outcome = OLD.outcome;
    DELETE FROM analytics_providers
     WHERE guild_id = OLD.guild_id AND day = d AND provider = coalesce(OLD.provider, '') AND outcome = OLD.outcome
       AND count <= 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    d := NEW.created_at / 86400000 * 86400000;
    INSERT INTO analytics_providers AS a (guild_id, day, provider, outcome, count, characters)
      VALUES (NEW.guild_id, d, coalesce(NEW.provider, ''), NEW.outcome, 1, NEW.characters)
      ON CONFLICT (guild_id, day, provider, outcome)
      DO UPDATE SET count = a.count + 1, characters = a.characters + excluded.characters;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER analytics_provider_insert AFTER INSERT ON translation_logs
  FOR EACH ROW EXECUTE FUNCTION analytics_provider_rollup();
CREATE TRIGGER analytics_provider_update AFTER UPDATE ON translation_logs
  FOR EACH ROW EXECUTE FUNCTION analytics_provider_rollup();
CREATE TRIGGER analytics_provider_delete AFTER DELETE ON translation_logs
  FOR EACH ROW EXECUTE FUNCTION analytics_provider_rollup();

-- Backfill from the logs already stored.
INSERT INTO analytics_providers (guild_id, day, provider, outcome, count, characters)
  SELECT guild_id, created_at / 86400000 * 86400000, coalesce(provider, ''), outcome, count(*), sum(characters)
    FROM translation_logs GROUP BY 1, 2, 3, 4;
