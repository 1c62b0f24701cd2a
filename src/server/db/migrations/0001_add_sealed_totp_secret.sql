-- Expand (ADR 028, 030): a nullable column without a default changes the catalog only, with no table rewrite.
-- Release 1.0.0 never reads it: it reads totp_secret, which this release clears when it seals a secret.
ALTER TABLE "users" ADD COLUMN "totp_secret_sealed" text;
