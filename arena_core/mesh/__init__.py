"""Mesh files: read exactly and fast, as solids (integrals, hulls, mass properties), and their
content-addressed copies in a canonical folder."""
