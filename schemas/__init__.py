"""Typed records (pydantic): manifests, object records, issues, reports."""
