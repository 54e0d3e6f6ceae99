CREATE TABLE "dealer_user" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_order" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "dealer_user" ADD CONSTRAINT "dealer_user_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_user" ADD CONSTRAINT "dealer_user_dealer_id_dealer_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dealer_user_dealer_ix" ON "dealer_user" USING btree ("dealer_id");