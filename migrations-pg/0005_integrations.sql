-- Integrations (YouTube, Twitch), what they posted, EventSub message ids (SQLite migration 0018_integrations).

CREATE TABLE "integrations" (
  "id" bigint NOT NULL,
  "guild_id" text COLLATE "C" NOT NULL,
  "kind" text COLLATE "C" NOT NULL,
  "source_id" text COLLATE "C" NOT NULL,
  "source_name" text COLLATE "C" DEFAULT '' NOT NULL,
  "link_id" bigint NOT NULL,
  "push_verified_at" bigint,
  "push_expires_at" bigint,
  "subscription_id" text COLLATE "C",
  "subscription_status" text COLLATE "C",
  "created_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
  PRIMARY KEY ("id"),
  FOREIGN KEY ("link_id") REFERENCES "channel_links" ("id") ON UPDATE NO ACTION ON DELETE CASCADE,
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);
CREATE SEQUENCE "integrations_id_seq" OWNED BY "integrations"."id";
CREATE TRIGGER "integrations_id" BEFORE INSERT ON "integrations" FOR EACH ROW WHEN (NEW."id" IS NULL) EXECUTE FUNCTION polyglot_next_id('integrations_id_seq');

CREATE TABLE "integration_items" (
  "integration_id" bigint NOT NULL,
  "item_id" text COLLATE "C" NOT NULL,
  "announcement_id" bigint,
  "created_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
  PRIMARY KEY ("integration_id", "item_id"),
  FOREIGN KEY ("integration_id") REFERENCES "integrations" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "webhook_messages" (
  "id" text COLLATE "C" NOT NULL,
  "received_at" bigint NOT NULL,
  PRIMARY KEY ("id")
);

CREATE INDEX "integrations_kind_source" ON "integrations" ("kind", "source_id");

CREATE UNIQUE INDEX "integrations_source" ON "integrations" ("guild_id", "kind", "source_id");
