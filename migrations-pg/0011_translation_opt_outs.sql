-- Members who opted out of translation in a server (issue 28; SQLite migration 0024_translation_opt_outs).

CREATE TABLE "translation_opt_outs" (
  "guild_id" text COLLATE "C" NOT NULL,
  "user_id" text COLLATE "C" NOT NULL,
  "created_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
  PRIMARY KEY ("guild_id", "user_id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);
