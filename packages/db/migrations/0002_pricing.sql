CREATE TABLE "client_discounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"discount_bp" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_discounts_range" CHECK ("client_discounts"."discount_bp" between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "door_service_rates" (
	"city_id" integer PRIMARY KEY NOT NULL,
	"brackets" jsonb NOT NULL,
	"above_kopecks" integer NOT NULL,
	"per_km_outside_ring_kopecks" integer NOT NULL,
	"ring_name" text NOT NULL,
	"free_minutes" integer DEFAULT 30 NOT NULL,
	"idle_per_hour_kopecks" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_lists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_lists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"calc_mode" text NOT NULL,
	"vat_included" boolean DEFAULT true NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "price_lists_calc_mode" CHECK ("price_lists"."calc_mode" in ('chargeable_weight', 'two_grids'))
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"min_order_kopecks" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_kind" CHECK ("promo_codes"."kind" in ('percent', 'fixed')),
	CONSTRAINT "promo_codes_value" CHECK ("promo_codes"."value" > 0)
);
--> statement-breakpoint
CREATE TABLE "surcharges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "surcharges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"min_kopecks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "surcharges_kind" CHECK ("surcharges"."kind" in ('percent', 'fixed', 'per_unit'))
);
--> statement-breakpoint
CREATE TABLE "tariff_routes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tariff_routes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"price_list_id" integer NOT NULL,
	"from_zone_id" integer NOT NULL,
	"to_zone_id" integer NOT NULL,
	"transportation_type_id" integer NOT NULL,
	"weight_breaks" jsonb NOT NULL,
	"volume_breaks" jsonb NOT NULL,
	"min_charge_kopecks" integer NOT NULL,
	"density_kg_per_m3" integer DEFAULT 250 NOT NULL,
	"volume_coefficient_permille" integer DEFAULT 1000 NOT NULL,
	"transit_days_min" integer NOT NULL,
	"transit_days_max" integer NOT NULL,
	CONSTRAINT "tariff_routes_transit" CHECK ("tariff_routes"."transit_days_min" >= 1 and "tariff_routes"."transit_days_max" >= "tariff_routes"."transit_days_min"),
	CONSTRAINT "tariff_routes_money" CHECK ("tariff_routes"."min_charge_kopecks" >= 0 and "tariff_routes"."density_kg_per_m3" > 0)
);
--> statement-breakpoint
CREATE TABLE "tariff_zone_cities" (
	"city_id" integer PRIMARY KEY NOT NULL,
	"zone_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariff_zones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tariff_zones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_discounts" ADD CONSTRAINT "client_discounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_service_rates" ADD CONSTRAINT "door_service_rates_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_routes" ADD CONSTRAINT "tariff_routes_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_routes" ADD CONSTRAINT "tariff_routes_from_zone_id_tariff_zones_id_fk" FOREIGN KEY ("from_zone_id") REFERENCES "public"."tariff_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_routes" ADD CONSTRAINT "tariff_routes_to_zone_id_tariff_zones_id_fk" FOREIGN KEY ("to_zone_id") REFERENCES "public"."tariff_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_routes" ADD CONSTRAINT "tariff_routes_transportation_type_id_transportation_types_id_fk" FOREIGN KEY ("transportation_type_id") REFERENCES "public"."transportation_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_zone_cities" ADD CONSTRAINT "tariff_zone_cities_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_zone_cities" ADD CONSTRAINT "tariff_zone_cities_zone_id_tariff_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."tariff_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_lists_code_unique" ON "price_lists" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_unique" ON "promo_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "surcharges_code_unique" ON "surcharges" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "tariff_routes_unique" ON "tariff_routes" USING btree ("price_list_id","from_zone_id","to_zone_id","transportation_type_id");--> statement-breakpoint
CREATE INDEX "tariff_zone_cities_zone_idx" ON "tariff_zone_cities" USING btree ("zone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tariff_zones_code_unique" ON "tariff_zones" USING btree ("code");