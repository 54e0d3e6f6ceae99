CREATE TABLE "content_entry" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"country_id" smallint,
	"title" text NOT NULL,
	"teaser" text NOT NULL,
	"body_markdown" text NOT NULL,
	"image_path" text,
	"image_alt" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_entry" ADD CONSTRAINT "content_entry_country_id_country_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."country"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_entry_kind_slug_uq" ON "content_entry" USING btree ("kind","slug");--> statement-breakpoint
CREATE INDEX "content_entry_list_idx" ON "content_entry" USING btree ("kind","status","published_at");