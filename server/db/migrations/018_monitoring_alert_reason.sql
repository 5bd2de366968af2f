-- Why an alert has its status when monitoring set it, not a person: an alert follows its incident
-- ("Incident triaged false positive" resolves it, "Incident reopened" makes it active again).
-- NULL when set by hand (status_by names who).
ALTER TABLE monitoring_alerts ADD COLUMN status_reason text;
