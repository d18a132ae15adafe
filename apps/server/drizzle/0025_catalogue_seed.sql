-- custom: one-time steps of an installation (the starter catalogue claims its row here at the first start)
CREATE TABLE "installation_steps" (
	"step" text PRIMARY KEY NOT NULL,
	"outcome" text NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL
);
