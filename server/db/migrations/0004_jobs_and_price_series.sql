CREATE TABLE "job" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "price_series" (
	"region" text NOT NULL,
	"year" smallint NOT NULL,
	"prices" real[] NOT NULL,
	CONSTRAINT "price_series_region_year_pk" PRIMARY KEY("region","year")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "job_name_key_uq" ON "job" USING btree ("name","key");--> statement-breakpoint
CREATE INDEX "job_due_idx" ON "job" USING btree ("state","run_at");