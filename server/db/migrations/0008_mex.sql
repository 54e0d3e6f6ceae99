CREATE TABLE "mex_reading" (
	"sensor_id" integer NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	"litres" real NOT NULL,
	"temperature_c" real,
	"battery_pct" smallint,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mex_reading_sensor_id_measured_at_pk" PRIMARY KEY("sensor_id","measured_at")
);
--> statement-breakpoint
CREATE TABLE "mex_sensor" (
	"id" serial PRIMARY KEY NOT NULL,
	"tank_id" integer NOT NULL,
	"serial" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_hint" text NOT NULL,
	"key_rotated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mex_tank" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"capacity_l" integer NOT NULL,
	"usable_l" integer NOT NULL,
	"product_group_id" smallint DEFAULT 1 NOT NULL,
	"country_id" smallint NOT NULL,
	"zip_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_alarm" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"tank_id" integer,
	"country_id" smallint NOT NULL,
	"zip_code" text NOT NULL,
	"amount" integer NOT NULL,
	"threshold" double precision NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"below" boolean DEFAULT false NOT NULL,
	"last_price" double precision,
	"last_checked_at" timestamp with time zone,
	"last_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mex_reading" ADD CONSTRAINT "mex_reading_sensor_id_mex_sensor_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."mex_sensor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mex_sensor" ADD CONSTRAINT "mex_sensor_tank_id_mex_tank_id_fk" FOREIGN KEY ("tank_id") REFERENCES "public"."mex_tank"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mex_tank" ADD CONSTRAINT "mex_tank_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mex_tank" ADD CONSTRAINT "mex_tank_country_id_country_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."country"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alarm" ADD CONSTRAINT "price_alarm_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alarm" ADD CONSTRAINT "price_alarm_tank_id_mex_tank_id_fk" FOREIGN KEY ("tank_id") REFERENCES "public"."mex_tank"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alarm" ADD CONSTRAINT "price_alarm_country_id_country_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."country"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mex_sensor_serial_uq" ON "mex_sensor" USING btree ("serial");--> statement-breakpoint
CREATE UNIQUE INDEX "mex_sensor_tank_uq" ON "mex_sensor" USING btree ("tank_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mex_sensor_key_uq" ON "mex_sensor" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "mex_tank_user_ix" ON "mex_tank" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "price_alarm_user_ix" ON "price_alarm" USING btree ("user_id");