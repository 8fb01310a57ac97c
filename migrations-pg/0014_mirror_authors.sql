-- Drafted by npm run db:generate-pg; read before committing.

CREATE TABLE "mirror_authors" (
  "link_id" bigint NOT NULL,
  "guild_id" text COLLATE "C" NOT NULL,
  "author_id" text COLLATE "C" NOT NULL,
  "kind" text COLLATE "C" NOT NULL,
  "name" text COLLATE "C" NOT NULL,
  "channel_id" text COLLATE "C" NOT NULL,
  "allowed" bigint DEFAULT 0 NOT NULL,
  "last_seen_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
  PRIMARY KEY ("link_id", "author_id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE,
  FOREIGN KEY ("link_id") REFERENCES "channel_links" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE INDEX "mirror_authors_guild" ON "mirror_authors" ("guild_id");
