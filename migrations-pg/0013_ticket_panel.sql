-- Ticket panel categories with intake questions, claim, close reason and rating (issue 29; SQLite migration 0025_ticket_panel).

ALTER TABLE "ticket_settings" ADD COLUMN "categories" text COLLATE "C" DEFAULT '[]' NOT NULL;

ALTER TABLE "tickets" ADD COLUMN "intake" text COLLATE "C" DEFAULT '[]' NOT NULL;

ALTER TABLE "tickets" ADD COLUMN "claimed_by" text COLLATE "C";

ALTER TABLE "tickets" ADD COLUMN "claimed_at" bigint;

ALTER TABLE "tickets" ADD COLUMN "close_reason" text COLLATE "C";

ALTER TABLE "tickets" ADD COLUMN "rating" bigint;
