/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/buffer-accounting.h"

#include <gtest/gtest.h>
#include <stdexcept>
#include <vector>

using namespace ns3::fabriclb;
using Verdict = BufferAccounting::Verdict;

namespace
{
constexpr uint32_t FRAME = 4158;     // a data frame on the wire
constexpr uint32_t LARGEST = 9002;   // the largest frame: a 9000 B MTU and its framing
constexpr uint32_t HEADROOM = 50000; // every port's, in these tests

/// Three ports of 800 KB each, lossless data, static sharing.
BufferSettings
StaticLossless()
{
    BufferSettings settings;
    settings.sharing = BufferSharing::STATIC;
    settings.portBytes = 800000;
    settings.lossless = true;
    settings.largestFrameBytes = LARGEST;
    settings.headroomBytes = {HEADROOM, HEADROOM, HEADROOM};
    return settings;
}

/// Three ports sharing 1 MB, alpha 1/2, lossless data.
BufferSettings
DynamicLossless()
{
    BufferSettings settings = StaticLossless();
    settings.sharing = BufferSharing::DYNAMIC;
    settings.bufferBytes = 1000000;
    settings.alpha = 0.5;
    return settings;
}

/// \return the message Validate throws for \p settings ("" if none)
std::string
Refusal(const BufferSettings& settings)
{
    try
    {
        settings.Validate();
    }
    catch (const std::invalid_argument& e)
    {
        return e.what();
    }
    return "";
}
} // namespace

