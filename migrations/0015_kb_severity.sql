-- A card may say how serious its subject is (front matter `severity`, README of kb/clinical): an interaction is
-- contraindicated, to be avoided or used with monitoring; an escalation card's red flags call for emergency services
-- or for contacting the prescriber the same day. NULL for a card that gives none (every card stored before this
-- version, until the next ingest, which updates the cards whose front matter has one). Chunks are untouched: the
-- severity is not in their text, so nothing is re-embedded.
ALTER TABLE kb_cards ADD COLUMN severity TEXT CHECK (severity IS NULL OR severity IN ('contraindicated', 'avoid', 'monitor', 'emergency', 'urgent'));
