#!/usr/bin/env bash
# Makes the keys and certificates the TLS tests and the study use, fresh on every build; none
# is committed. Usage: make-test-keys.sh OUTPUT_DIR [KEYTOOL]
#
#   ca.pem                  the test CA's certificate (servers verify client certificates with it)
#   truststore.p12          that CA, for Java clients                         (password: changeit)
#   truststore-other-ca.p12 only the other CA, which signed none of the good server certificates
#   server.pem              a server certificate for 127.0.0.1 from the test CA, and its key
#   server-expired.pem      the same, expired yesterday
#   server-unknown-ca.pem   the same, from a CA no client trusts
#   server-wrong-host.pem   a server certificate from the test CA for wrong.example only
#   server-wrong-usage.pem  one for 127.0.0.1 from the test CA whose extended key usage is client authentication only
#   wildcard.p12            a server certificate from the test CA for *.corbabridge.test and its key, for a Java
#                           server in the tests of host-name verification (password: changeit)
#   client.p12              a client certificate from the test CA, and its key (password: changeit)
#
# keytool makes them (it can date a certificate in the past, which openssl 3.0's x509 cannot);
# openssl turns a PKCS #12 store into the PEM file with certificate and key omniORB reads.
set -euo pipefail

out=${1:?usage: make-test-keys.sh OUTPUT_DIR [KEYTOOL]}
keytool=${2:-keytool}
pass=changeit
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

kt() { "$keytool" -storetype PKCS12 -storepass "$pass" "$@" 2>/dev/null; }
new_key() { # store alias dname [extensions...]
  local store=$1 alias=$2 dname=$3; shift 3
  kt -genkeypair -keystore "$store" -alias "$alias" -keyalg EC -groupname secp256r1 -dname "$dname" \
     -validity 3650 "$@"
}
sign() { # ca-store subject-store alias out-pem [keytool options...]
  local ca=$1 store=$2 alias=$3 pem=$4; shift 4
  kt -certreq -keystore "$store" -alias "$alias" \
    | kt -gencert -keystore "$ca" -alias ca -rfc -outfile "$pem" "$@"
  kt -importcert -noprompt -keystore "$store" -alias ca-chain -file "$work/$(basename "$ca" .p12).pem"
  kt -importcert -noprompt -keystore "$store" -alias "$alias" -file "$pem"
}
to_pem() { # store out-pem: certificate chain and unencrypted key, as omniORB's -ORBsslKeyFile wants
  openssl pkcs12 -in "$1" -passin "pass:$pass" -nodes -out "$2" 2>/dev/null
}

for ca in ca unknown-ca; do
  new_key "$work/$ca.p12" ca "CN=corbabridge test $ca" -ext bc:c=ca:true -ext ku:c=keyCertSign,cRLSign
  kt -exportcert -keystore "$work/$ca.p12" -alias ca -rfc -file "$work/$ca.pem"
done
cp "$work/ca.pem" "$out/ca.pem"
rm -f "$out/truststore.p12"
kt -importcert -noprompt -keystore "$out/truststore.p12" -alias corbabridge-test-ca -file "$work/ca.pem"
rm -f "$out/truststore-other-ca.p12"
kt -importcert -noprompt -keystore "$out/truststore-other-ca.p12" -alias corbabridge-other-ca -file "$work/unknown-ca.pem"

# name:ca:days:start:subject-alternative-names:extended-key-usage
for variant in server:ca:3650:+0d:ip=127.0.0.1,dns=localhost:serverAuth \
               server-expired:ca:1:-2d:ip=127.0.0.1,dns=localhost:serverAuth \
               server-unknown-ca:unknown-ca:3650:+0d:ip=127.0.0.1,dns=localhost:serverAuth \
               server-wrong-host:ca:3650:+0d:dns=wrong.example:serverAuth \
               server-wrong-usage:ca:3650:+0d:ip=127.0.0.1,dns=localhost:clientAuth \
               wildcard:ca:3650:+0d:dns=*.corbabridge.test:serverAuth; do
  IFS=: read -r name ca days start names usage <<<"$variant"
  first=${names%%,*}
  new_key "$work/$name.p12" "$name" "CN=${first#*=}"
  sign "$work/$ca.p12" "$work/$name.p12" "$name" "$work/$name.crt" \
    -ext "san=${names//=/:}" -ext "eku=$usage" -validity "$days" -startdate "$start"
  to_pem "$work/$name.p12" "$out/$name.pem"
done
cp "$work/wildcard.p12" "$out/wildcard.p12"

rm -f "$out/client.p12"
new_key "$out/client.p12" client "CN=corbabridge test client"
sign "$work/ca.p12" "$out/client.p12" client "$work/client.crt" -ext eku=clientAuth -validity 3650
echo "test keys in $out"
