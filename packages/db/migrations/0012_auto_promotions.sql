CREATE TABLE "promotion_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"promotion_id" integer NOT NULL,
	"effect" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"origin_city_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"min_weight_kg" double precision,
	"min_volume_m3" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_rules_effect" CHECK ("promotion_rules"."effect" in ('free_pickup')),
	CONSTRAINT "promotion_rules_period" CHECK ("promotion_rules"."valid_from" <= "promotion_rules"."valid_to"),
	CONSTRAINT "promotion_rules_minimums" CHECK (("promotion_rules"."min_weight_kg" is null or "promotion_rules"."min_weight_kg" > 0) and ("promotion_rules"."min_volume_m3" is null or "promotion_rules"."min_volume_m3" > 0))
);
--> statement-breakpoint
ALTER TABLE "promotion_rules" ADD CONSTRAINT "promotion_rules_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_rules_promotion_unique" ON "promotion_rules" USING btree ("promotion_id");