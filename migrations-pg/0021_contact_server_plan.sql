-- The contact form's server and its plan, verified or not, and when the reply is due (issue 27;
-- SQLite migration 0033_contact_server_plan).

ALTER TABLE "contact_messages" ADD COLUMN "server_id" text COLLATE "C";
ALTER TABLE "contact_messages" ADD COLUMN "server_plan" text COLLATE "C";
ALTER TABLE "contact_messages" ADD COLUMN "server_verified" bigint DEFAULT 0 NOT NULL;
ALTER TABLE "contact_messages" ADD COLUMN "reply_due_at" bigint;
