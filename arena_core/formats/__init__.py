"""Files in and out: URDF and MJCF reading and writing, safe XML, archives."""
