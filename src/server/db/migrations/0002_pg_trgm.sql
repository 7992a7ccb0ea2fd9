-- Trigram indexes serve the lists' ILIKE '%…%' searches (spec §2 search boxes).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
