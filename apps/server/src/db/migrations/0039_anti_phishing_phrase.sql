ALTER TABLE "users" ADD COLUMN "anti_phishing_phrase" text;
