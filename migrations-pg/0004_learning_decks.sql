-- Flashcard decks the provider writes per language and level (SQLite migration 0017_learning_decks).

CREATE TABLE "learning_decks" (
  "id" bigint NOT NULL,
  "language" text COLLATE "C" NOT NULL,
  "level" text COLLATE "C" NOT NULL,
  "cards" text COLLATE "C" NOT NULL,
  "provider" text COLLATE "C" DEFAULT '' NOT NULL,
  "created_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
  PRIMARY KEY ("id")
);
CREATE SEQUENCE "learning_decks_id_seq" OWNED BY "learning_decks"."id";
CREATE TRIGGER "learning_decks_id" BEFORE INSERT ON "learning_decks" FOR EACH ROW WHEN (NEW."id" IS NULL) EXECUTE FUNCTION polyglot_next_id('learning_decks_id_seq');

CREATE UNIQUE INDEX "learning_decks_language_level" ON "learning_decks" ("language", "level");
