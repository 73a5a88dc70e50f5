"""Test certificates made on the spot with the ``openssl`` command-line tool.

:func:`make_certificates` writes into a directory:

* ``ca.pem``/``ca.key``: a private certificate authority;
* ``good``: a server certificate for 127.0.0.1 and localhost, signed by the CA;
* ``self_signed``: a self-signed server certificate for 127.0.0.1 and localhost;
* ``expired``: signed by the CA, valid only in 2020;
* ``wrong_name``: signed by the CA, for ``elsewhere.invalid`` only.

Each server certificate is a pair ``<name>.pem``/``<name>.key``. Keys are P-256 (fast).
"""
import hashlib
import os
import shutil
import ssl
import subprocess
from dataclasses import dataclass
from typing import Dict, Tuple

LOCAL_NAMES = "IP:127.0.0.1,DNS:localhost"
_CA_CONFIG = """\
[ca]
default_ca = test_ca
[test_ca]
database = {dir}/index.txt
new_certs_dir = {dir}
serial = {dir}/serial
default_md = sha256
policy = anything
copy_extensions = none
[anything]
commonName = supplied
[leaf]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature
extendedKeyUsage = serverAuth
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid,issuer
subjectAltName = {names}
"""


@dataclass
class CertSet:
    """Paths of the generated files and the SHA-256 fingerprints of the server certs."""

    directory: str
    fingerprints: Dict[str, str]

    def pair(self, name: str) -> Tuple[str, str]:
        """(certificate, key) paths of a server certificate."""
        return (os.path.join(self.directory, name + ".pem"),
                os.path.join(self.directory, name + ".key"))

    @property
    def ca_file(self) -> str:
        return os.path.join(self.directory, "ca.pem")


def openssl_available() -> bool:
    return shutil.which("openssl") is not None


def _run(*args: str) -> None:
    subprocess.run(["openssl"] + list(args), check=True, capture_output=True)


def _key_args(key_path: str):
    return ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", key_path]


def _fingerprint(pem_path: str) -> str:
    with open(pem_path) as handle:
        der = ssl.PEM_cert_to_DER_cert(handle.read())
    return hashlib.sha256(der).hexdigest()


def _make_ca(directory: str) -> None:
    _run("req", "-x509", *_key_args(os.path.join(directory, "ca.key")),
         "-out", os.path.join(directory, "ca.pem"), "-days", "30", "-subj", "/CN=Marginalia Test CA",
         "-addext", "basicConstraints=critical,CA:TRUE",
         "-addext", "keyUsage=critical,keyCertSign,cRLSign",
         "-addext", "subjectKeyIdentifier=hash")


def _sign(directory: str, name: str, names: str, start: str, end: str) -> None:
    config = os.path.join(directory, name + ".cnf")
    with open(config, "w") as handle:
        handle.write(_CA_CONFIG.format(dir=directory, names=names))
    csr = os.path.join(directory, name + ".csr")
    _run("req", "-new", *_key_args(os.path.join(directory, name + ".key")), "-out", csr,
         "-subj", "/CN=%s" % name)
    _run("ca", "-batch", "-config", config, "-name", "test_ca", "-extensions", "leaf",
         "-cert", os.path.join(directory, "ca.pem"), "-keyfile", os.path.join(directory, "ca.key"),
         "-startdate", start, "-enddate", end, "-notext", "-in", csr,
         "-out", os.path.join(directory, name + ".pem"))


def _self_signed(directory: str, name: str) -> None:
    _run("req", "-x509", *_key_args(os.path.join(directory, name + ".key")),
         "-out", os.path.join(directory, name + ".pem"), "-days", "30", "-subj", "/CN=%s" % name,
         "-addext", "subjectAltName=%s" % LOCAL_NAMES,
         "-addext", "basicConstraints=critical,CA:FALSE")


def make_certificates(directory: str) -> CertSet:
    """Generate the CA and the four server certificates into ``directory``."""
    with open(os.path.join(directory, "index.txt"), "w"):
        pass
    with open(os.path.join(directory, "serial"), "w") as handle:
        handle.write("1000\n")
    _make_ca(directory)
    _sign(directory, "good", LOCAL_NAMES, "20240101000000Z", "20991231000000Z")
    _sign(directory, "expired", LOCAL_NAMES, "20200101000000Z", "20200201000000Z")
    _sign(directory, "wrong_name", "DNS:elsewhere.invalid", "20240101000000Z", "20991231000000Z")
    _self_signed(directory, "self_signed")
    names = ("good", "expired", "wrong_name", "self_signed")
    return CertSet(directory, {n: _fingerprint(os.path.join(directory, n + ".pem")) for n in names})
