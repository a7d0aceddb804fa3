"""`python -m jf ARGS`: runs the `jf` executable this package found, as `jf ARGS` would."""
import os
import sys

from ._binary import binary

if __name__ == "__main__":
    path = binary()
    os.execv(path, [path, *sys.argv[1:]])
