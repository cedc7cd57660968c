/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/hpcc-logic.h"

#include <gtest/gtest.h>
#include <vector>

using namespace ns3::fabriclb;

namespace
{

constexpr double LINE = 800e9;             //!< bit/s, hosts' and switches' links alike
constexpr uint32_t SLOT = 4158 + 20;       //!< a physical data packet and its gap
constexpr int64_t US = 1000000;            //!< ps per microsecond
constexpr int64_t T = 10 * US;             //!< the base round trip of these tests
constexpr double W_INIT = LINE * T / 8e12; //!< the line rate's BDP over T: 1 MB
constexpr double W_AI = W_INIT / 2500;     //!< the default additive increase: 400 B
constexpr double ETA = 0.95;               //!< the default target utilisation
constexpr uint64_t FULL_T = 1000000;       //!< bytes a port at line rate sends in T

/// \return a standing queue's term of a port's normalised inflight: qlen / (B T)
double
QueueTerm(uint64_t queueBytes)
{
    return queueBytes * 8e12 / (LINE * T);
}

CongestionContext
Context()
{
    CongestionContext context;
    context.lineRateBps = LINE;
    context.slotBytes = SLOT;
    context.longestPathHops = 6;
    context.baseRttPs = T;
    return context;
}

/// \return what port \p portId stamped at \p timestampPs, having sent \p txBytes in all, with
/// \p queueBytes waiting
HopTelemetry
Hop(uint64_t portId, int64_t timestampPs, uint64_t txBytes, uint64_t queueBytes = 0)
{
    HopTelemetry hop;
    hop.portId = portId;
    hop.timestampPs = timestampPs;
    hop.txBytes = txBytes;
    hop.queueBytes = queueBytes;
    hop.rateBps = LINE;
    return hop;
}

/// A queue pair's controller and the ACKs it receives.
struct QueuePair
{
    /// \param params the controller's parameters
    explicit QueuePair(const HpccParams& params = HpccParams())
        : cc(Context(), params)
    {
    }

    /// An ACK of \p ackedPsn carrying \p hops while \p nextPsn is the first PSN unsent.
    void Ack(const std::vector<HopTelemetry>& hops, uint32_t ackedPsn, uint32_t nextPsn)
    {
        AckFeedback ack;
        ack.telemetry = &hops;
        ack.ackedPsn = ackedPsn;
        ack.nextPsn = nextPsn;
        cc.OnAck(ack);
        lastNextPsn = nextPsn;
    }

    /// An ACK of the packet that was first unsent at the last ACK: a once-per-round-trip update
    /// when it measures anything.
    void UpdateAck(const std::vector<HopTelemetry>& hops)
    {
        Ack(hops, lastNextPsn, lastNextPsn + 1);
    }

    HpccController cc;       //!< the controller
    uint32_t lastNextPsn{0}; //!< the first PSN unsent at the last ACK
};

/// U of a port at line rate with a standing queue of 900000 B: 1.9, twice eta
const double CUT_U = QueueTerm(900000) + 1.0;

/// \return a queue pair whose Wc a port at U = 1.9 cut to about W_INIT / 2 + W_AI
QueuePair
CutInHalf()
{
    QueuePair qp;
    qp.UpdateAck({Hop(7, 0, 0, 900000)});
    qp.UpdateAck({Hop(7, T, FULL_T, 900000)});
    return qp;
}

} // namespace

TEST(Hpcc, StartsAtTheLineRatesBandwidthDelayProduct)
{
    const HpccController cc(Context(), HpccParams());
    EXPECT_EQ(cc.BaseRttPs(), T);
    EXPECT_DOUBLE_EQ(cc.MaxWindowBytes(), 1e6);
    EXPECT_DOUBLE_EQ(cc.WindowBytes(), 1e6);
    EXPECT_DOUBLE_EQ(cc.ReferenceWindowBytes(), 1e6);
    EXPECT_DOUBLE_EQ(cc.AdditiveIncreaseBytes(), 400);
    EXPECT_DOUBLE_EQ(*cc.WindowPackets(), 1e6 / SLOT);
    EXPECT_DOUBLE_EQ(cc.RateBps(), LINE);
    EXPECT_EQ(cc.PacingGapPs(), 0U);
    EXPECT_DOUBLE_EQ(cc.Utilisation(), 1);
    EXPECT_EQ(cc.IncreaseStage(), 0U);
}

