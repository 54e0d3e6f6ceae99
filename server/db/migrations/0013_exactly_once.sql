CREATE TABLE "app_secret" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
-- Every e-mail is a job of the queue now (docs/decisions/024): the mails still waiting get theirs.
INSERT INTO "job" ("name", "key", "run_at", "max_attempts")
SELECT 'email', "id"::text, now(), 8 FROM "outbox_email"
WHERE "sent_at" IS NULL AND "attempts" < 5
ON CONFLICT DO NOTHING;
