CREATE TABLE "delivery_booking" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"depot_id" integer NOT NULL,
	"day" date NOT NULL,
	"window" text NOT NULL,
	"litres" integer NOT NULL,
	"stops" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_contingent" (
	"dealer_id" integer NOT NULL,
	"depot_id" integer NOT NULL,
	"month" smallint NOT NULL,
	"tours" smallint NOT NULL,
	"litres" integer NOT NULL,
	CONSTRAINT "delivery_contingent_dealer_id_depot_id_month_pk" PRIMARY KEY("dealer_id","depot_id","month")
);
--> statement-breakpoint
CREATE TABLE "delivery_day" (
	"dealer_id" integer NOT NULL,
	"depot_id" integer NOT NULL,
	"day" date NOT NULL,
	"morning_stops" integer DEFAULT 0 NOT NULL,
	"afternoon_stops" integer DEFAULT 0 NOT NULL,
	"all_day_stops" integer DEFAULT 0 NOT NULL,
	"litres" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "delivery_day_dealer_id_depot_id_day_pk" PRIMARY KEY("dealer_id","depot_id","day")
);
--> statement-breakpoint
ALTER TABLE "calc_parameter" ADD COLUMN "lead_days" smallint;--> statement-breakpoint
ALTER TABLE "delivery_booking" ADD CONSTRAINT "delivery_booking_order_id_customer_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_booking" ADD CONSTRAINT "delivery_booking_dealer_id_dealer_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_contingent" ADD CONSTRAINT "delivery_contingent_dealer_id_dealer_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_day" ADD CONSTRAINT "delivery_day_dealer_id_dealer_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_booking_dealer_day_ix" ON "delivery_booking" USING btree ("dealer_id","day");--> statement-breakpoint
CREATE INDEX "delivery_day_day_ix" ON "delivery_day" USING btree ("day");