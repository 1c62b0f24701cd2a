-- A new table, read and written only by this release's map code (ADR 040): the previous release runs beside it
-- untouched (ADR 028, expand).
CREATE TABLE "map_sketches" (
	"key" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"counts" integer[] NOT NULL,
	"coords" double precision[] NOT NULL,
	"ids" integer[] NOT NULL,
	"flags" smallint[] NOT NULL,
	"south" double precision NOT NULL,
	"west" double precision NOT NULL,
	"north" double precision NOT NULL,
	"east" double precision NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