TEST(Hpcc, BaseRttFromTheParametersElseTheContextElseTheLongestPathsSlots)
{
    HpccParams params;
    params.baseRttPs = 3 * US;
    EXPECT_EQ(HpccController(Context(), params).BaseRttPs(), 3 * US);
    EXPECT_EQ(HpccController(Context(), HpccParams()).BaseRttPs(), T);
    CongestionContext context = Context();
    context.baseRttPs = 0;
    // 4178 B at 800 Gb/s take 41780 ps; six links out and six back.
    EXPECT_EQ(HpccController(context, HpccParams()).BaseRttPs(), 2 * 6 * 41780);
    params.additiveIncreaseBytes = 100;
    EXPECT_DOUBLE_EQ(HpccController(Context(), params).AdditiveIncreaseBytes(), 100);
}

TEST(Hpcc, WithoutTelemetryOrAnEarlierSampleOfThePortNothingChanges)
{
    QueuePair qp = CutInHalf();
    const double window = qp.cc.WindowBytes();
    AckFeedback ack;
    ack.ackedPsn = 100; // past the mark: it would update Wc if it measured anything
    ack.nextPsn = 101;
    qp.cc.OnAck(ack); // no telemetry
    const std::vector<HopTelemetry> none;
    ack.telemetry = &none;
    qp.cc.OnAck(ack);
    const std::vector<HopTelemetry> unseen{Hop(8, 2 * T, 0, 900000)}; // a port seen first
    ack.telemetry = &unseen;
    qp.cc.OnAck(ack);
    EXPECT_DOUBLE_EQ(qp.cc.WindowBytes(), window);
    EXPECT_DOUBLE_EQ(qp.cc.ReferenceWindowBytes(), window);
    EXPECT_DOUBLE_EQ(qp.cc.Utilisation(), CUT_U);
    EXPECT_EQ(qp.cc.IncreaseStage(), 0U);
}

TEST(Hpcc, AtTheTargetUtilisationTheWindowHolds)
{
    // From the line rate's BDP: W = Wc / (eta / eta) + W_AI, clipped to W_init.
    QueuePair qp;
    const uint64_t atEta = 950000; // bytes per T at 0.95 of the line rate
    for (int64_t i = 0; i < 20; ++i)
    {
        qp.UpdateAck({Hop(1, i * T, i * atEta)});
    }
    EXPECT_DOUBLE_EQ(qp.cc.Utilisation(), ETA);
    EXPECT_DOUBLE_EQ(qp.cc.WindowBytes(), W_INIT);
    EXPECT_DOUBLE_EQ(qp.cc.ReferenceWindowBytes(), W_INIT);
    EXPECT_EQ(qp.cc.IncreaseStage(), 0U); // U >= eta: each update is a multiplicative one
    // Below the ceiling the factor is exactly one: only W_AI is added per round trip.
    QueuePair cut = CutInHalf();
    const double wc = cut.cc.ReferenceWindowBytes();
    for (int64_t i = 2; i < 5; ++i)
    {
        cut.UpdateAck({Hop(7, i * T, FULL_T + (i - 1) * atEta)});
        EXPECT_DOUBLE_EQ(cut.cc.Utilisation(), ETA);
        EXPECT_DOUBLE_EQ(cut.cc.ReferenceWindowBytes(), wc + (i - 1) * W_AI);
    }
}

TEST(Hpcc, AStandingQueueAtLineRateCutsByUOverEtaInOneStep)
{
    QueuePair qp;
    const uint64_t queue = 250000; // a quarter of the BDP
    qp.UpdateAck({Hop(3, 0, 0, queue)});
    qp.UpdateAck({Hop(3, T, FULL_T, queue)});
    const double u = QueueTerm(queue) + 1.0;
    EXPECT_DOUBLE_EQ(u, 1.25);
    EXPECT_DOUBLE_EQ(qp.cc.Utilisation(), u); // samples T apart: U takes u whole
    const double window = W_INIT / (u / ETA) + W_AI;
    EXPECT_DOUBLE_EQ(window, 760400);
    EXPECT_DOUBLE_EQ(qp.cc.WindowBytes(), window);
    EXPECT_DOUBLE_EQ(qp.cc.ReferenceWindowBytes(), window);
    EXPECT_DOUBLE_EQ(*qp.cc.WindowPackets(), window / SLOT);
    EXPECT_DOUBLE_EQ(qp.cc.RateBps(), window * 8e12 / T);
}

