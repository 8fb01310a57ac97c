-- Hidden authors, single-channel delivery, the user-installed app's daily counts (issue 28; SQLite migration 0031_optouts_delivery_user_app).

ALTER TABLE "channel_links" ADD COLUMN "delivery" text COLLATE "C" DEFAULT 'reply' NOT NULL;

CREATE TABLE "translation_hidden_authors" (
  "guild_id" text COLLATE "C" NOT NULL,
  "user_id" text COLLATE "C" NOT NULL,
  "author_id" text COLLATE "C" NOT NULL,
  "created_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
  PRIMARY KEY ("guild_id", "user_id", "author_id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "user_app_usage" (
  "user_id" text COLLATE "C" NOT NULL,
  "day" bigint NOT NULL,
  "count" bigint DEFAULT 0 NOT NULL,
  PRIMARY KEY ("user_id", "day")
);
