CREATE TABLE "rate_limit_hit" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_order" ADD COLUMN "guest_key" text;--> statement-breakpoint
CREATE INDEX "rate_limit_hit_window_idx" ON "rate_limit_hit" USING btree ("window_ends_at");