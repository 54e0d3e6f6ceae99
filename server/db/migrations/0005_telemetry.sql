CREATE TABLE "client_error_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text NOT NULL,
	"href" text NOT NULL,
	"time_start" timestamp with time zone NOT NULL,
	"time_end" timestamp with time zone NOT NULL,
	"errors" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_vitals" (
	"id" serial PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"url" text NOT NULL,
	"url_from" text NOT NULL,
	"route" text NOT NULL,
	"viewport" text NOT NULL,
	"device" text NOT NULL,
	"name" text NOT NULL,
	"delta" double precision NOT NULL,
	"value" double precision NOT NULL,
	"rating" text NOT NULL,
	"raw_data" jsonb NOT NULL,
	"authorised" text NOT NULL,
	"session_id" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "client_error_reports_received_idx" ON "client_error_reports" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "web_vitals_received_idx" ON "web_vitals" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "web_vitals_route_name_idx" ON "web_vitals" USING btree ("route","name");