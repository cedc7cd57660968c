/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_TEST_BALANCED_WINDOWS_H
#define FABRIC_LB_TEST_BALANCED_WINDOWS_H

#include <cstdint>
#include <gtest/gtest.h>
#include <vector>

/// Checks that every window of \p window consecutive picks holds each of \p n ports
/// floor(window/n) or ceil(window/n) times.
inline void
ExpectBalancedWindows(const std::vector<uint32_t>& picks, uint32_t n, uint32_t window)
{
    const uint32_t low = window / n;
    const uint32_t high = (window + n - 1) / n;
    for (size_t start = 0; start + window <= picks.size(); ++start)
    {
        std::vector<uint32_t> count(n, 0);
        for (size_t i = start; i < start + window; ++i)
        {
            ASSERT_LT(picks[i], n);
            ++count[picks[i]];
        }
        for (uint32_t p = 0; p < n; ++p)
        {
            ASSERT_GE(count[p], low) << "window " << window << " at " << start << " port " << p;
            ASSERT_LE(count[p], high) << "window " << window << " at " << start << " port " << p;
        }
    }
}

#endif /* FABRIC_LB_TEST_BALANCED_WINDOWS_H */
