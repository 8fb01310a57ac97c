-- Untranslated channel messages per server, day and reason (SQLite migration 0016_untranslated_daily).

CREATE TABLE "untranslated_daily" (
  "guild_id" text COLLATE "C" NOT NULL,
  "day" bigint NOT NULL,
  "reason" text COLLATE "C" NOT NULL,
  "marked" bigint DEFAULT 0 NOT NULL,
  "recovered" bigint DEFAULT 0 NOT NULL,
  PRIMARY KEY ("guild_id", "day", "reason"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);
