package org.corbabridge.adapter.internal.call;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.corbabridge.adapter.TestOrbs;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag(TestOrbs.ORB_FREE)
class ReplicaTargetsTest {

    @Test
    void aCorbalocOfSeveralAddressesIsAReplicaPerAddressWithTheSameKey() {
        assertThat(ReplicaTargets.splitCorbaloc("corbaloc::10.0.0.1:4000,:10.0.0.2:4000,iiop:1.2@h3:4001/shop/Catalog"))
                .containsExactly("corbaloc::10.0.0.1:4000/shop/Catalog", "corbaloc::10.0.0.2:4000/shop/Catalog",
                        "corbaloc:iiop:1.2@h3:4001/shop/Catalog");
        assertThat(ReplicaTargets.splitCorbaloc("corbaloc::h:1/Key")).containsExactly("corbaloc::h:1/Key");
    }

    @Test
    void aCorbalocWithAnEmptyAddressIsRefused() {
        assertThatThrownBy(() -> ReplicaTargets.splitCorbaloc("corbaloc::h:1,,:h:2/Key"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("empty address");
    }
}
