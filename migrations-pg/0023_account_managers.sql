-- The Ultimate plan's account manager of a server, assigned by the operator (issue 27; SQLite
-- migration 0036_account_managers).

CREATE TABLE "account_managers" (
  "guild_id" text COLLATE "C" NOT NULL,
  "name" text COLLATE "C" NOT NULL,
  "email" text COLLATE "C" NOT NULL,
  "assigned_at" bigint NOT NULL,
  PRIMARY KEY ("guild_id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);
