CREATE TABLE "merkle_trees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"cycle_id" uuid,
	"root" text NOT NULL,
	"total_micro" bigint NOT NULL,
	"leaf_count" integer NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merkle_trees_kind_check" CHECK ("merkle_trees"."kind" in ('LIABILITIES', 'CYCLE')),
	CONSTRAINT "merkle_trees_cycle_check" CHECK (("merkle_trees"."kind" = 'CYCLE') = ("merkle_trees"."cycle_id" is not null)),
	CONSTRAINT "merkle_trees_total_check" CHECK ("merkle_trees"."total_micro" >= 0)
);
--> statement-breakpoint
CREATE TABLE "merkle_leaves" (
	"tree_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"salt" text NOT NULL,
	"amount_micro" bigint NOT NULL,
	CONSTRAINT "merkle_leaves_tree_id_user_id_pk" PRIMARY KEY("tree_id","user_id"),
	CONSTRAINT "merkle_leaves_amount_check" CHECK ("merkle_leaves"."amount_micro" >= 0)
);
--> statement-breakpoint
CREATE TABLE "merkle_nodes" (
	"tree_id" uuid NOT NULL,
	"level" smallint NOT NULL,
	"position" integer NOT NULL,
	"hash" text NOT NULL,
	"sum_micro" bigint NOT NULL,
	CONSTRAINT "merkle_nodes_tree_id_level_position_pk" PRIMARY KEY("tree_id","level","position")
);
--> statement-breakpoint
ALTER TABLE "merkle_trees" ADD CONSTRAINT "merkle_trees_cycle_id_reward_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."reward_cycles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merkle_leaves" ADD CONSTRAINT "merkle_leaves_tree_id_merkle_trees_id_fk" FOREIGN KEY ("tree_id") REFERENCES "public"."merkle_trees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merkle_leaves" ADD CONSTRAINT "merkle_leaves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merkle_nodes" ADD CONSTRAINT "merkle_nodes_tree_id_merkle_trees_id_fk" FOREIGN KEY ("tree_id") REFERENCES "public"."merkle_trees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merkle_trees_cycle_unique" ON "merkle_trees" USING btree ("cycle_id") WHERE "merkle_trees"."cycle_id" is not null;--> statement-breakpoint
CREATE INDEX "merkle_trees_kind_built_idx" ON "merkle_trees" USING btree ("kind","built_at");
