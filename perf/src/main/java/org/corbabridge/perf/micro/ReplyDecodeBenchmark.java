package org.corbabridge.perf.micro;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.corbabridge.adapter.OrbConfig;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.adapter.Orbs;
import org.corbabridge.adapter.internal.codec.Codec;
import org.corbabridge.adapter.internal.codec.Codecs;
import org.corbabridge.adapter.internal.orb.OrbPlatform;
import org.corbabridge.shop.Item;
import org.corbabridge.shop.QueryResult;
import org.corbabridge.shop.QueryResultHelper;
import org.omg.CORBA.ORB;
import org.omg.CORBA.portable.InputStream;
import org.omg.CORBA.portable.OutputStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One step of a call on its own: decoding a reply of the study's catalog (a {@code QueryResult} of
 * about {@link #bytes} bytes) from an ORB's own input stream, by the generated helper (what the
 * static stubs do) and by the dynamic path's codec (what {@code InvocationMode.DYNAMIC} does), in
 * one JVM, without a network or a server: what the study's side-by-side runs cannot separate from
 * the rest of the call. Each decode reads a fresh stream over a copy of the marshalled reply, as a
 * reply arrives in a buffer of its own; {@link #copyOnly} is that copy alone, to subtract.
 *
 * <p>The codecs are not public API: this reaches them through the factory the adapter's own binding
 * uses ({@code internal.codec.Codecs}), built for the ORB's platform as a client's are, from perf's
 * own package (no class of perf in the core's packages, which would split them on the module path).
 * Run:
 * {@code java -cp "$(cat perf/target/classpath-jacorb.txt):perf/target/classes" org.openjdk.jmh.Main ReplyDecode}
 * (docs/study.md, "One step on its own").
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ReplyDecodeBenchmark {

    /** The ORB, by {@link OrbImplementation} name; only the one on the class path can be made. */
    @Param({"JACORB"})
    public String orb;

    /** The reply's size, as the study's payload sizes: 1 KB, 100 KB, 300 KB. */
    @Param({"1024", "102400", "307200"})
    public int bytes;

    private ORB corba;
    private OutputStream marshalled;
    private Codec dynamic;

    @Setup
    public void setUp() throws Exception {
        corba = Orbs.create(OrbConfig.builder().implementation(OrbImplementation.valueOf(orb)).build(),
                Duration.ofSeconds(10), Duration.ofSeconds(3));
        marshalled = (OutputStream) corba.create_output_stream();
        QueryResultHelper.write(marshalled, reply(bytes));
        dynamic = Codecs.of(QueryResultHelper.type(), QueryResult.class, OrbPlatform.of(corba));
        QueryResult check = (QueryResult) dynamic.read(marshalled.create_input_stream());
        QueryResult expected = QueryResultHelper.read(marshalled.create_input_stream());
        if (check.items.length != expected.items.length
                || !check.items[check.items.length - 1].description.equals(expected.items[expected.items.length - 1].description)) {
            throw new IllegalStateException("the two decodings disagree");
        }
    }

    @TearDown
    public void tearDown() {
        Orbs.destroy(corba);
    }

    @Benchmark
    public InputStream copyOnly() {
        return marshalled.create_input_stream();
    }

    @Benchmark
    public QueryResult generatedHelper() {
        return QueryResultHelper.read(marshalled.create_input_stream());
    }

    @Benchmark
    public Object dynamicCodec() {
        return dynamic.read(marshalled.create_input_stream());
    }

    /**
     * Items like the C++ server's catalog (test-support's {@code ReferenceCatalog}): a name of two
     * words, a description of about 80 characters, until the reply holds about {@code bytes}.
     */
    static QueryResult reply(int bytes) {
        int perItem = 4 + 4 + 16 + 4 + 80 + 4 + 8;
        Item[] items = new Item[Math.max(1, (bytes - 12) / perItem)];
        for (int id = 0; id < items.length; id++) {
            String name = "walnut cabinet " + (id % 10);
            String description = "No. " + id + ": " + name + ", series A" + (id % 100)
                    + ". Deterministic sample entry of the catalog study.";
            items[id] = new Item(id, name, description, (id * 7919L % 99900 + 100) / 100.0);
        }
        return new QueryResult(1234L, items);
    }
}
