package org.corbabridge.adapter.internal.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import org.corbabridge.adapter.TestOrbs;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The rules that map the addresses servers publish to ones a client reaches. */
@Tag(TestOrbs.ORB_FREE)
class AddressMapTest {

    @Test
    void anExactRuleAPatternAndAPortKeptAreAppliedFirstMatchFirst() {
        Map<String, String> rules = new LinkedHashMap<>();
        rules.put("10.0.1.5:4000", "gateway:14000");
        rules.put("*.cluster.local:*", "gateway:*");
        rules.put("*:2809", "naming-gateway:12809");
        AddressMap map = AddressMap.parse(AddressMap.format(rules));

        assertThat(map.map("10.0.1.5", 4000)).isEqualTo(InetSocketAddress.createUnresolved("gateway", 14000));
        assertThat(map.map("10.0.1.5", 4001)).as("another port of that host is not mapped")
                .isEqualTo(InetSocketAddress.createUnresolved("10.0.1.5", 4001));
        assertThat(map.map("Replica-2.Cluster.Local", 4100))
                .isEqualTo(InetSocketAddress.createUnresolved("gateway", 4100));
        assertThat(map.map("cluster.local", 4100)).as("the suffix pattern needs a name before it")
                .isEqualTo(InetSocketAddress.createUnresolved("cluster.local", 4100));
        assertThat(map.map("anything", 2809)).isEqualTo(InetSocketAddress.createUnresolved("naming-gateway", 12809));
        assertThat(AddressMap.parse(null).isEmpty()).isTrue();
        assertThat(AddressMap.parse(" ").map("h", 1)).isEqualTo(InetSocketAddress.createUnresolved("h", 1));
    }

    @Test
    void aMalformedRuleIsRefusedNamingIt() {
        assertThatThrownBy(() -> AddressMap.parse("10.0.1.5:4000"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'10.0.1.5:4000'")
                .hasMessageContaining("PUBLISHED=REACHABLE");
        assertThatThrownBy(() -> AddressMap.parse("10.0.1.5=gateway:1"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not HOST:PORT");
        assertThatThrownBy(() -> AddressMap.parse("10.0.1.5:70000=gateway:1"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'70000'");
        assertThatThrownBy(() -> AddressMap.parse("10.0.1.5:1=*.gateway:1"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must be a host");
    }
}
