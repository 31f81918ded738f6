CREATE TABLE "earnings_disclosures" (
	"day" date PRIMARY KEY NOT NULL,
	"figures" jsonb NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
