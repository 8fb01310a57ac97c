-- Case escalation rules and the cases time index (issue 29; SQLite migration 0028_case_escalations).

CREATE TABLE "case_escalations" (
  "id" bigint NOT NULL,
  "guild_id" text COLLATE "C" NOT NULL,
  "counts" text COLLATE "C" NOT NULL,
  "threshold" bigint NOT NULL,
  "window_days" bigint NOT NULL,
  "action" text COLLATE "C" NOT NULL,
  "duration_seconds" bigint,
  "created_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
  PRIMARY KEY ("id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);
CREATE SEQUENCE "case_escalations_id_seq" OWNED BY "case_escalations"."id";
CREATE TRIGGER "case_escalations_id" BEFORE INSERT ON "case_escalations" FOR EACH ROW WHEN (NEW."id" IS NULL) EXECUTE FUNCTION polyglot_next_id('case_escalations_id_seq');

CREATE INDEX "case_escalations_guild" ON "case_escalations" ("guild_id");

CREATE INDEX "cases_guild_time" ON "cases" ("guild_id", "created_at");
