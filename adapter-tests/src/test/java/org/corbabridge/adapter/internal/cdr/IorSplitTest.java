package org.corbabridge.adapter.internal.cdr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HexFormat;
import java.util.List;
import org.corbabridge.adapter.TestOrbs;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** A reference of several addresses, split into one reference per address that keeps the rest. */
@Tag(TestOrbs.ORB_FREE)
class IorSplitTest {

    static final byte[] KEY = {0x14, 0x01, 0x0f, 0x00, 'N', 'U', 'P'};
    static final long TAG_CODE_SETS = 1;
    static final long TAG_ALTERNATE_IIOP_ADDRESS = 3;
    static final long TAG_SSL_SEC_TRANS = 20;

    /** An IIOP 1.2 profile body with a code-set component, a TLS port and the given alternates. */
    static byte[] profile(String host, int port, String... alternates) {
        CdrWriter body = new CdrWriter().octet(1).octet(2).string(host).ushort(port).octets(KEY);
        body.ulong(2 + alternates.length);
        body.ulong(TAG_CODE_SETS).octets(new byte[] {0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0});
        for (String alternate : alternates) {
            String[] hostPort = alternate.split(":");
            body.ulong(TAG_ALTERNATE_IIOP_ADDRESS).octets(new CdrWriter().string(hostPort[0])
                    .ushort(Integer.parseInt(hostPort[1])).toByteArray());
        }
        body.ulong(TAG_SSL_SEC_TRANS).octets(new CdrWriter().ushort(0x66).ushort(0x66).ushort(4443).toByteArray());
        return body.toByteArray();
    }

    /** A stringified IOR of these IIOP profile bodies. */
    static String ior(byte[]... profiles) {
        CdrWriter ior = new CdrWriter().string("IDL:depot/stock/Warehouse:1.0").ulong(profiles.length);
        for (byte[] profile : profiles) {
            ior.ulong(0).octets(profile);
        }
        return "IOR:" + HexFormat.of().formatHex(ior.toByteArray());
    }

    @Test
    void everyProfileAndEveryAlternateAddressIsAReferenceOfItsOwnKeepingTheRest() {
        String several = ior(profile("10.0.1.5", 4000, "10.0.1.6:4001"), profile("10.0.2.5", 4000));

        List<IorSplit.Address> addresses = IorSplit.addresses(several);

        assertThat(addresses).extracting(a -> a.host() + ":" + a.port())
                .containsExactly("10.0.1.5:4000", "10.0.1.6:4001", "10.0.2.5:4000");
        for (IorSplit.Address address : addresses) {
            IorInspection.Ior one = IorInspection.decode(address.ior());
            assertThat(one.typeId()).isEqualTo("IDL:depot/stock/Warehouse:1.0");
            assertThat(one.profiles()).hasSize(1);
            IorInspection.Profile profile = one.profiles().get(0);
            assertThat(profile.host() + ":" + profile.port()).isEqualTo(address.host() + ":" + address.port());
            assertThat(profile.version()).isEqualTo("1.2");
            assertThat(profile.objectKey()).isEqualTo(KEY);
            assertThat(profile.components()).extracting(IorInspection.Component::name)
                    .containsExactly("TAG_CODE_SETS", "TAG_SSL_SEC_TRANS");
            assertThat(one.offersTls()).isTrue();
        }
    }

    @Test
    void aReferenceOfOneAddressStaysAsItIs() {
        String one = ior(profile("127.0.0.1", 4000));
        assertThat(IorSplit.addresses(one)).singleElement().satisfies(address -> {
            assertThat(address.ior()).isSameAs(one);
            assertThat(address.port()).isEqualTo(4000);
        });
    }

    @Test
    void aMalformedReferenceIsRefused() {
        assertThatThrownBy(() -> IorSplit.addresses("IOR:00000000")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> IorSplit.addresses("IOR:zz")).isInstanceOf(IllegalArgumentException.class);
    }
}