TEST(Hpcc, TheQueueTermIsTheSmallerOfThePortsTwoSamples)
{
    QueuePair qp;
    qp.UpdateAck({Hop(3, 0, 0, 100000)});
    qp.UpdateAck({Hop(3, T, FULL_T, 600000)}); // a burst the previous sample did not see
    EXPECT_DOUBLE_EQ(qp.cc.Utilisation(), QueueTerm(100000) + 1.0);
}

TEST(Hpcc, ALightPathAddsWaiForMaxStageUpdatesThenMultiplies)
{
    QueuePair qp = CutInHalf();
    double wc = W_INIT / (CUT_U / ETA) + W_AI;
    EXPECT_DOUBLE_EQ(qp.cc.ReferenceWindowBytes(), wc);
    EXPECT_NEAR(wc, W_INIT / 2 + W_AI, 1e-6);
    uint64_t tx = FULL_T;
    for (int64_t i = 2; i < 13; ++i)
    {
        tx += FULL_T / 2; // u = 0.5
        qp.UpdateAck({Hop(7, i * T, tx)});
        ASSERT_DOUBLE_EQ(qp.cc.Utilisation(), 0.5);
        // Updates 1 to 5 add W_AI; the 6th, at incStage = maxStage, multiplies by eta / U.
        const int64_t update = i - 1;
        const bool multiplicative = update % 6 == 0;
        wc = multiplicative ? wc / (0.5 / ETA) + W_AI : wc + W_AI;
        EXPECT_DOUBLE_EQ(qp.cc.ReferenceWindowBytes(), wc) << update;
        EXPECT_DOUBLE_EQ(qp.cc.WindowBytes(), wc) << update;
        EXPECT_EQ(qp.cc.IncreaseStage(), update % 6) << update;
    }
    // Five additions, one multiplication by 0.95 / 0.5, five more: (502400 * 1.9 + 400) + 2000.
    EXPECT_DOUBLE_EQ(wc, ((W_INIT / (CUT_U / ETA) + W_AI) + 5 * W_AI) / (0.5 / ETA) + 6 * W_AI);
    EXPECT_NEAR(wc, 956960, 1e-6);
}

TEST(Hpcc, AnIdlePathReturnsToTheLineRateAtTheMultiplicativeStep)
{
    QueuePair qp = CutInHalf();
    const double wc = qp.cc.ReferenceWindowBytes();
    for (int64_t i = 2; i < 7; ++i)
    {
        qp.UpdateAck({Hop(7, i * T, FULL_T)}); // nothing sent since: u = 0
        EXPECT_DOUBLE_EQ(qp.cc.WindowBytes(), wc + (i - 1) * W_AI);
    }
    qp.UpdateAck({Hop(7, 7 * T, FULL_T)});
    EXPECT_DOUBLE_EQ(qp.cc.Utilisation(), 0);
    EXPECT_DOUBLE_EQ(qp.cc.WindowBytes(), W_INIT);
    EXPECT_EQ(qp.cc.PacingGapPs(), 0U);
}

