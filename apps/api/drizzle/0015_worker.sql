CREATE TABLE "worker_jobs" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"queue" varchar(255) NOT NULL,
	"worker_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"host" varchar(255) DEFAULT '' NOT NULL,
	"pid" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"beat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "worker_jobs_worker_idx" ON "worker_jobs" USING btree ("worker_id");