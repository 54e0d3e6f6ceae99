ALTER TABLE "client_error_reports" ADD COLUMN "report_id" text;--> statement-breakpoint
ALTER TABLE "web_vitals" ADD COLUMN "report_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "client_error_reports_report_id_idx" ON "client_error_reports" USING btree ("report_id");--> statement-breakpoint
CREATE UNIQUE INDEX "web_vitals_report_id_idx" ON "web_vitals" USING btree ("report_id");