TEST(Hpcc, TheReferenceWindowMovesOncePerRoundTrip)
{
    QueuePair qp;
    const uint64_t queue = 250000;
    const double factor = (QueueTerm(queue) + 1.0) / ETA; // U / eta
    qp.Ack({Hop(3, 0, 0, queue)}, 0, 10);                 // no earlier sample: no update yet
    qp.Ack({Hop(3, T, FULL_T, queue)}, 0, 10);
    const double wc1 = W_INIT / factor + W_AI;
    EXPECT_DOUBLE_EQ(qp.cc.ReferenceWindowBytes(), wc1); // the first measured ACK updates
    // ACKs of PSNs 1 to 9, sent before that update: W follows U, Wc stays.
    for (uint32_t psn = 1; psn < 10; ++psn)
    {
        qp.Ack({Hop(3, (1 + psn) * T, (1 + psn) * FULL_T, queue)}, psn, 10 + psn);
        EXPECT_DOUBLE_EQ(qp.cc.WindowBytes(), wc1 / factor + W_AI) << psn;
        EXPECT_DOUBLE_EQ(qp.cc.ReferenceWindowBytes(), wc1) << psn;
    }
    // PSN 10 was the first unsent at that update: its ACK updates; the next needs PSN 20.
    qp.Ack({Hop(3, 11 * T, 11 * FULL_T, queue)}, 10, 20);
    const double wc2 = wc1 / factor + W_AI;
    EXPECT_DOUBLE_EQ(qp.cc.ReferenceWindowBytes(), wc2);
    qp.Ack({Hop(3, 12 * T, 12 * FULL_T, queue)}, 19, 21);
    EXPECT_DOUBLE_EQ(qp.cc.ReferenceWindowBytes(), wc2);
    // A go-back-N rewind of the next PSN does not move the mark back.
    qp.Ack({Hop(3, 13 * T, 13 * FULL_T, queue)}, 20, 15);
    const double wc3 = wc2 / factor + W_AI;
    EXPECT_DOUBLE_EQ(qp.cc.ReferenceWindowBytes(), wc3);
    qp.Ack({Hop(3, 14 * T, 14 * FULL_T, queue)}, 16, 17);
    EXPECT_DOUBLE_EQ(qp.cc.ReferenceWindowBytes(), wc3);
}

TEST(Hpcc, IncStageCountsOncePerRoundTrip)
{
    QueuePair qp = CutInHalf(); // Wc updated; the next update needs PSN 2
    const double wc = qp.cc.ReferenceWindowBytes();
    for (uint32_t psn = 2; psn < 6; ++psn) // u = 0.5, all within one round trip
    {
        qp.Ack({Hop(7, psn * T, FULL_T + (psn - 1) * FULL_T / 2)}, psn, 6);
        EXPECT_EQ(qp.cc.IncreaseStage(), 1U) << psn;
        EXPECT_DOUBLE_EQ(qp.cc.ReferenceWindowBytes(), wc + W_AI) << psn;
        EXPECT_DOUBLE_EQ(qp.cc.WindowBytes(), psn == 2 ? wc + W_AI : wc + W_AI + W_AI) << psn;
    }
}

TEST(Hpcc, SprayedPortsAreMeasuredEachAgainstItsOwnPreviousSample)
{
    // Port 1 at line rate and port 2 at half of it take turns every T / 4: each port's samples
    // are T / 2 apart, so each ACK moves U half way from where it was to that port's u.
    QueuePair qp;
    const uint64_t base1 = 5000000000; // counters far apart: a mixed pair gives nonsense
    const uint64_t base2 = 7000;
    qp.UpdateAck({Hop(1, 0, base1)});
    qp.UpdateAck({Hop(2, T / 4, base2)});
    EXPECT_DOUBLE_EQ(qp.cc.Utilisation(), 1); // nothing measured yet
    // U: 1/2 + 1/2 * 1, then 1/2 U + 1/2 * 0.5, 1/2 U + 1/2 * 1, ...
    const double expected[] = {1.0, 0.75, 0.875, 0.6875, 0.84375, 0.671875};
    for (int64_t k = 1; k <= 3; ++k)
    {
        qp.UpdateAck({Hop(1, k * T / 2, base1 + k * FULL_T / 2)});
        EXPECT_DOUBLE_EQ(qp.cc.Utilisation(), expected[2 * k - 2]) << k;
        qp.UpdateAck({Hop(2, k * T / 2 + T / 4, base2 + k * FULL_T / 4)});
        EXPECT_DOUBLE_EQ(qp.cc.Utilisation(), expected[2 * k - 1]) << k;
    }
    // Every ACK an update: U = 1 multiplies (1e6 * 0.95 + 400), the five below eta add W_AI
    // each, incStage 1 to 5.
    EXPECT_DOUBLE_EQ(qp.cc.ReferenceWindowBytes(), W_INIT / (1.0 / ETA) + W_AI + 5 * W_AI);
    EXPECT_DOUBLE_EQ(qp.cc.ReferenceWindowBytes(), 952400);
    EXPECT_EQ(qp.cc.IncreaseStage(), 5U);
}

