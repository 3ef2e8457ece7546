-- ============================================================================
-- storage.objects.version names the object's blob (docs/decisions/004): each
-- write stores its bytes under a fresh version id. Two rows must never share
-- one, or deleting one object would delete the other's bytes; the index also
-- serves the orphan sweep, which looks blobs up by version.
-- ============================================================================

create unique index objects_version_key on storage.objects (version);