TEST(Headroom, IsTheWireOutAndBackThreeFramesAndThePause)
{
    // 800 Gb/s over 500 ns: 50,000 B each way.
    EXPECT_EQ(HeadroomBytes(800'000'000'000ULL, 500'000, LARGEST, 64),
              2 * 50000 + 3 * LARGEST + 64);
    // 100 Gb/s over 1 ns: 12.5 B each way, 25 B both, exact.
    EXPECT_EQ(HeadroomBytes(100'000'000'000ULL, 1000, 1500, 64), 25U + 4500 + 64);
    // 100 Gb/s over 1 ps: 0.025 B both ways, rounded up to one byte.
    EXPECT_EQ(HeadroomBytes(100'000'000'000ULL, 1, 1500, 64), 1U + 4500 + 64);
    EXPECT_EQ(HeadroomBytes(400'000'000'000ULL, 0, 1500, 64), 4500U + 64);
}

TEST(BufferAccounting, StaticXoffAtThePortLessHeadroomThenHeadroomThenOverflow)
{
    BufferAccounting books(3, StaticLossless());
    EXPECT_EQ(books.XoffThreshold(0), 800000U - HEADROOM);
    EXPECT_EQ(books.XonThreshold(0), 800000U - HEADROOM - 2 * LARGEST);
    // 180 frames fit below XOFF (748,440 B of 750,000); the 181st goes to headroom and pauses.
    for (int i = 0; i < 180; ++i)
    {
        const auto admission = books.Admit(0, 2, TrafficClass::DATA, FRAME);
        ASSERT_EQ(admission.verdict, Verdict::ADMITTED) << i;
        ASSERT_FALSE(admission.pause);
    }
    auto admission = books.Admit(0, 2, TrafficClass::DATA, FRAME);
    EXPECT_EQ(admission.verdict, Verdict::HEADROOM);
    EXPECT_TRUE(admission.pause);
    EXPECT_TRUE(books.IsXoff(0));
    EXPECT_FALSE(books.IsXoff(1));
    // Paused: everything goes to headroom, 12 frames in all (49,896 B of 50,000), no new pause.
    for (int i = 1; i < 12; ++i)
    {
        admission = books.Admit(0, 2, TrafficClass::DATA, FRAME);
        ASSERT_EQ(admission.verdict, Verdict::HEADROOM) << i;
        ASSERT_FALSE(admission.pause);
    }
    EXPECT_EQ(books.HeadroomUsed(0), 12 * FRAME);
    EXPECT_EQ(books.Admit(0, 2, TrafficClass::DATA, FRAME).verdict, Verdict::OVERFLOW);
    EXPECT_EQ(books.GetStats().overflows, 1U);
    EXPECT_EQ(books.GetStats().maxHeadroomBytes, 12 * FRAME);
    EXPECT_EQ(books.GetStats().xoffs, 1U);
    EXPECT_EQ(books.HeldBytes(0, 2), 192ULL * FRAME);
    EXPECT_EQ(books.HeldBytes(1, 2), 0U);
    // Another ingress port is not held back by port 0's pause.
    EXPECT_EQ(books.Admit(1, 2, TrafficClass::DATA, FRAME).verdict, Verdict::ADMITTED);
}

TEST(BufferAccounting, ResumesOnceHeadroomIsEmptyAndSharedBytesAreAtXon)
{
    BufferAccounting books(3, StaticLossless());
    for (int i = 0; i < 185; ++i)
    {
        books.Admit(0, 2, TrafficClass::DATA, FRAME); // 180 shared, 5 in headroom
    }
    ASSERT_EQ(books.HeadroomUsed(0), 5 * FRAME);
    // Headroom drains first; shared bytes then fall to XON (731,996 B): 180 - 177 = 3 more.
    for (int i = 0; i < 5; ++i)
    {
        EXPECT_FALSE(books.Release(0, 2, TrafficClass::DATA, FRAME)) << i;
    }
    EXPECT_EQ(books.HeadroomUsed(0), 0U);
    EXPECT_EQ(books.SharedBytes(0), 180ULL * FRAME);
    EXPECT_FALSE(books.Release(0, 2, TrafficClass::DATA, FRAME));
    EXPECT_FALSE(books.Release(0, 2, TrafficClass::DATA, FRAME));
    EXPECT_FALSE(books.Release(0, 2, TrafficClass::DATA, FRAME));
    EXPECT_TRUE(books.Release(0, 2, TrafficClass::DATA, FRAME)); // 176 frames: 731,808 B
    EXPECT_FALSE(books.IsXoff(0));
    EXPECT_FALSE(books.Release(0, 2, TrafficClass::DATA, FRAME)); // no second resume
}

TEST(BufferAccounting, CountersReturnToZeroWhenTrafficDrains)
{
    BufferAccounting books(3, DynamicLossless());

    struct Frame
    {
        uint32_t ingress;
        uint32_t egress;
        TrafficClass cls;
        uint32_t bytes;
    };

    std::vector<Frame> held;
    for (uint32_t i = 0; i < 600; ++i)
    {
        const Frame frame{i % 3,
                          (i + 1) % 3,
                          i % 5 == 0 ? TrafficClass::CONTROL : TrafficClass::DATA,
                          i % 5 == 0 ? 64U : FRAME};
        if (books.Admit(frame.ingress, frame.egress, frame.cls, frame.bytes).verdict <
            Verdict::DROPPED)
        {
            held.push_back(frame);
        }
    }
    EXPECT_GT(books.GetStats().xoffs, 0U);
    EXPECT_GT(books.TotalBytes(), 0U);
    for (const Frame& frame : held)
    {
        books.Release(frame.ingress, frame.egress, frame.cls, frame.bytes);
    }
    EXPECT_EQ(books.TotalBytes(), 0U);
    for (uint32_t port = 0; port < 3; ++port)
    {
        EXPECT_EQ(books.SharedBytes(port), 0U);
        EXPECT_EQ(books.HeadroomUsed(port), 0U);
        EXPECT_FALSE(books.IsXoff(port));
        for (uint32_t egress = 0; egress < 3; ++egress)
        {
            EXPECT_EQ(books.HeldBytes(port, egress), 0U);
        }
    }
}

TEST(BufferAccounting, DynamicXoffIsAlphaTimesTheFreePool)
{
    // The pool is 1 MB less 150 KB of headroom: 850,000 B, alpha 1/2 of what is free.
    BufferAccounting books(3, DynamicLossless());
    EXPECT_EQ(books.XoffThreshold(0), 425000U);
    books.Admit(1, 2, TrafficClass::DATA, 100000);
    EXPECT_EQ(books.XoffThreshold(0), 375000U);
    EXPECT_EQ(books.XoffThreshold(1), 375000U);
    // Port 0 grows until its bytes pass half of what is left: x = (750,000 - x) / 2.
    uint64_t admitted = 0;
    while (books.Admit(0, 2, TrafficClass::DATA, FRAME).verdict == Verdict::ADMITTED)
    {
        admitted += FRAME;
    }
    EXPECT_TRUE(books.IsXoff(0));
    EXPECT_LE(admitted, 250000U);
    EXPECT_GT(admitted + FRAME, (750000 - admitted) / 2);
}

TEST(BufferAccounting, LossyDynamicQueuesDropAboveAlphaTimesFree)
{
    BufferSettings settings = DynamicLossless();
    settings.lossless = false;
    BufferAccounting books(3, settings);
    // Without PFC no headroom is kept: alpha 1/2 of 1 MB free.
    uint64_t admitted = 0;
    while (books.Admit(0, 1, TrafficClass::DATA, 1000).verdict == Verdict::ADMITTED)
    {
        admitted += 1000;
    }
    EXPECT_EQ(admitted, 333000U); // the largest q with q + 1000 <= (1e6 - q) / 2
    EXPECT_EQ(books.GetStats().drops, 1U);
    EXPECT_FALSE(books.IsXoff(0));
    // Another queue still gets alpha of what is left.
    EXPECT_EQ(books.Admit(0, 2, TrafficClass::DATA, 1000).verdict, Verdict::ADMITTED);
}

TEST(BufferAccounting, ControlStaysLossyAndIsNeverPaused)
{
    BufferAccounting books(3, StaticLossless());
    uint64_t admitted = 0;
    while (books.Admit(0, 1, TrafficClass::CONTROL, 64).verdict == Verdict::ADMITTED)
    {
        admitted += 64;
    }
    EXPECT_EQ(admitted, 800000U / 64 * 64);
    EXPECT_FALSE(books.IsXoff(0));
    EXPECT_EQ(books.GetStats().drops, 1U);
}

TEST(BufferAccounting, ARefusedFrameOfAPortThatTrimsTakesItsHeaderIntoControl)
{
    // Lossy, static: each class of a port has 5000 B.
    BufferSettings settings = StaticLossless();
    settings.lossless = false;
    settings.portBytes = 5000;
    BufferAccounting books(3, settings);
    for (uint32_t i = 0; i < 4; ++i)
    {
        ASSERT_EQ(books.Admit(0, 1, TrafficClass::DATA, 1002, 62).verdict, Verdict::ADMITTED);
    }
    // 4008 + 1002 > 5000: the header, 62 B, goes to the control queue, and no drop is counted.
    EXPECT_EQ(books.Admit(0, 1, TrafficClass::DATA, 1002, 62).verdict, Verdict::TRIMMED);
    EXPECT_EQ(books.GetStats().drops, 0U);
    EXPECT_EQ(books.TotalBytes(), 4008U + 62U);
    // The control queue full too (5000 / 62 = 80 headers): the frame is dropped, and counted.
    for (uint32_t i = 1; i < 80; ++i)
    {
        ASSERT_EQ(books.Admit(0, 1, TrafficClass::DATA, 1002, 62).verdict, Verdict::TRIMMED);
    }
    EXPECT_EQ(books.Admit(0, 1, TrafficClass::DATA, 1002, 62).verdict, Verdict::DROPPED);
    EXPECT_EQ(books.GetStats().drops, 1U);
    // A header leaves as a control frame.
    books.Release(0, 1, TrafficClass::CONTROL, 62);
    EXPECT_EQ(books.TotalBytes(), 4008U + 79U * 62U);
}

TEST(BufferAccounting, AHeadroomOverflowOfAPortThatTrimsPausesAndTakesTheHeader)
{
    BufferSettings settings = StaticLossless();
    settings.xoffBytes = 20000;
    BufferAccounting books(3, settings);
    Verdict verdict = Verdict::ADMITTED;
    bool paused = false;
    uint32_t held = 0;
    for (uint32_t i = 0; i < 100 && verdict != Verdict::TRIMMED; ++i)
    {
        const BufferAccounting::Admission admission =
            books.Admit(0, 2, TrafficClass::DATA, FRAME, 64);
        verdict = admission.verdict;
        paused = paused || admission.pause;
        held += verdict == Verdict::TRIMMED ? 0 : FRAME;
    }
    ASSERT_EQ(verdict, Verdict::TRIMMED) << "the headroom overflows";
    EXPECT_TRUE(paused);
    EXPECT_TRUE(books.IsXoff(0));
    EXPECT_EQ(books.GetStats().overflows, 0U);
    EXPECT_EQ(books.HeldBytes(0, 2), held) << "the header is not the ingress port's";
    EXPECT_EQ(books.TotalBytes(), held + 64U);
}

TEST(BufferSettings, RefusesSettingsThatCannotWork)
{
    EXPECT_EQ(Refusal(StaticLossless()), "");
    EXPECT_EQ(Refusal(DynamicLossless()), "");

    BufferSettings xon = StaticLossless();
    xon.xoffBytes = 100000;
    xon.xonBytes = 100000;
    EXPECT_NE(Refusal(xon).find("XON threshold (100000 B) must lie below its XOFF"),
              std::string::npos)
        << Refusal(xon);

    BufferSettings thin = StaticLossless();
    thin.headroomBytes = {HEADROOM, 9001, HEADROOM};
    EXPECT_NE(Refusal(thin).find("headroom of 9001 B is below one frame (9002 B)"),
              std::string::npos)
        << Refusal(thin);

    BufferSettings small = StaticLossless();
    small.portBytes = HEADROOM;
    EXPECT_NE(Refusal(small).find("smaller than its PFC headroom"), std::string::npos);

    BufferSettings shared = DynamicLossless();
    shared.bufferBytes = 150000;
    EXPECT_NE(Refusal(shared).find("switch buffer of 150000 B is smaller than its ports' PFC "
                                   "headroom of 150000 B"),
              std::string::npos)
        << Refusal(shared);

    BufferSettings alpha = DynamicLossless();
    alpha.alpha = 0;
    EXPECT_NE(Refusal(alpha).find("alpha must be positive"), std::string::npos);
    alpha.alpha = -0.5;
    EXPECT_NE(Refusal(alpha).find("alpha must be positive"), std::string::npos);

    BufferSettings xoff = StaticLossless();
    xoff.xoffBytes = 760000;
    EXPECT_NE(Refusal(xoff).find("XOFF threshold (760000 B) is above"), std::string::npos);
}

TEST(FindCycle, FindsNoneInAnAcyclicGraph)
{
    EXPECT_TRUE(FindCycle({}).empty());
    EXPECT_TRUE(FindCycle({{1, 2}, {2}, {}}).empty());
    // Up-down paths of a fat tree: edges point up, then down, never back.
    EXPECT_TRUE(FindCycle({{2, 3}, {2, 3}, {4}, {4}, {}}).empty());
}

TEST(FindCycle, FindsACycleAndStartsItAtItsSmallestVertex)
{
    EXPECT_EQ(FindCycle({{0}}), std::vector<uint32_t>({0}));
    // 0 -> 1 -> 4 -> 3 -> 1: the cycle is 1 4 3.
    EXPECT_EQ(FindCycle({{1}, {4}, {}, {1}, {3}}), std::vector<uint32_t>({1, 4, 3}));
    // A ring of three switches' ports, each paused by the next.
    EXPECT_EQ(FindCycle({{}, {}, {5}, {}, {}, {7}, {}, {2}}), std::vector<uint32_t>({2, 5, 7}));
}
