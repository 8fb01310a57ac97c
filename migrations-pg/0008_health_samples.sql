-- The status page's health samples (SQLite migration 0017_health_samples).

CREATE TABLE "health_samples" (
  "component" text COLLATE "C" NOT NULL,
  "at" bigint NOT NULL,
  "up" bigint NOT NULL,
  PRIMARY KEY ("component", "at")
);

CREATE INDEX "health_samples_at" ON "health_samples" ("at");
