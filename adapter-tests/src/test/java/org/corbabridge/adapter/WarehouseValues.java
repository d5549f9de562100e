package org.corbabridge.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.corbabridge.depot.stock.Pallet;
import org.corbabridge.depot.stock.Quantity;
import org.corbabridge.depot.stock.Unit;
import org.omg.CORBA.Any;
import org.omg.CORBA.ORB;

/**
 * The values the Warehouse tests send, one per branch of the union, with every other type in
 * them, and the comparison of what came back with what was sent.
 */
final class WarehouseValues {

    /** Not ASCII, not Latin-1, and beyond the BMP: what a wstring must carry intact. */
    static final String WIDE_LABEL = "Palette \u00e9t\u00e9 \u2713 \u65e5\u672c \ud83d\udce6";

    private WarehouseValues() {
    }

    static Pallet pallet(String id, Quantity amount) {
        ORB orb = ORB.init();
        Any extra = orb.create_any();
        extra.insert_long(id.hashCode());
        byte[] picture = new byte[300];
        for (int i = 0; i < picture.length; i++) {
            picture[i] = (byte) (i * 7 + id.length());
        }
        return new Pallet(id, WIDE_LABEL + " " + id, amount, new double[] {1.25, -2.5, 1e-300},
                new int[][] {{1, 2, 3}, {}, {Integer.MIN_VALUE, Integer.MAX_VALUE}}, picture, extra,
                new Unit[] {Unit.LITRES, Unit.PIECES, Unit.KILOGRAMS});
    }

    /** One pallet per union branch: a labelled member of each type, and the default branch. */
    static List<Pallet> everyBranch(String prefix) {
        Quantity count = new Quantity();
        count.count(12);
        Quantity weight = new Quantity();
        weight.weight(2.75);
        Quantity note = new Quantity();
        note.note(Unit.LITRES, "half full");
        return List.of(pallet(prefix + "-count", count), pallet(prefix + "-weight", weight),
                pallet(prefix + "-litres", note));
    }

    static void assertSamePallet(Pallet actual, Pallet expected) {
        assertThat(actual.id).isEqualTo(expected.id);
        assertThat(actual.label).isEqualTo(expected.label);
        assertThat(actual.amount.discriminator()).isEqualTo(expected.amount.discriminator());
        switch (expected.amount.discriminator().value()) {
            case Unit._PIECES:
                assertThat(actual.amount.count()).isEqualTo(expected.amount.count());
                break;
            case Unit._KILOGRAMS:
                assertThat(actual.amount.weight()).isEqualTo(expected.amount.weight());
                break;
            default:
                assertThat(actual.amount.note()).isEqualTo(expected.amount.note());
        }
        assertThat(actual.size).containsExactly(expected.size);
        assertThat(actual.layout).isDeepEqualTo(expected.layout);
        assertThat(actual.picture).containsExactly(expected.picture);
        assertThat(actual.extra.equal(expected.extra)).as("the any came back equal").isTrue();
        assertThat(actual.units).containsExactly(expected.units);
    }

    /** The same pallet as generic values: what a DynamicClient without generated classes takes and gives. */
    static Map<String, Object> generic(Pallet pallet) {
        Map<String, Object> amount = new LinkedHashMap<>();
        amount.put("discriminator", labelOf(pallet.amount.discriminator()));
        switch (pallet.amount.discriminator().value()) {
            case Unit._PIECES:
                amount.put("count", pallet.amount.count());
                break;
            case Unit._KILOGRAMS:
                amount.put("weight", pallet.amount.weight());
                break;
            default:
                amount.put("note", pallet.amount.note());
        }
        List<Object> layout = new ArrayList<>();
        for (int[] row : pallet.layout) {
            layout.add(row);
        }
        List<Object> units = new ArrayList<>();
        for (Unit unit : pallet.units) {
            units.add(labelOf(unit));
        }
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("id", pallet.id);
        value.put("label", pallet.label);
        value.put("amount", amount);
        value.put("size", pallet.size);
        value.put("layout", layout);
        value.put("picture", pallet.picture);
        value.put("extra", pallet.extra);
        value.put("units", units);
        return value;
    }

    static String labelOf(Unit unit) {
        return new String[] {"PIECES", "KILOGRAMS", "LITRES"}[unit.value()];
    }
}
