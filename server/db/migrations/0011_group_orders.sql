CREATE TABLE "group_order_member" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"delivery_address" jsonb NOT NULL,
	"access_notes" text DEFAULT '' NOT NULL,
	"amount_litres" integer NOT NULL,
	"payment_parameter_id" integer NOT NULL,
	"max_unit_price" double precision NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone,
	"order_id" integer,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "group_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"organiser_user_id" integer NOT NULL,
	"country_id" smallint NOT NULL,
	"product_group_id" smallint NOT NULL,
	"zip" text NOT NULL,
	"place" text NOT NULL,
	"configuration" jsonb NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"dealer_id" integer,
	"unit_price" double precision,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_order" ADD COLUMN "group_order_id" integer;--> statement-breakpoint
ALTER TABLE "group_order_member" ADD CONSTRAINT "group_order_member_group_id_group_order_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."group_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_order_member" ADD CONSTRAINT "group_order_member_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_order_member" ADD CONSTRAINT "group_order_member_order_id_customer_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_order" ADD CONSTRAINT "group_order_organiser_user_id_app_user_id_fk" FOREIGN KEY ("organiser_user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_order" ADD CONSTRAINT "group_order_country_id_country_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."country"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_order" ADD CONSTRAINT "group_order_dealer_id_dealer_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_order_member_uq" ON "group_order_member" USING btree ("group_id","user_id");--> statement-breakpoint
CREATE INDEX "group_order_member_user_ix" ON "group_order_member" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_order_code_uq" ON "group_order" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "group_order_idempotency_uq" ON "group_order" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "group_order_state_ix" ON "group_order" USING btree ("state","deadline");