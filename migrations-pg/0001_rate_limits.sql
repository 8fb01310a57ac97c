-- The public forms' shared rate limits (SQLite migration 0014_rate_limits).

CREATE TABLE "rate_limits" (
  "scope" text COLLATE "C" NOT NULL,
  "key" text COLLATE "C" NOT NULL,
  "window_start" bigint NOT NULL,
  "hits" bigint NOT NULL,
  PRIMARY KEY ("scope", "key")
);

CREATE INDEX "rate_limits_window" ON "rate_limits" ("window_start");
