"""``arena view``: a local web viewer of a release, or of one object, with a slider per joint.

The page (``static/``: ``index.html``, ``app.js``, ``viewer.js``) renders the canonical URDF
with three.js and urdf-loader, vendored at pinned versions with their licenses under
``static/vendor/`` (:mod:`flows.view.vendor` re-vendors them), so nothing is fetched from
the network at run time. The Python side:

* :mod:`flows.view.sources` — what is shown: a release read in place (rows from parquet,
  meshes straight from each object's zip) or one ``arena validate`` output folder;
* :mod:`flows.view.catalog` — the list's summaries, filters and facets;
* :mod:`flows.view.detail` — an object page's sliders (one per moving joint no other
  joint drives; helical joints screw, mimic joints follow), tree, fields and issues;
* :mod:`flows.view.thumbnails` — list thumbnails by the release card's renderer;
* :mod:`flows.view.server` — the HTTP server on 127.0.0.1 and its JSON API.
"""
