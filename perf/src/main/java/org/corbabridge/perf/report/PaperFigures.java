package org.corbabridge.perf.report;

/** What the study published (seeds/003), for comparison; its ORBs were not named. */
public final class PaperFigures {

    public static final String ASIO_CC = "0.83–0.94 (ORB1, 100–300 KB); about 1 (ORB2)";
    public static final String ASRO_CC = "1.59–2.27 (ORB1 only), worse as payload grows";
    public static final String DII_SII = "1.68–2.25, average 1.95";
    public static final double ASIO_CC_LOW = 0.83;
    public static final double ASIO_CC_HIGH = 0.94;
    public static final double ASRO_CC_LOW = 1.59;
    public static final double ASRO_CC_HIGH = 2.27;
    public static final double DII_SII_AVERAGE = 1.95;

    private PaperFigures() {
    }
}
