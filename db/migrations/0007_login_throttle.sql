CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"slots" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL
);
