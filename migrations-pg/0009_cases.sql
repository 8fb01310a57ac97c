-- Moderation cases numbered per server (SQLite migration 0019_cases).

CREATE TABLE "cases" (
  "id" bigint NOT NULL,
  "guild_id" text COLLATE "C" NOT NULL,
  "number" bigint NOT NULL,
  "action" text COLLATE "C" NOT NULL,
  "target_id" text COLLATE "C" NOT NULL,
  "target_name" text COLLATE "C" DEFAULT '' NOT NULL,
  "moderator_id" text COLLATE "C",
  "moderator_name" text COLLATE "C" DEFAULT '' NOT NULL,
  "reason" text COLLATE "C" DEFAULT '' NOT NULL,
  "duration_seconds" bigint,
  "created_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
  "revoked_at" bigint,
  "revoked_by" text COLLATE "C",
  PRIMARY KEY ("id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);
CREATE SEQUENCE "cases_id_seq" OWNED BY "cases"."id";
CREATE TRIGGER "cases_id" BEFORE INSERT ON "cases" FOR EACH ROW WHEN (NEW."id" IS NULL) EXECUTE FUNCTION polyglot_next_id('cases_id_seq');

CREATE INDEX "cases_guild_target" ON "cases" ("guild_id", "target_id");

CREATE UNIQUE INDEX "cases_guild_number" ON "cases" ("guild_id", "number");
