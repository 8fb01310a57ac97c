-- The server's own short-chatter terms (issue 28; SQLite migration 0035_trivial_terms): a JSON list
-- of lower-case terms that, like the built-in shorthands, keep a message from the provider.

ALTER TABLE "translation_settings" ADD COLUMN "trivial_terms" text COLLATE "C" DEFAULT '[]' NOT NULL;
