"""The per-object stages of a build: normalize, write, the oracles, the engines stage, the
object store (one object from source file to stored record)."""
