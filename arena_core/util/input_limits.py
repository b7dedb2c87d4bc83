"""Size limits on input, in one place (docs/verification.md's "Limits" table lists them).

Input beyond a limit is refused with a code naming the limit, before it is read, copied
or allocated for: a build stays bounded in time and memory whatever a source holds.
"""

#: Largest URDF or MJCF file read (bytes): ``file.too_large``.
MAX_XML_BYTES = 16 * 1024 * 1024

#: Largest mesh file, and largest side file of a mesh (``.mtl``, texture), read or copied
#: (bytes): ``mesh.too_large``, ``mesh.material.too_large``.
MESH_MAX_BYTES = 256 * 1024 * 1024

#: Largest JSON or text side file (``meta.json``, ``semantics.txt``, annotations) read (bytes).
MAX_SIDE_FILE_BYTES = 32 * 1024 * 1024

#: Most links, and most joints, in one object: ``structure.too_large``. Per-object work is
#: at most quadratic in the number of joints below this (the tree metric's assignment).
MAX_LINKS = 1000
MAX_JOINTS = 1000

#: Largest finite joint limit magnitude (rad or m): ``joint.limit.out_of_range``. Larger
#: values are no physical motion and overflow the metric's squared norms.
MAX_LIMIT = 1e6

#: Deepest folder nesting walked below a source or object root: deeper folders are skipped
#: with ``source.folder.too_deep``.
MAX_FOLDER_DEPTH = 64

#: Deepest folder nesting of an archive member: ``archive.member.too_deep``.
MAX_ARCHIVE_DEPTH = 64

#: Limits for the archive of one object (a PartNet-Mobility per-object zip, a contribution
#: to ``arena validate``): uncompressed bytes in all, per member, and members (files and
#: folders).
OBJECT_ARCHIVE_BYTES = 2 << 30
OBJECT_ARCHIVE_MEMBER_BYTES = 512 << 20
OBJECT_ARCHIVE_MEMBERS = 50_000

#: Largest mesh read, by its own counts (vertices, faces), checked from the file's header or
#: lines before its arrays are built: ``mesh.too_large``. The largest real mesh the project
#: reads has 190,553 vertices and 339,352 faces; a convex hull of a million points takes
#: gigabytes.
MESH_MAX_VERTICES = 500_000
MESH_MAX_FACES = 1_000_000

# --- MJCF: bounds computed on the model before MuJoCo compiles it (mjcf.limit.*)
#: Most ``<include>`` files expanded in one model, and deepest chain of them.
MAX_MJCF_INCLUDES = 1_000
MAX_MJCF_INCLUDE_DEPTH = 8
#: Deepest chain of sub-models (``<asset><model file=...>``).
MAX_MJCF_MODEL_DEPTH = 4
#: Most elements of a model once includes, ``replicate`` and ``composite`` are expanded.
MAX_MJCF_ELEMENTS = 200_000
#: Most geoms (the bodies and joints of a model have MAX_LINKS and MAX_JOINTS).
MAX_MJCF_GEOMS = 20_000
#: Most points of all ``flexcomp`` elements, and most cells of all height fields.
MAX_MJCF_FLEX_POINTS = 100_000
MAX_MJCF_HFIELD_CELLS = 4_194_304
#: Most bytes of all files a model names (meshes, height fields, sub-models).
MAX_MJCF_ASSET_BYTES = 1 << 30
