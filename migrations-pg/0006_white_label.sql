-- White-label profile and brand of the bot per server (SQLite migration 0019_white_label).

CREATE TABLE "white_label" (
  "guild_id" text COLLATE "C" NOT NULL,
  "nickname" text COLLATE "C",
  "avatar" text COLLATE "C",
  "banner" text COLLATE "C",
  "bio" text COLLATE "C",
  "brand_color" bigint,
  "footer" text COLLATE "C",
  "updated_at" bigint NOT NULL,
  "applied_at" bigint,
  "apply_error" text COLLATE "C",
  PRIMARY KEY ("guild_id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);
