-- Drafted by npm run db:generate-pg; read before committing.

CREATE TABLE "guild_provider_keys" (
  "guild_id" text COLLATE "C" NOT NULL,
  "provider" text COLLATE "C" NOT NULL,
  "base_url" text COLLATE "C",
  "model" text COLLATE "C",
  "ciphertext" text COLLATE "C" NOT NULL,
  "iv" text COLLATE "C" NOT NULL,
  "auth_tag" text COLLATE "C" NOT NULL,
  "key_version" text COLLATE "C" NOT NULL,
  "last4" text COLLATE "C" NOT NULL,
  "allow_fallback" bigint DEFAULT 0 NOT NULL,
  "created_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
  "updated_at" bigint NOT NULL,
  PRIMARY KEY ("guild_id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "provider_key_usage" (
  "guild_id" text COLLATE "C" NOT NULL,
  "month" text COLLATE "C" NOT NULL,
  "count" bigint DEFAULT 0 NOT NULL,
  PRIMARY KEY ("guild_id", "month"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

ALTER TABLE "translation_logs" ADD COLUMN "provider" text COLLATE "C";
