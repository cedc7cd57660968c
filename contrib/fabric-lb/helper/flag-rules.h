/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_FLAG_RULES_H
#define FABRIC_LB_FLAG_RULES_H

#include "experiment-config.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup fabric-lb
 * \brief The driver's flags that act only in some configurations (PFC's thresholds need
 * --pfc, --load needs --background, --group a ring workload, ...): a flag given where it does
 * nothing is refused, as another fabric's flag is, rather than silently ignored.
 */
class FlagRules
{
  public:
    /// Whether a flag was given, by its name without dashes.
    using Given = std::function<bool(const std::string&)>;

    /**
     * \param given whether each flag was given
     * \param config what the flags and attribute defaults make the run
     * \return why a given flag does nothing here ("--xoffBytes does nothing without --pfc"),
     * or nothing if each acts
     */
    static std::optional<std::string> FindIdleFlag(const Given& given,
                                                   const ExperimentConfig& config);

  private:
    /// Flags that act only where a condition holds.
    struct Rule
    {
        std::vector<std::string> flags;                    //!< the flags, without dashes
        std::function<bool(const ExperimentConfig&)> acts; //!< whether they act
        std::string where; //!< where they do nothing: "without --pfc"
    };

    /// \return the rules, the workloads' parameters' apart
    static const std::vector<Rule>& Rules();
};

} // namespace ns3

#endif /* FABRIC_LB_FLAG_RULES_H */
