-- Skip short chatter (issue 28): the switch and the daily count of skipped messages (SQLite migration 0023_skip_trivial).

CREATE TABLE "skipped_trivial_daily" (
  "guild_id" text COLLATE "C" NOT NULL,
  "day" bigint NOT NULL,
  "count" bigint DEFAULT 0 NOT NULL,
  PRIMARY KEY ("guild_id", "day"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

ALTER TABLE "translation_settings" ADD COLUMN "skip_trivial" bigint DEFAULT 1 NOT NULL;
