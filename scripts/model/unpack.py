"""Unpack a model archive (.zip, .jar, .tar.gz, .tgz, .tar) into a directory.

Used by main/embedding/model-fetch.ts so that Node needs no archive library.
Standard library only: runs with any python3 >= 3.8, no venv or pip packages.

    python3 unpack.py ARCHIVE DESTINATION [ENTRY ...]

With ENTRY arguments only those members are written (a missing one is an error);
without, everything is. Members that would land outside DESTINATION (absolute
paths, '..', links) are refused, so a hostile archive cannot write elsewhere.
"""

import os
import shutil
import sys
import tarfile
import zipfile


def fail(message):
    sys.stderr.write("unpack: " + message + "\n")
    sys.exit(2)


def safe_target(destination, name):
    target = os.path.realpath(os.path.join(destination, name))
    root = os.path.realpath(destination)
    if target != root and not target.startswith(root + os.sep):
        fail("refusing member outside the destination: " + name)
    return target


def unpack_zip(archive, destination, wanted):
    with zipfile.ZipFile(archive) as bundle:
        names = [info.filename for info in bundle.infolist() if not info.is_dir()]
        chosen = wanted if wanted else names
        for name in chosen:
            if name not in names:
                fail("%s has no member %s" % (archive, name))
            target = safe_target(destination, name)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with bundle.open(name) as source, open(target, "wb") as sink:
                shutil.copyfileobj(source, sink, 1 << 20)


def unpack_tar(archive, destination, wanted):
    with tarfile.open(archive) as bundle:
        members = {member.name: member for member in bundle.getmembers() if member.isfile()}
        chosen = wanted if wanted else list(members)
        for name in chosen:
            member = members.get(name) or members.get("./" + name)
            if member is None:
                fail("%s has no member %s" % (archive, name))
            target = safe_target(destination, member.name)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            source = bundle.extractfile(member)
            if source is None:
                fail("cannot read member " + name)
            with source, open(target, "wb") as sink:
                shutil.copyfileobj(source, sink, 1 << 20)


def main(arguments):
    if len(arguments) < 2:
        fail("usage: unpack.py ARCHIVE DESTINATION [ENTRY ...]")
    archive, destination, wanted = arguments[0], arguments[1], arguments[2:]
    os.makedirs(destination, exist_ok=True)
    if zipfile.is_zipfile(archive):
        unpack_zip(archive, destination, wanted)
    elif tarfile.is_tarfile(archive):
        unpack_tar(archive, destination, wanted)
    else:
        fail("not a zip, jar or tar archive: " + archive)


if __name__ == "__main__":
    main(sys.argv[1:])
