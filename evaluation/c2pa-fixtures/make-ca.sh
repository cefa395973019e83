#!/usr/bin/env bash
# Makes the TEST-ONLY certificate authority the C2PA fixtures are signed with: a root, an
# intermediate, an ES256 signing leaf with the key usage and extended key usage the C2PA
# certificate profile asks for (digitalSignature, critical; emailProtection and documentSigning;
# not a CA), the same profile expired, and a second root nobody trusts with its own leaf.
# The private keys are test fixtures only: they sign test images and nothing else.
# Usage: make-ca.sh OUT_DIR
set -euo pipefail
out=${1:?usage: make-ca.sh OUT_DIR}
mkdir -p "$out" && cd "$out"

# KEYTYPE picks the signer's key: EC P-256 (ES256) unless set to ed25519, rsa (PS256) or p384 (ES384).
key() {
  case "${KEYTYPE:-p256}" in
    ed25519) openssl genpkey -algorithm ED25519 -out "$1.key" ;;
    rsa) openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$1.key" 2>/dev/null ;;
    p384) openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-384 -out "$1.key" 2>/dev/null ;;
    *) openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$1.key" 2>/dev/null ;;
  esac
}

cat > ext.cnf <<'CNF'
[ca]
basicConstraints = critical, CA:true
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[leaf]
basicConstraints = critical, CA:false
keyUsage = critical, digitalSignature
extendedKeyUsage = emailProtection, 1.3.6.1.5.5.7.3.36
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
CNF

root() { # name, subject
  key "$1"
  openssl req -new -x509 -key "$1.key" -sha256 -days 3650 -subj "$2" \
    -addext "basicConstraints=critical,CA:true" -addext "keyUsage=critical,keyCertSign,cRLSign" \
    -addext "subjectKeyIdentifier=hash" -out "$1.pem"
}
issue() { # name, subject, issuer, section, [start end] (openssl ca dates, YYYYMMDDHHMMSSZ)
  key "$1"
  if [ "${KEYTYPE:-p256}" = ed25519 ]; then
    openssl req -new -key "$1.key" -subj "$2" -out "$1.csr"
  else
    openssl req -new -key "$1.key" -sha256 -subj "$2" -out "$1.csr"
  fi
  if [ $# -ge 6 ]; then
    # openssl 3.0's x509 cannot back-date; its ca command can.
    mkdir -p "ca-$3" && : > "ca-$3/index.txt" && echo 1000 > "ca-$3/serial"
    cat > "ca-$3.cnf" <<CNF
[ca]
default_ca = d
[d]
database = ca-$3/index.txt
serial = ca-$3/serial
new_certs_dir = ca-$3
default_md = sha256
policy = p
copy_extensions = none
[p]
commonName = supplied
organizationName = optional
CNF
    openssl ca -batch -config "ca-$3.cnf" -cert "$3.pem" -keyfile "$3.key" -in "$1.csr" \
      -extfile ext.cnf -extensions "$4" -startdate "$5" -enddate "$6" -notext -out "$1.pem" 2>/dev/null
  else
    openssl x509 -req -in "$1.csr" -CA "$3.pem" -CAkey "$3.key" -CAcreateserial -sha256 -days 1825 \
      -extfile ext.cnf -extensions "$4" -out "$1.pem" 2>/dev/null
  fi
  rm -f "$1.csr"
}

root root "/CN=Loupe Test Root CA/O=Loupe test fixtures"
issue intermediate "/CN=Loupe Test Intermediate CA/O=Loupe test fixtures" root ca
issue signer "/CN=Loupe Test Signer/O=Loupe test fixtures" intermediate leaf
issue expired "/CN=Loupe Test Expired Signer/O=Loupe test fixtures" intermediate leaf 20200101000000Z 20210101000000Z
root other-root "/CN=Untrusted Test Root CA/O=Nobody"
issue other-signer "/CN=Signer Under An Untrusted Root/O=Nobody" other-root leaf
KEYTYPE=ed25519 issue signer-ed25519 "/CN=Loupe Test Ed25519 Signer/O=Loupe test fixtures" intermediate leaf
KEYTYPE=rsa issue signer-ps256 "/CN=Loupe Test PS256 Signer/O=Loupe test fixtures" intermediate leaf
KEYTYPE=p384 issue signer-es384 "/CN=Loupe Test ES384 Signer/O=Loupe test fixtures" intermediate leaf
for s in signer expired signer-ed25519 signer-ps256 signer-es384; do cat $s.pem intermediate.pem > $s-chain.pem; done
cat other-signer.pem > other-signer-chain.pem
rm -rf ca-* *.srl ext.cnf
