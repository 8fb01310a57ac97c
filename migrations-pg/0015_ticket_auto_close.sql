-- Ticket auto-close after days without activity, with a warning first; the claimer's name (issue 29; SQLite migration 0028_ticket_auto_close).

ALTER TABLE "ticket_settings" ADD COLUMN "auto_close_days" bigint;

ALTER TABLE "tickets" ADD COLUMN "claimed_by_name" text COLLATE "C";

ALTER TABLE "tickets" ADD COLUMN "auto_close_warned_at" bigint;
