-- Gateway identify buckets shared by the bot processes (SQLite migration 0015_gateway_identify).

CREATE TABLE "gateway_identify" (
  "rate_limit_key" bigint NOT NULL,
  "next_at" bigint NOT NULL,
  PRIMARY KEY ("rate_limit_key")
);
