"""Compile an MJCF model with MuJoCo without letting it print.

MuJoCo reports compiler warnings (deprecated attributes, ...) through ``mju_warning``,
whose default handler prints them and appends them to ``MUJOCO_LOG.TXT`` in the working
folder. :func:`compile_model` installs a collecting handler for the duration of one compile
and returns the warnings with the model, so callers turn them into issues.

Example:
    >>> model, warnings = compile_model(xml="<mujoco><compiler settotalmass='2'/><worldbody>"
    ...                                 "<body><joint/><geom size='1'/></body></worldbody>"
    ...                                 "</mujoco>")
    >>> model.njnt, [w.split()[:3] for w in warnings]
    (1, [['compiler', 'attribute', "'settotalmass'"]])
"""

from __future__ import annotations

import os
import threading

import mujoco

_LOCK = threading.Lock()


def compile_model(*, xml: str | None = None, path: str | os.PathLike | None = None
                  ) -> tuple[mujoco.MjModel, list[str]]:
    """The model of ``xml`` (text) or ``path`` (a file) and MuJoCo's warnings.

    Raises:
        ValueError: MuJoCo refuses the model (its message), or neither or both inputs given.
    """
    if (xml is None) == (path is None):
        raise ValueError("give exactly one of xml= and path=")
    warnings: list[str] = []
    with _LOCK:
        previous = mujoco.get_mju_user_warning()
        mujoco.set_mju_user_warning(lambda message: warnings.append(message.strip()))
        try:
            if xml is not None:
                model = mujoco.MjModel.from_xml_string(xml)
            else:
                model = mujoco.MjModel.from_xml_path(os.fspath(path))
        except Exception as exc:  # mujoco raises ValueError, FatalError, ...: all "refused"
            raise ValueError(str(exc).strip()) from exc
        finally:
            mujoco.set_mju_user_warning(previous)
    return model, warnings
