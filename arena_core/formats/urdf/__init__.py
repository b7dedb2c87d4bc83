"""URDF: read (safely, with repairs), resolve mesh references, write arena URDF v1."""
