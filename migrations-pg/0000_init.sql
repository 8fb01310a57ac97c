-- PostgreSQL schema equal to migrations/0000..0013 (SQLite). One body of query code runs on both:
-- drizzle's SQLite query builder renders the SQL, so names, keys, defaults and triggers here must
-- make that SQL mean what it means on SQLite. test/db/schema-parity.test.ts compares the two.
--
-- Types: SQLite integer -> bigint (booleans 0/1, times in ms), text -> text COLLATE "C" (byte
-- order and ASCII-only lower/upper, like SQLite's BINARY collation).

-- unixepoch(): SQLite's function of that name, used by the columns' default
-- (unixepoch('subsec') * 1000), which drizzle also writes into INSERTs. Seconds since the epoch:
-- 'subsec' keeps milliseconds, 'now' whole seconds, any other text is read as a UTC time.
CREATE FUNCTION unixepoch(time_value text) RETURNS double precision
  LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT (CASE
    WHEN lower(time_value) IN ('subsec', 'subsecond') THEN floor(extract(epoch FROM statement_timestamp()) * 1000) / 1000
    WHEN lower(time_value) = 'now' THEN floor(extract(epoch FROM statement_timestamp()))
    ELSE floor(extract(epoch FROM (time_value::timestamp AT TIME ZONE 'UTC')))
  END)::double precision
$$;

CREATE FUNCTION unixepoch() RETURNS double precision
  LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT floor(extract(epoch FROM statement_timestamp()))::double precision
$$;

-- SQLite's `integer primary key autoincrement`: drizzle writes an explicit null for an id it was
-- not given, which an identity column would refuse; a BEFORE trigger fills it from the table's
-- sequence (NOT NULL is checked after BEFORE triggers).
CREATE FUNCTION polyglot_next_id() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW.id := nextval(TG_ARGV[0]::regclass);
  RETURN NEW;
END
$$;

CREATE TABLE "admin_sessions" (
  "id" text COLLATE "C" NOT NULL,
  "kind" text COLLATE "C" NOT NULL,
  "discord_user_id" text COLLATE "C",
  "created_at" bigint DEFAULT unixepoch('subsec') * 1000 NOT NULL,
  "expires_at" bigint NOT NULL,
  "username" text COLLATE "C",
  "avatar" text COLLATE "C",
  "access_token" text COLLATE "C",
  "guilds" text COLLATE "C",
  "guilds_fetched_at" bigint,
  PRIMARY KEY ("id")
);

CREATE TABLE "guilds" (
  "id" text COLLATE "C" NOT NULL,
  "name" text COLLATE "C" DEFAULT '' NOT NULL,
  "icon" text COLLATE "C",
  "plan" text COLLATE "C" DEFAULT 'free' NOT NULL,
  "present" bigint DEFAULT 1 NOT NULL,
  "left_at" bigint,
  "stripe_customer_id" text COLLATE "C",
  "created_at" bigint DEFAULT unixepoch('subsec') * 1000 NOT NULL,
  "usage_month" text COLLATE "C",
  "usage_carried" bigint DEFAULT 0 NOT NULL,
  "billing_event_at" bigint,
  PRIMARY KEY ("id")
);

CREATE TABLE "analytics_daily" (
  "guild_id" text COLLATE "C" NOT NULL,
  "day" bigint NOT NULL,
  "source_language" text COLLATE "C" NOT NULL,
  "target_language" text COLLATE "C" NOT NULL,
  "outcome" text COLLATE "C" NOT NULL,
  "count" bigint DEFAULT 0 NOT NULL,
  "latency_sum" bigint DEFAULT 0 NOT NULL,
  PRIMARY KEY ("guild_id", "day", "source_language", "target_language", "outcome"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "analytics_hours" (
  "guild_id" text COLLATE "C" NOT NULL,
  "day" bigint NOT NULL,
  "hour" bigint NOT NULL,
  "count" bigint DEFAULT 0 NOT NULL,
  PRIMARY KEY ("guild_id", "day", "hour"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "analytics_language_members" (
  "guild_id" text COLLATE "C" NOT NULL,
  "target_language" text COLLATE "C" NOT NULL,
  "user_id" text COLLATE "C" NOT NULL,
  "count" bigint DEFAULT 0 NOT NULL,
  PRIMARY KEY ("guild_id", "target_language", "user_id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "analytics_member_days" (
  "guild_id" text COLLATE "C" NOT NULL,
  "day" bigint NOT NULL,
  "user_id" text COLLATE "C" NOT NULL,
  "count" bigint DEFAULT 0 NOT NULL,
  PRIMARY KEY ("guild_id", "day", "user_id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "analytics_members" (
  "guild_id" text COLLATE "C" NOT NULL,
  "user_id" text COLLATE "C" NOT NULL,
  "ok" bigint DEFAULT 0 NOT NULL,
  "errors" bigint DEFAULT 0 NOT NULL,
  "last_at" bigint DEFAULT 0 NOT NULL,
  "username" text COLLATE "C",
  PRIMARY KEY ("guild_id", "user_id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "announcements" (
  "id" bigint NOT NULL,
  "guild_id" text COLLATE "C" NOT NULL,
  "status" text COLLATE "C" DEFAULT 'draft' NOT NULL,
  "created_by" text COLLATE "C" NOT NULL,
  "original_text" text COLLATE "C" NOT NULL,
  "original_language" text COLLATE "C" NOT NULL,
  "translations" text COLLATE "C" NOT NULL,
  "target_channels" text COLLATE "C" NOT NULL,
  "post_requested_at" bigint,
  "posted_at" bigint,
  "post_results" text COLLATE "C",
  "created_at" bigint DEFAULT unixepoch('subsec') * 1000 NOT NULL,
  PRIMARY KEY ("id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "api_keys" (
  "id" bigint NOT NULL,
  "guild_id" text COLLATE "C" NOT NULL,
  "name" text COLLATE "C" NOT NULL,
  "prefix" text COLLATE "C" NOT NULL,
  "hash" text COLLATE "C" NOT NULL,
  "created_by" text COLLATE "C" NOT NULL,
  "created_at" bigint DEFAULT unixepoch('subsec') * 1000 NOT NULL,
  "last_used_at" bigint,
  "revoked_at" bigint,
  PRIMARY KEY ("id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "bot_config" (
  "guild_id" text COLLATE "C" NOT NULL,
  "prefix" text COLLATE "C" DEFAULT '/' NOT NULL,
  "default_language" text COLLATE "C" DEFAULT 'en' NOT NULL,
  "leveling_enabled" bigint DEFAULT 1 NOT NULL,
  PRIMARY KEY ("guild_id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "bot_status" (
  "owner" text COLLATE "C" NOT NULL,
  "status" text COLLATE "C" NOT NULL,
  "updated_at" bigint NOT NULL,
  PRIMARY KEY ("owner")
);

CREATE TABLE "channel_links" (
  "id" bigint NOT NULL,
  "guild_id" text COLLATE "C" NOT NULL,
  "name" text COLLATE "C" NOT NULL,
  "mode" text COLLATE "C" DEFAULT 'mirror' NOT NULL,
  "active" bigint DEFAULT 1 NOT NULL,
  "created_at" bigint DEFAULT unixepoch('subsec') * 1000 NOT NULL,
  PRIMARY KEY ("id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "channel_link_channels" (
  "link_id" bigint NOT NULL,
  "channel_id" text COLLATE "C" NOT NULL,
  "language" text COLLATE "C" NOT NULL,
  "position" bigint DEFAULT 0 NOT NULL,
  PRIMARY KEY ("link_id", "channel_id"),
  FOREIGN KEY ("link_id") REFERENCES "channel_links" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "channel_link_languages" (
  "link_id" bigint NOT NULL,
  "language" text COLLATE "C" NOT NULL,
  "position" bigint DEFAULT 0 NOT NULL,
  PRIMARY KEY ("link_id", "language"),
  FOREIGN KEY ("link_id") REFERENCES "channel_links" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "channel_webhooks" (
  "channel_id" text COLLATE "C" NOT NULL,
  "guild_id" text COLLATE "C" NOT NULL,
  "webhook_id" text COLLATE "C" NOT NULL,
  "webhook_token" text COLLATE "C" NOT NULL,
  PRIMARY KEY ("channel_id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "contact_messages" (
  "id" bigint NOT NULL,
  "name" text COLLATE "C" NOT NULL,
  "email" text COLLATE "C" NOT NULL,
  "subject" text COLLATE "C" NOT NULL,
  "type" text COLLATE "C" NOT NULL,
  "message" text COLLATE "C" NOT NULL,
  "created_at" bigint DEFAULT unixepoch('subsec') * 1000 NOT NULL,
  "read_at" bigint,
  "archived_at" bigint,
  "forwarded_at" bigint,
  "forward_attempts" bigint DEFAULT 0 NOT NULL,
  "forward_error" text COLLATE "C",
  "next_forward_at" bigint,
  "forward_claimed_until" bigint,
  PRIMARY KEY ("id")
);

CREATE TABLE "exchange_members" (
  "guild_id" text COLLATE "C" NOT NULL,
  "user_id" text COLLATE "C" NOT NULL,
  "username" text COLLATE "C" DEFAULT '' NOT NULL,
  "native_language" text COLLATE "C" NOT NULL,
  "learning_language" text COLLATE "C" NOT NULL,
  "reply_language" text COLLATE "C" DEFAULT 'en' NOT NULL,
  "waiting_since" bigint NOT NULL,
  "previous_partner_id" text COLLATE "C",
  "joined_at" bigint NOT NULL,
  PRIMARY KEY ("guild_id", "user_id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "exchange_pairs" (
  "id" bigint NOT NULL,
  "guild_id" text COLLATE "C" NOT NULL,
  "user_a" text COLLATE "C" NOT NULL,
  "user_b" text COLLATE "C" NOT NULL,
  "language_a" text COLLATE "C" NOT NULL,
  "language_b" text COLLATE "C" NOT NULL,
  "created_at" bigint NOT NULL,
  "ended_at" bigint,
  "ended_reason" text COLLATE "C",
  "ended_by" text COLLATE "C",
  "end_told" text COLLATE "C",
  "told_a" text COLLATE "C",
  "told_b" text COLLATE "C",
  "thread_id" text COLLATE "C",
  "thread_channel_id" text COLLATE "C",
  "delivery_error" text COLLATE "C",
  "delivered_at" bigint,
  PRIMARY KEY ("id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "exchange_settings" (
  "guild_id" text COLLATE "C" NOT NULL,
  "channel_id" text COLLATE "C" DEFAULT '' NOT NULL,
  PRIMARY KEY ("guild_id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "glossary_terms" (
  "id" bigint NOT NULL,
  "guild_id" text COLLATE "C" NOT NULL,
  "term" text COLLATE "C" NOT NULL,
  "translations" text COLLATE "C" DEFAULT '{}' NOT NULL,
  "created_at" bigint DEFAULT unixepoch('subsec') * 1000 NOT NULL,
  PRIMARY KEY ("id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "guild_channels" (
  "id" text COLLATE "C" NOT NULL,
  "guild_id" text COLLATE "C" NOT NULL,
  "name" text COLLATE "C" NOT NULL,
  "type" bigint DEFAULT 0 NOT NULL,
  "parent_id" text COLLATE "C",
  "position" bigint DEFAULT 0 NOT NULL,
  PRIMARY KEY ("id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "guild_roles" (
  "id" text COLLATE "C" NOT NULL,
  "guild_id" text COLLATE "C" NOT NULL,
  "name" text COLLATE "C" NOT NULL,
  "color" bigint DEFAULT 0 NOT NULL,
  "position" bigint DEFAULT 0 NOT NULL,
  "managed" bigint DEFAULT 0 NOT NULL,
  "assignable" bigint DEFAULT 0 NOT NULL,
  PRIMARY KEY ("id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "learner_progress" (
  "id" bigint NOT NULL,
  "guild_id" text COLLATE "C" NOT NULL,
  "user_id" text COLLATE "C" NOT NULL,
  "username" text COLLATE "C" DEFAULT '' NOT NULL,
  "learning_language" text COLLATE "C" NOT NULL,
  "native_language" text COLLATE "C" DEFAULT 'en' NOT NULL,
  "difficulty_level" text COLLATE "C" DEFAULT 'beginner' NOT NULL,
  "words_learned" bigint DEFAULT 0 NOT NULL,
  "practice_streak" bigint DEFAULT 0 NOT NULL,
  "flashcards_reviewed" bigint DEFAULT 0 NOT NULL,
  "correct_answers" bigint DEFAULT 0 NOT NULL,
  "last_practiced_at" bigint,
  "created_at" bigint DEFAULT unixepoch('subsec') * 1000 NOT NULL,
  PRIMARY KEY ("id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "member_xp" (
  "guild_id" text COLLATE "C" NOT NULL,
  "user_id" text COLLATE "C" NOT NULL,
  "username" text COLLATE "C" DEFAULT '' NOT NULL,
  "xp" bigint DEFAULT 0 NOT NULL,
  "level" bigint DEFAULT 0 NOT NULL,
  "message_count" bigint DEFAULT 0 NOT NULL,
  "last_message_at" bigint,
  PRIMARY KEY ("guild_id", "user_id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "message_copies" (
  "id" bigint NOT NULL,
  "guild_id" text COLLATE "C" NOT NULL,
  "original_message_id" text COLLATE "C" NOT NULL,
  "original_channel_id" text COLLATE "C" NOT NULL,
  "copy_message_id" text COLLATE "C" NOT NULL,
  "copy_channel_id" text COLLATE "C" NOT NULL,
  "language" text COLLATE "C" NOT NULL,
  "kind" text COLLATE "C" DEFAULT 'webhook' NOT NULL,
  "created_at" bigint DEFAULT unixepoch('subsec') * 1000 NOT NULL,
  PRIMARY KEY ("id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "moderation_logs" (
  "id" bigint NOT NULL,
  "guild_id" text COLLATE "C" NOT NULL,
  "type" text COLLATE "C" NOT NULL,
  "user_id" text COLLATE "C" NOT NULL,
  "message" text COLLATE "C" NOT NULL,
  "action" text COLLATE "C" NOT NULL,
  "timestamp" bigint DEFAULT unixepoch('subsec') * 1000 NOT NULL,
  "rule" text COLLATE "C" DEFAULT '' NOT NULL,
  "language" text COLLATE "C" DEFAULT '' NOT NULL,
  PRIMARY KEY ("id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "moderation_rules" (
  "guild_id" text COLLATE "C" NOT NULL,
  "spam_detection" bigint DEFAULT 1 NOT NULL,
  "content_filtering" bigint DEFAULT 1 NOT NULL,
  "banned_words" text COLLATE "C" DEFAULT '[]' NOT NULL,
  "auto_delete" bigint DEFAULT 0 NOT NULL,
  "log_channel_id" text COLLATE "C" DEFAULT '' NOT NULL,
  "scam_detection" bigint DEFAULT 1 NOT NULL,
  PRIMARY KEY ("guild_id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "polls" (
  "id" bigint NOT NULL,
  "guild_id" text COLLATE "C" NOT NULL,
  "channel_id" text COLLATE "C" NOT NULL,
  "question" text COLLATE "C" NOT NULL,
  "options" text COLLATE "C" NOT NULL,
  "allow_multiple" bigint DEFAULT 0 NOT NULL,
  "active" bigint DEFAULT 1 NOT NULL,
  "ends_at" bigint,
  "created_by" text COLLATE "C" NOT NULL,
  "message_id" text COLLATE "C",
  "created_at" bigint DEFAULT unixepoch('subsec') * 1000 NOT NULL,
  "post_error" text COLLATE "C",
  "stale" bigint DEFAULT 0 NOT NULL,
  "closed_at" bigint,
  "deleted_at" bigint,
  PRIMARY KEY ("id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "poll_votes" (
  "poll_id" bigint NOT NULL,
  "option_id" text COLLATE "C" NOT NULL,
  "user_id" text COLLATE "C" NOT NULL,
  "created_at" bigint DEFAULT unixepoch('subsec') * 1000 NOT NULL,
  PRIMARY KEY ("poll_id", "option_id", "user_id"),
  FOREIGN KEY ("poll_id") REFERENCES "polls" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "queue_jobs" (
  "id" bigint NOT NULL,
  "kind" text COLLATE "C" NOT NULL,
  "guild_id" text COLLATE "C" NOT NULL,
  "payload" text COLLATE "C" NOT NULL,
  "status" text COLLATE "C" DEFAULT 'pending' NOT NULL,
  "attempts" bigint DEFAULT 0 NOT NULL,
  "run_at" bigint NOT NULL,
  "lease_owner" text COLLATE "C",
  "lease_until" bigint,
  "last_error" text COLLATE "C",
  "created_at" bigint DEFAULT unixepoch('subsec') * 1000 NOT NULL,
  "finished_at" bigint,
  PRIMARY KEY ("id")
);

CREATE TABLE "reaction_roles" (
  "id" bigint NOT NULL,
  "guild_id" text COLLATE "C" NOT NULL,
  "channel_id" text COLLATE "C" DEFAULT '' NOT NULL,
  "message_id" text COLLATE "C" NOT NULL,
  "active" bigint DEFAULT 1 NOT NULL,
  "roles" text COLLATE "C" NOT NULL,
  "created_at" bigint DEFAULT unixepoch('subsec') * 1000 NOT NULL,
  "menu" text COLLATE "C",
  "post_error" text COLLATE "C",
  "deleted_at" bigint,
  PRIMARY KEY ("id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "stripe_events" (
  "id" text COLLATE "C" NOT NULL,
  "type" text COLLATE "C" NOT NULL,
  "created_at" bigint DEFAULT unixepoch('subsec') * 1000 NOT NULL,
  PRIMARY KEY ("id")
);

CREATE TABLE "tickets" (
  "id" bigint NOT NULL,
  "guild_id" text COLLATE "C" NOT NULL,
  "status" text COLLATE "C" DEFAULT 'open' NOT NULL,
  "subject" text COLLATE "C" NOT NULL,
  "description" text COLLATE "C" NOT NULL,
  "support_language" text COLLATE "C" DEFAULT 'en' NOT NULL,
  "user_language" text COLLATE "C" NOT NULL,
  "user_id" text COLLATE "C" NOT NULL,
  "channel_id" text COLLATE "C",
  "priority" text COLLATE "C" DEFAULT 'medium' NOT NULL,
  "category" text COLLATE "C",
  "created_at" bigint DEFAULT unixepoch('subsec') * 1000 NOT NULL,
  "resolved_at" bigint,
  PRIMARY KEY ("id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "ticket_messages" (
  "id" bigint NOT NULL,
  "ticket_id" bigint NOT NULL,
  "message_id" text COLLATE "C" NOT NULL,
  "user_id" text COLLATE "C" NOT NULL,
  "original_text" text COLLATE "C" NOT NULL,
  "original_language" text COLLATE "C" NOT NULL,
  "translations" text COLLATE "C" NOT NULL,
  "translated" bigint DEFAULT 1 NOT NULL,
  "is_staff" bigint DEFAULT 0 NOT NULL,
  "delivered_at" bigint,
  "created_at" bigint DEFAULT unixepoch('subsec') * 1000 NOT NULL,
  "kind" text COLLATE "C" DEFAULT 'message' NOT NULL,
  "source" text COLLATE "C" DEFAULT 'dashboard' NOT NULL,
  "delivery_error" text COLLATE "C",
  PRIMARY KEY ("id"),
  FOREIGN KEY ("ticket_id") REFERENCES "tickets" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "ticket_settings" (
  "guild_id" text COLLATE "C" NOT NULL,
  "channel_id" text COLLATE "C",
  "default_channel_id" text COLLATE "C",
  "support_role_id" text COLLATE "C",
  "support_language" text COLLATE "C" DEFAULT 'en' NOT NULL,
  PRIMARY KEY ("guild_id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "translation_logs" (
  "id" bigint NOT NULL,
  "guild_id" text COLLATE "C" NOT NULL,
  "channel_id" text COLLATE "C",
  "user_id" text COLLATE "C",
  "username" text COLLATE "C",
  "source_language" text COLLATE "C" NOT NULL,
  "target_language" text COLLATE "C" NOT NULL,
  "characters" bigint NOT NULL,
  "latency_ms" bigint DEFAULT 0 NOT NULL,
  "outcome" text COLLATE "C" DEFAULT 'ok' NOT NULL,
  "source" text COLLATE "C" DEFAULT 'mirror' NOT NULL,
  "created_at" bigint DEFAULT unixepoch('subsec') * 1000 NOT NULL,
  "input_tokens" bigint DEFAULT 0 NOT NULL,
  "output_tokens" bigint DEFAULT 0 NOT NULL,
  "cached_tokens" bigint DEFAULT 0 NOT NULL,
  PRIMARY KEY ("id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "translation_settings" (
  "guild_id" text COLLATE "C" NOT NULL,
  "auto_detect" bigint DEFAULT 1 NOT NULL,
  "translation_tone" text COLLATE "C" DEFAULT 'casual' NOT NULL,
  "context_preservation" bigint DEFAULT 1 NOT NULL,
  "rate_limit_per_user" bigint DEFAULT 50 NOT NULL,
  "skip_prefix" text COLLATE "C" DEFAULT '!' NOT NULL,
  PRIMARY KEY ("guild_id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "translation_style" (
  "guild_id" text COLLATE "C" NOT NULL,
  "custom_instructions" text COLLATE "C" DEFAULT '' NOT NULL,
  "slang" bigint DEFAULT 0 NOT NULL,
  PRIMARY KEY ("guild_id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "usage_notices" (
  "guild_id" text COLLATE "C" NOT NULL,
  "month" text COLLATE "C" NOT NULL,
  "threshold" bigint NOT NULL,
  "created_at" bigint DEFAULT unixepoch('subsec') * 1000 NOT NULL,
  PRIMARY KEY ("guild_id", "month", "threshold"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "user_languages" (
  "user_id" text COLLATE "C" NOT NULL,
  "language" text COLLATE "C" NOT NULL,
  "updated_at" bigint DEFAULT unixepoch('subsec') * 1000 NOT NULL,
  PRIMARY KEY ("user_id")
);

CREATE TABLE "voice_sessions" (
  "id" bigint NOT NULL,
  "guild_id" text COLLATE "C" NOT NULL,
  "channel_id" text COLLATE "C" NOT NULL,
  "source_language" text COLLATE "C" NOT NULL,
  "target_language" text COLLATE "C" NOT NULL,
  "status" text COLLATE "C" DEFAULT 'active' NOT NULL,
  "duration_seconds" bigint DEFAULT 0 NOT NULL,
  "characters_processed" bigint DEFAULT 0 NOT NULL,
  "started_by" text COLLATE "C",
  "started_at" bigint DEFAULT unixepoch('subsec') * 1000 NOT NULL,
  "ended_at" bigint,
  "end_reason" text COLLATE "C",
  "caption_channel_id" text COLLATE "C",
  "caption_thread_id" text COLLATE "C",
  PRIMARY KEY ("id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "voice_settings" (
  "guild_id" text COLLATE "C" NOT NULL,
  "caption_channel_id" text COLLATE "C",
  PRIMARY KEY ("guild_id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "welcome_config" (
  "guild_id" text COLLATE "C" NOT NULL,
  "enabled" bigint DEFAULT 0 NOT NULL,
  "messages" text COLLATE "C" DEFAULT '{}' NOT NULL,
  "channel_id" text COLLATE "C" DEFAULT '' NOT NULL,
  "role_id" text COLLATE "C" DEFAULT '' NOT NULL,
  PRIMARY KEY ("guild_id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE TABLE "xp_settings" (
  "guild_id" text COLLATE "C" NOT NULL,
  "level_up_channel_id" text COLLATE "C" DEFAULT '' NOT NULL,
  "ignored_channels" text COLLATE "C" DEFAULT '[]' NOT NULL,
  "role_rewards" text COLLATE "C" DEFAULT '[]' NOT NULL,
  PRIMARY KEY ("guild_id"),
  FOREIGN KEY ("guild_id") REFERENCES "guilds" ("id") ON UPDATE NO ACTION ON DELETE CASCADE
);

CREATE SEQUENCE "announcements_id_seq" OWNED BY "announcements"."id";
CREATE TRIGGER "announcements_id" BEFORE INSERT ON "announcements" FOR EACH ROW WHEN (NEW."id" IS NULL) EXECUTE FUNCTION polyglot_next_id('announcements_id_seq');

CREATE SEQUENCE "api_keys_id_seq" OWNED BY "api_keys"."id";
CREATE TRIGGER "api_keys_id" BEFORE INSERT ON "api_keys" FOR EACH ROW WHEN (NEW."id" IS NULL) EXECUTE FUNCTION polyglot_next_id('api_keys_id_seq');

CREATE SEQUENCE "channel_links_id_seq" OWNED BY "channel_links"."id";
CREATE TRIGGER "channel_links_id" BEFORE INSERT ON "channel_links" FOR EACH ROW WHEN (NEW."id" IS NULL) EXECUTE FUNCTION polyglot_next_id('channel_links_id_seq');

CREATE SEQUENCE "contact_messages_id_seq" OWNED BY "contact_messages"."id";
CREATE TRIGGER "contact_messages_id" BEFORE INSERT ON "contact_messages" FOR EACH ROW WHEN (NEW."id" IS NULL) EXECUTE FUNCTION polyglot_next_id('contact_messages_id_seq');

CREATE SEQUENCE "exchange_pairs_id_seq" OWNED BY "exchange_pairs"."id";
CREATE TRIGGER "exchange_pairs_id" BEFORE INSERT ON "exchange_pairs" FOR EACH ROW WHEN (NEW."id" IS NULL) EXECUTE FUNCTION polyglot_next_id('exchange_pairs_id_seq');

CREATE SEQUENCE "glossary_terms_id_seq" OWNED BY "glossary_terms"."id";
CREATE TRIGGER "glossary_terms_id" BEFORE INSERT ON "glossary_terms" FOR EACH ROW WHEN (NEW."id" IS NULL) EXECUTE FUNCTION polyglot_next_id('glossary_terms_id_seq');

CREATE SEQUENCE "learner_progress_id_seq" OWNED BY "learner_progress"."id";
CREATE TRIGGER "learner_progress_id" BEFORE INSERT ON "learner_progress" FOR EACH ROW WHEN (NEW."id" IS NULL) EXECUTE FUNCTION polyglot_next_id('learner_progress_id_seq');

CREATE SEQUENCE "message_copies_id_seq" OWNED BY "message_copies"."id";
CREATE TRIGGER "message_copies_id" BEFORE INSERT ON "message_copies" FOR EACH ROW WHEN (NEW."id" IS NULL) EXECUTE FUNCTION polyglot_next_id('message_copies_id_seq');

CREATE SEQUENCE "moderation_logs_id_seq" OWNED BY "moderation_logs"."id";
CREATE TRIGGER "moderation_logs_id" BEFORE INSERT ON "moderation_logs" FOR EACH ROW WHEN (NEW."id" IS NULL) EXECUTE FUNCTION polyglot_next_id('moderation_logs_id_seq');

CREATE SEQUENCE "polls_id_seq" OWNED BY "polls"."id";
CREATE TRIGGER "polls_id" BEFORE INSERT ON "polls" FOR EACH ROW WHEN (NEW."id" IS NULL) EXECUTE FUNCTION polyglot_next_id('polls_id_seq');

CREATE SEQUENCE "queue_jobs_id_seq" OWNED BY "queue_jobs"."id";
CREATE TRIGGER "queue_jobs_id" BEFORE INSERT ON "queue_jobs" FOR EACH ROW WHEN (NEW."id" IS NULL) EXECUTE FUNCTION polyglot_next_id('queue_jobs_id_seq');

CREATE SEQUENCE "reaction_roles_id_seq" OWNED BY "reaction_roles"."id";
CREATE TRIGGER "reaction_roles_id" BEFORE INSERT ON "reaction_roles" FOR EACH ROW WHEN (NEW."id" IS NULL) EXECUTE FUNCTION polyglot_next_id('reaction_roles_id_seq');

CREATE SEQUENCE "tickets_id_seq" OWNED BY "tickets"."id";
CREATE TRIGGER "tickets_id" BEFORE INSERT ON "tickets" FOR EACH ROW WHEN (NEW."id" IS NULL) EXECUTE FUNCTION polyglot_next_id('tickets_id_seq');

CREATE SEQUENCE "ticket_messages_id_seq" OWNED BY "ticket_messages"."id";
CREATE TRIGGER "ticket_messages_id" BEFORE INSERT ON "ticket_messages" FOR EACH ROW WHEN (NEW."id" IS NULL) EXECUTE FUNCTION polyglot_next_id('ticket_messages_id_seq');

CREATE SEQUENCE "translation_logs_id_seq" OWNED BY "translation_logs"."id";
CREATE TRIGGER "translation_logs_id" BEFORE INSERT ON "translation_logs" FOR EACH ROW WHEN (NEW."id" IS NULL) EXECUTE FUNCTION polyglot_next_id('translation_logs_id_seq');

CREATE SEQUENCE "voice_sessions_id_seq" OWNED BY "voice_sessions"."id";
CREATE TRIGGER "voice_sessions_id" BEFORE INSERT ON "voice_sessions" FOR EACH ROW WHEN (NEW."id" IS NULL) EXECUTE FUNCTION polyglot_next_id('voice_sessions_id_seq');

CREATE INDEX "announcements_guild" ON "announcements" ("guild_id", "created_at");
CREATE INDEX "api_keys_guild" ON "api_keys" ("guild_id");
CREATE UNIQUE INDEX "api_keys_hash" ON "api_keys" ("hash");
CREATE INDEX "channel_links_guild" ON "channel_links" ("guild_id");
CREATE INDEX "channel_link_channels_channel" ON "channel_link_channels" ("channel_id");
CREATE INDEX "exchange_pairs_pending" ON "exchange_pairs" ("delivered_at");
CREATE INDEX "exchange_pairs_guild" ON "exchange_pairs" ("guild_id", "ended_at");
CREATE UNIQUE INDEX "glossary_terms_guild_term" ON "glossary_terms" ("guild_id", "term");
CREATE INDEX "guild_channels_guild" ON "guild_channels" ("guild_id");
CREATE INDEX "guild_roles_guild" ON "guild_roles" ("guild_id");
CREATE UNIQUE INDEX "learner_progress_member" ON "learner_progress" ("guild_id", "user_id");
CREATE INDEX "member_xp_rank" ON "member_xp" ("guild_id", "xp");
CREATE INDEX "message_copies_copy" ON "message_copies" ("copy_message_id");
CREATE INDEX "message_copies_original" ON "message_copies" ("original_message_id");
CREATE INDEX "moderation_logs_guild_time" ON "moderation_logs" ("guild_id", "timestamp");
CREATE INDEX "polls_guild" ON "polls" ("guild_id");
CREATE INDEX "queue_jobs_finished" ON "queue_jobs" ("finished_at");
CREATE INDEX "queue_jobs_due" ON "queue_jobs" ("status", "run_at");
CREATE INDEX "reaction_roles_message" ON "reaction_roles" ("message_id");
CREATE INDEX "reaction_roles_guild" ON "reaction_roles" ("guild_id");
CREATE INDEX "tickets_guild_status" ON "tickets" ("guild_id", "status", "created_at");
CREATE INDEX "ticket_messages_pending" ON "ticket_messages" ("delivered_at", "is_staff");
CREATE INDEX "ticket_messages_ticket" ON "ticket_messages" ("ticket_id", "created_at");
CREATE INDEX "translation_logs_guild_time_user" ON "translation_logs" ("guild_id", "created_at", "user_id", "outcome");
CREATE INDEX "translation_logs_time" ON "translation_logs" ("created_at");
CREATE INDEX "translation_logs_guild_user" ON "translation_logs" ("guild_id", "user_id");
CREATE INDEX "translation_logs_guild_time" ON "translation_logs" ("guild_id", "created_at");
CREATE INDEX "voice_sessions_guild" ON "voice_sessions" ("guild_id", "status", "started_at");
-- Analytics rollups (SQLite: migrations/0011_analytics_rollups.sql triggers analytics_log_insert,
-- analytics_log_update, analytics_log_delete). The same statements: an update takes the old row
-- out and puts the new one in; a row leaving a member's latest time makes the next latest one
-- (created_at desc, id asc) the member's last_at and username.
CREATE FUNCTION analytics_log_rollup() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  d bigint;
  h bigint;
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    d := OLD.created_at / 86400000 * 86400000;
    h := OLD.created_at % 86400000 / 3600000;
    UPDATE analytics_daily SET count = count - 1, latency_sum = latency_sum - OLD.latency_ms
     WHERE guild_id = OLD.guild_id AND day = d AND source_language = OLD.source_language
       AND target_language = OLD.target_language AND outcome = OLD.outcome;
    DELETE FROM analytics_daily
     WHERE guild_id = OLD.guild_id AND day = d AND source_language = OLD.source_language
       AND target_language = OLD.target_language AND outcome = OLD.outcome AND count <= 0;
    UPDATE analytics_hours SET count = count - 1
     WHERE OLD.outcome = 'ok' AND guild_id = OLD.guild_id AND day = d AND hour = h;
    DELETE FROM analytics_hours WHERE guild_id = OLD.guild_id AND day = d AND hour = h AND count <= 0;
    UPDATE analytics_member_days SET count = count - 1
     WHERE guild_id = OLD.guild_id AND day = d AND user_id = OLD.user_id;
    DELETE FROM analytics_member_days
     WHERE guild_id = OLD.guild_id AND day = d AND user_id = OLD.user_id AND count <= 0;
    UPDATE analytics_members
       SET ok = ok - (OLD.outcome = 'ok')::int, errors = errors - (OLD.outcome = 'error')::int
     WHERE OLD.outcome IN ('ok', 'error') AND guild_id = OLD.guild_id AND user_id = OLD.user_id;
    DELETE FROM analytics_members
     WHERE guild_id = OLD.guild_id AND user_id = OLD.user_id AND ok <= 0 AND errors <= 0;
    -- SQLite runs this trigger after each row; PostgreSQL after the whole statement, when a
    -- multi-row delete may have taken every log of the member already: then the member's row is
    -- left as is here and removed when its last count reaches 0 (the same end state).
    UPDATE analytics_members m SET last_at = l.created_at, username = l.username
      FROM (SELECT created_at, username FROM translation_logs
             WHERE guild_id = OLD.guild_id AND user_id = OLD.user_id AND outcome IN ('ok', 'error')
             ORDER BY created_at DESC, id ASC LIMIT 1) l
     WHERE OLD.outcome IN ('ok', 'error') AND m.guild_id = OLD.guild_id AND m.user_id = OLD.user_id
       AND m.last_at = OLD.created_at;
    UPDATE analytics_language_members SET count = count - 1
     WHERE OLD.outcome = 'ok' AND guild_id = OLD.guild_id AND target_language = OLD.target_language
       AND user_id = OLD.user_id;
    DELETE FROM analytics_language_members
     WHERE guild_id = OLD.guild_id AND target_language = OLD.target_language AND user_id = OLD.user_id
       AND count <= 0;
  END IF;

  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    d := NEW.created_at / 86400000 * 86400000;
    h := NEW.created_at % 86400000 / 3600000;
    INSERT INTO analytics_daily AS a (guild_id, day, source_language, target_language, outcome, count, latency_sum)
      VALUES (NEW.guild_id, d, NEW.source_language, NEW.target_language, NEW.outcome, 1, NEW.latency_ms)
      ON CONFLICT (guild_id, day, source_language, target_language, outcome)
      DO UPDATE SET count = a.count + 1, latency_sum = a.latency_sum + excluded.latency_sum;
    IF NEW.outcome = 'ok' THEN
      INSERT INTO analytics_hours AS a (guild_id, day, hour, count) VALUES (NEW.guild_id, d, h, 1)
        ON CONFLICT (guild_id, day, hour) DO UPDATE SET count = a.count + 1;
    END IF;
    IF NEW.user_id IS NOT NULL THEN
      INSERT INTO analytics_member_days AS a (guild_id, day, user_id, count) VALUES (NEW.guild_id, d, NEW.user_id, 1)
        ON CONFLICT (guild_id, day, user_id) DO UPDATE SET count = a.count + 1;
    END IF;
    IF NEW.user_id IS NOT NULL AND NEW.outcome IN ('ok', 'error') THEN
      INSERT INTO analytics_members AS a (guild_id, user_id, ok, errors, last_at, username)
        VALUES (NEW.guild_id, NEW.user_id, (NEW.outcome = 'ok')::int, (NEW.outcome = 'error')::int,
                NEW.created_at, NEW.username)
        ON CONFLICT (guild_id, user_id) DO UPDATE SET ok = a.ok + excluded.ok, errors = a.errors + excluded.errors,
          username = CASE WHEN excluded.last_at > a.last_at THEN excluded.username ELSE a.username END,
          last_at = greatest(a.last_at, excluded.last_at);
    END IF;
    IF NEW.outcome = 'ok' AND NEW.user_id IS NOT NULL THEN
      INSERT INTO analytics_language_members AS a (guild_id, target_language, user_id, count)
        VALUES (NEW.guild_id, NEW.target_language, NEW.user_id, 1)
        ON CONFLICT (guild_id, target_language, user_id) DO UPDATE SET count = a.count + 1;
    END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER analytics_log_insert AFTER INSERT ON translation_logs
  FOR EACH ROW EXECUTE FUNCTION analytics_log_rollup();
CREATE TRIGGER analytics_log_update AFTER UPDATE ON translation_logs
  FOR EACH ROW EXECUTE FUNCTION analytics_log_rollup();
CREATE TRIGGER analytics_log_delete AFTER DELETE ON translation_logs
  FOR EACH ROW EXECUTE FUNCTION analytics_log_rollup();
