-- What the bot may not do on each server (SQLite migration 0017_guild_bot_permissions).

CREATE TABLE "guild_bot_permissions" (
  "guild_id" text COLLATE "C" NOT NULL,
  "report" text COLLATE "C" NOT NULL,
  "checked_at" bigint NOT NULL,
  PRIMARY KEY ("guild_id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);
