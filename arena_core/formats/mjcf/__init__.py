"""MJCF: prepare and compile a source model with MuJoCo, convert it to an object, and write
a canonical object as ``object.xml``."""
