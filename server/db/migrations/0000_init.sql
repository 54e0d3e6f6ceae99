CREATE TABLE "country" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"map_view_box" text NOT NULL,
	CONSTRAINT "country_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "country_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"country_id" smallint NOT NULL,
	"map_id" smallint NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"iso" text NOT NULL,
	"svg_path" text NOT NULL,
	"label_x" double precision NOT NULL,
	"label_y" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "postal_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" smallint NOT NULL,
	"zip" text NOT NULL,
	"place" text NOT NULL,
	"state_id" integer NOT NULL,
	"county" text NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_import" (
	"name" text PRIMARY KEY NOT NULL,
	"checksum" text NOT NULL,
	"row_count" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "country_state" ADD CONSTRAINT "country_state_country_id_country_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."country"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postal_code" ADD CONSTRAINT "postal_code_country_id_country_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."country"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postal_code" ADD CONSTRAINT "postal_code_state_id_country_state_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."country_state"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "country_state_country_map_uq" ON "country_state" USING btree ("country_id","map_id");--> statement-breakpoint
CREATE UNIQUE INDEX "country_state_country_slug_uq" ON "country_state" USING btree ("country_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "postal_code_country_zip_place_uq" ON "postal_code" USING btree ("country_id","zip","place");--> statement-breakpoint
CREATE INDEX "postal_code_state_idx" ON "postal_code" USING btree ("state_id");