CREATE TABLE "calc_parameter_group" (
	"id" smallint PRIMARY KEY NOT NULL,
	"key" integer NOT NULL,
	"name" text NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "calc_parameter_group_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "calc_parameter" (
	"id" integer PRIMARY KEY NOT NULL,
	"group_id" smallint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"modifier" integer DEFAULT 0 NOT NULL,
	"has_sub_items" boolean DEFAULT false NOT NULL,
	"use_icon" boolean DEFAULT false NOT NULL,
	"upselling" boolean DEFAULT false NOT NULL,
	"delivery_days" smallint,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dealer_branch" (
	"id" integer PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"name" text NOT NULL,
	"zip" text NOT NULL,
	"place" text NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dealer_delivery_zip" (
	"dealer_id" integer NOT NULL,
	"zip" text NOT NULL,
	CONSTRAINT "dealer_delivery_zip_dealer_id_zip_pk" PRIMARY KEY("dealer_id","zip")
);
--> statement-breakpoint
CREATE TABLE "dealer_price" (
	"dealer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"tiers" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealer_price_dealer_id_product_id_pk" PRIMARY KEY("dealer_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "dealer_terms" (
	"dealer_id" integer PRIMARY KEY NOT NULL,
	"parameter_surcharges" jsonb NOT NULL,
	"extra_station_fee" double precision NOT NULL,
	"max_stations" smallint DEFAULT 9 NOT NULL,
	"climate_neutral100" double precision,
	"appointment_plus_fee" double precision,
	"delivery_fee" double precision DEFAULT 0 NOT NULL,
	"delivery_fee_below_litres" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dealer" (
	"id" integer PRIMARY KEY NOT NULL,
	"country_id" smallint NOT NULL,
	"name" text NOT NULL,
	"street" text NOT NULL,
	"zip" text NOT NULL,
	"place" text NOT NULL,
	"state_id" integer NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"founded_year" smallint,
	"description" text DEFAULT '' NOT NULL,
	"delivery_radius_km" smallint,
	"opening_hours" jsonb NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product" (
	"id" integer PRIMARY KEY NOT NULL,
	"country_id" smallint NOT NULL,
	"product_group_id" smallint NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_premium" boolean DEFAULT false NOT NULL,
	"base_product_id" integer,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calc_parameter" ADD CONSTRAINT "calc_parameter_group_id_calc_parameter_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."calc_parameter_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_branch" ADD CONSTRAINT "dealer_branch_dealer_id_dealer_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_delivery_zip" ADD CONSTRAINT "dealer_delivery_zip_dealer_id_dealer_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_price" ADD CONSTRAINT "dealer_price_dealer_id_dealer_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_price" ADD CONSTRAINT "dealer_price_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_terms" ADD CONSTRAINT "dealer_terms_dealer_id_dealer_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer" ADD CONSTRAINT "dealer_country_id_country_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."country"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer" ADD CONSTRAINT "dealer_state_id_country_state_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."country_state"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_country_id_country_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."country"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calc_parameter_group_idx" ON "calc_parameter" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "dealer_price_product_idx" ON "dealer_price" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "dealer_country_idx" ON "dealer" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "product_country_group_idx" ON "product" USING btree ("country_id","product_group_id");