TEST(Hpcc, AStaleSampleOfAPortIsIgnored)
{
    QueuePair qp;
    qp.UpdateAck({Hop(1, 0, 0)});
    qp.UpdateAck({Hop(1, T, FULL_T / 2)}); // u = 0.5
    EXPECT_DOUBLE_EQ(qp.cc.Utilisation(), 0.5);
    qp.UpdateAck({Hop(1, T / 2, FULL_T / 4, 500000)}); // overtaken: stamped before the last
    EXPECT_DOUBLE_EQ(qp.cc.Utilisation(), 0.5);
    // Against the sample at T: 800000 B in T, 0.8; against the stale one it would be 0.7.
    qp.UpdateAck({Hop(1, 2 * T, FULL_T / 2 + 800000)});
    EXPECT_DOUBLE_EQ(qp.cc.Utilisation(), 0.8);
}

TEST(Hpcc, AHopSeenFirstDoesNotCountEvenWithAQueue)
{
    QueuePair qp;
    qp.UpdateAck({Hop(1, 0, 0)});
    qp.UpdateAck({Hop(1, T, FULL_T / 2), Hop(9, T, 0, 900000)});
    EXPECT_DOUBLE_EQ(qp.cc.Utilisation(), 0.5);
    qp.UpdateAck({Hop(1, 2 * T, FULL_T), Hop(9, 2 * T, FULL_T, 900000)}); // now it does
    EXPECT_DOUBLE_EQ(qp.cc.Utilisation(), CUT_U);
}

TEST(Hpcc, TheLargestHopsInflightAndItsIntervalSetU)
{
    QueuePair qp;
    const uint64_t queue = 100000;
    qp.UpdateAck({Hop(1, 0, 0), Hop(2, 0, 0, queue), Hop(3, 0, 0)});
    // u: 0.3 over T; line rate over T / 2 and a tenth of a BDP queued, 1.1; 0.8 over T.
    qp.UpdateAck({Hop(1, T, 300000), Hop(2, T / 2, FULL_T / 2, queue), Hop(3, T, 800000)});
    const double bottleneck = QueueTerm(queue) + 1.0;
    EXPECT_DOUBLE_EQ(bottleneck, 1.1);
    const double u = 0.5 * 1.0 + 0.5 * bottleneck; // weight (T / 2) / T, from U = 1
    EXPECT_DOUBLE_EQ(qp.cc.Utilisation(), u);
    EXPECT_DOUBLE_EQ(qp.cc.WindowBytes(), W_INIT / (u / ETA) + W_AI);
}

TEST(Hpcc, PacesAtTheRateOfItsWindow)
{
    const QueuePair qp = CutInHalf();
    const double window = W_INIT / (CUT_U / ETA) + W_AI;  // 500400 B
    EXPECT_DOUBLE_EQ(qp.cc.RateBps(), window * 8e12 / T); // 400.32 Gb/s
    EXPECT_DOUBLE_EQ(qp.cc.RateBps(), 400.32e9);
    EXPECT_EQ(qp.cc.PacingGapPs(), static_cast<uint64_t>(SLOT * 8e12 / qp.cc.RateBps()));
    EXPECT_EQ(qp.cc.PacingGapPs(), 83493U); // 4178 B at 400.32 Gb/s: 83493.2 ps
    EXPECT_TRUE(qp.cc.WindowOpen(118));     // 500400 / 4178 = 119.77 packets
    EXPECT_FALSE(qp.cc.WindowOpen(119));
}

TEST(Hpcc, TheWindowFloorsAtTheMinimumRateOverT)
{
    HpccParams params;
    params.additiveIncreaseBytes = 1; // W never drops below W_AI: take it below the floor
    QueuePair qp(params);
    for (int64_t i = 0; i < 6; ++i) // a queue of 100 BDPs: U = 101
    {
        qp.UpdateAck({Hop(5, i * T, i * FULL_T, 100 * FULL_T)});
    }
    EXPECT_DOUBLE_EQ(qp.cc.WindowBytes(), 100e6 * T / 8e12); // 125 B
    EXPECT_DOUBLE_EQ(qp.cc.RateBps(), 100e6);
    EXPECT_EQ(qp.cc.PacingGapPs(), 334240000U); // 4178 B at 100 Mb/s
    EXPECT_TRUE(qp.cc.WindowOpen(0));           // below a packet: one at a time, paced
    EXPECT_FALSE(qp.cc.WindowOpen(1));
}
