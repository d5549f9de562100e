package org.corbabridge.perf.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.perf.Caller;
import org.junit.jupiter.api.Test;

class SideBySideTest {

    private static Series of(Caller caller, InvocationMode mode) {
        return new Series(caller, OrbImplementation.JACORB, mode);
    }

    private static Series of(Caller caller) {
        return of(caller, InvocationMode.STATIC);
    }

    @Test
    void theStandaloneAdapterIsMeasuredInOneRequestWithTheClientsItIsComparedWithAndItsDynamicPath() {
        List<Series> worker = List.of(of(Caller.CC), of(Caller.CC, InvocationMode.DYNAMIC), of(Caller.STUB),
                of(Caller.PLAIN), of(Caller.PROXY), of(Caller.CC, InvocationMode.DII), of(Caller.TLS));

        assertThat(Rounds.units(worker)).containsExactly(
                List.of(of(Caller.CC), of(Caller.STUB), of(Caller.PLAIN), of(Caller.PROXY), of(Caller.CC, InvocationMode.DYNAMIC)),
                List.of(of(Caller.CC, InvocationMode.DII)), List.of(of(Caller.TLS)));
    }

    @Test
    void theBeanIsMeasuredInOneRequestWithTheAdapterBesideItAndItsDynamicPath() {
        List<Series> worker = List.of(of(Caller.ASIO, InvocationMode.DII), of(Caller.ASIO_NO_BEAN),
                of(Caller.ASIO, InvocationMode.DYNAMIC), of(Caller.ASIO));

        assertThat(Rounds.units(worker)).containsExactly(List.of(of(Caller.ASIO, InvocationMode.DII)),
                List.of(of(Caller.ASIO), of(Caller.ASIO_NO_BEAN), of(Caller.ASIO, InvocationMode.DYNAMIC)));
    }

    @Test
    void everyOtherSeriesIsMeasuredOnItsOwnAndNoSeriesTwice() {
        List<Series> all = new ArrayList<>(List.of(of(Caller.ASRO), of(Caller.ASRO, InvocationMode.DII),
                Series.nativeFloor(), Series.rawFloor(), of(Caller.PLAIN), of(Caller.CC)));

        List<List<Series>> units = Rounds.units(all);

        assertThat(units).containsExactly(List.of(of(Caller.ASRO)), List.of(of(Caller.ASRO, InvocationMode.DII)),
                List.of(Series.nativeFloor()), List.of(Series.rawFloor()), List.of(of(Caller.CC), of(Caller.PLAIN)));
        assertThat(units.stream().mapToInt(List::size).sum()).isEqualTo(all.size());
    }
}
