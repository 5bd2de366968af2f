-- A mail's attachments (e.g. the monitoring weekly summary's CSV): [{filename, contentType, content}],
-- content as UTF-8 text. Kept after SMTP delivery: attachments carry no link secrets.
ALTER TABLE mail_outbox ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]'::jsonb;
