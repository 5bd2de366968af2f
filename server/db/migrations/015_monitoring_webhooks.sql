-- Monitoring webhooks: a rule's recipient may be an outgoing webhook (chat and SIEM
-- tools). Its URL is kept to send; `email` holds only its host, which the settings and the
-- delivery log show (a chat URL's path often is itself a credential). The signing secret is kept
-- encrypted (AES-256-GCM under a key derived from the API's signing key): the sender needs it
-- in clear to sign, so it cannot be hashed; it is shown once, on creation.
ALTER TABLE monitoring_recipients DROP CONSTRAINT monitoring_recipients_channel_check;
ALTER TABLE monitoring_recipients ADD CONSTRAINT monitoring_recipients_channel_check CHECK (channel IN ('email', 'webhook'));
ALTER TABLE monitoring_recipients ADD COLUMN webhook_url text;
ALTER TABLE monitoring_recipients ADD COLUMN webhook_secret text;
ALTER TABLE monitoring_recipients ADD CONSTRAINT monitoring_recipients_webhook CHECK ((channel = 'webhook') = (webhook_url IS NOT NULL AND webhook_secret IS NOT NULL));
-- Two webhooks of one rule may share a host: the address stays unique for mail recipients only.
ALTER TABLE monitoring_recipients DROP CONSTRAINT monitoring_recipients_rule_id_email_key;
CREATE UNIQUE INDEX monitoring_recipients_rule_email ON monitoring_recipients (rule_id, email) WHERE channel = 'email';
