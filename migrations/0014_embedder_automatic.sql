-- The embedder setting gained "auto" (the KB decision record's key-driven factory: Voyage when a Voyage API key is
-- stored, the local model otherwise) as its default. Before it, the settings service wrote every section whole on any
-- save, so an embedder row holding "local", then the default, does not say that anyone chose it: saving the screen's
-- language wrote it too. Such a row becomes "auto", the default it stood for. "gemini", "voyage" and "none" were never
-- the default and stay. From this version on, "local" in the row is a choice made in the settings, which a stored key
-- never changes.
UPDATE settings
SET value = json_set(value, '$.provider', 'auto')
WHERE section = 'embedder' AND json_valid(value) AND json_extract(value, '$.provider') = 'local';
