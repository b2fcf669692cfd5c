CREATE TABLE "ai_quotas" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"daily_limit" integer DEFAULT -1 NOT NULL,
	"extra" integer DEFAULT 0 NOT NULL,
	"used_day" date,
	"used_today" integer DEFAULT 0 NOT NULL,
	"total_used" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captchas" (
	"id" uuid PRIMARY KEY NOT NULL,
	"answer_hash" varchar(128) NOT NULL,
	"type" varchar(32) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dynamics" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "punishments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"enable" boolean DEFAULT true NOT NULL,
	"reason" varchar(255) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"end_time" timestamp with time zone,
	"operators" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"sign_at" integer NOT NULL,
	"award" integer DEFAULT 0 NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mobile" varchar(20) NOT NULL,
	"purpose" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"provider" varchar(16) NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"response" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_oauths" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" varchar(16) NOT NULL,
	"openid" varchar(128) NOT NULL,
	"unionid" varchar(128) DEFAULT '' NOT NULL,
	"nickname" varchar(128) DEFAULT '' NOT NULL,
	"avatar" varchar(512) DEFAULT '' NOT NULL,
	"raw" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" varchar(8) NOT NULL,
	"target" varchar(128) NOT NULL,
	"purpose" smallint NOT NULL,
	"code_hash" varchar(128) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"is_used" boolean DEFAULT false NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"operator_id" integer DEFAULT 0 NOT NULL,
	"days" integer DEFAULT 0 NOT NULL,
	"expire_before" timestamp with time zone,
	"expire_after" timestamp with time zone,
	"source" varchar(32) DEFAULT 'admin' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_scans" (
	"code" varchar(64) PRIMARY KEY NOT NULL,
	"status" varchar(16) DEFAULT 'waiting' NOT NULL,
	"user_id" integer,
	"openid" varchar(128) DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_quotas" ADD CONSTRAINT "ai_quotas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamics" ADD CONSTRAINT "dynamics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punishments" ADD CONSTRAINT "punishments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signs" ADD CONSTRAINT "signs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_oauths" ADD CONSTRAINT "user_oauths_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_logs" ADD CONSTRAINT "vip_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "captchas_expires_idx" ON "captchas" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "dynamics_user_idx" ON "dynamics" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "punishments_user_idx" ON "punishments" USING btree ("user_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "signs_user_day_uq" ON "signs" USING btree ("user_id","sign_at");--> statement-breakpoint
CREATE INDEX "sms_logs_mobile_idx" ON "sms_logs" USING btree ("mobile","id");--> statement-breakpoint
CREATE INDEX "sms_logs_ip_idx" ON "sms_logs" USING btree ("ip","id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_oauths_type_openid_uq" ON "user_oauths" USING btree ("type","openid");--> statement-breakpoint
CREATE INDEX "user_oauths_user_idx" ON "user_oauths" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_codes_target_idx" ON "verification_codes" USING btree ("channel","target","purpose","id");