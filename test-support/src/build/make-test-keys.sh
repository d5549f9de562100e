#!/usr/bin/env bash
# Makes the keys and certificates the TLS tests and the study use, fresh on every build; none
# is committed. Usage: make-test-keys.sh OUTPUT_DIR [KEYTOOL]
#
#   ca.pem                  the test CA's certificate (servers verify client certificates with it)
#   truststore.p12          that CA, for Java clients                         (password: changeit)
#   server.pem              a server certificate for 127.0.0.1 from the test CA, and its key
#   server-expired.pem      the same, expired yesterday
#   server-unknown-ca.pem   the same, from a CA no client trusts
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

server_ext=(-ext san=ip:127.0.0.1,dns:localhost -ext eku=serverAuth)
for variant in server:ca:3650:+0d server-expired:ca:1:-2d server-unknown-ca:unknown-ca:3650:+0d; do
  IFS=: read -r name ca days start <<<"$variant"
  new_key "$work/$name.p12" "$name" "CN=127.0.0.1"
  sign "$work/$ca.p12" "$work/$name.p12" "$name" "$work/$name.crt" \
    "${server_ext[@]}" -validity "$days" -startdate "$start"
  to_pem "$work/$name.p12" "$out/$name.pem"
done

rm -f "$out/client.p12"
new_key "$out/client.p12" client "CN=corbabridge test client"
sign "$work/ca.p12" "$out/client.p12" client "$work/client.crt" -ext eku=clientAuth -validity 3650
echo "test keys in $out"
